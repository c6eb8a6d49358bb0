/**
 * The chat beside a game (docs/social.md#chat), a chunk of its own that the game page fetches when it shows
 * (web/src/lazy-page.tsx), so the first load carries none of it. A seated player has the players' room, and once
 * the game is over a second tab for the spectators'; everyone else has the spectators' room. Each room is read a
 * page at a time (`gameChat`) and followed live (`chatMessages` over the page's one graphql-ws socket), and read
 * again whenever the socket comes back, since pushes made while it was down are not replayed. Messages are shown
 * as text — never as HTML, and links are not made clickable — quick phrases in the reader's own language. Beside
 * them: Mute, a Report on each message of someone else, and one's private note on the game.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request, subscribe, watchSocket } from '../api';
import { ErrorBox } from '../error-box';
import type { ChatRoom } from '../generated/graphql';
import { formatDateTime, locale } from '../i18n';
import type { Me } from '../me';
import { PlayerLink } from '../players/player-link';
import { useLanguage } from '../use-language';
import { chatFailureText } from './chat-errors';
import { mergeLines, roomsFor, type ChatLine } from './chat-lines';
import { Composer } from './composer';
import { Notes } from './notes';
import { CHAT } from './operations';
import { ReportForm } from './report-form';
import { strings } from './strings';
import './chat.css';

/** How many messages one read asks for (the API's default page). */
const PAGE = 50;

export interface ChatPanelProps {
  readonly gameId: string;
  readonly me: Me;
  /** I sit at the game. */
  readonly seated: boolean;
  /** The game is over (FINISHED or ABORTED): the players read the spectators' room too. */
  readonly over: boolean;
  /** A rated game: OUTSIDE_HELP may be reported. */
  readonly rated: boolean;
}

/** One room as the panel holds it. */
interface RoomState {
  readonly lines: readonly ChatLine[];
  readonly loaded: boolean;
  /** The last read was a full page: there may be older messages. */
  readonly more: boolean;
  readonly failure: ApiFailure | null;
}

const EMPTY_ROOM: RoomState = { lines: [], loaded: false, more: false, failure: null };

type Rooms = Readonly<Partial<Record<ChatRoom, RoomState>>>;

export function ChatPanel({ gameId, me, seated, over, rated }: ChatPanelProps) {
  useLanguage();
  const S = strings();
  const rooms = roomsFor(seated, over);
  const roomsKey = rooms.join(',');
  const [active, setActive] = useState<ChatRoom>(rooms[0]!);
  const shown: ChatRoom = rooms.includes(active) ? active : rooms[0]!;
  const [state, setState] = useState<Rooms>({});
  /** null until the first read says. */
  const [muted, setMuted] = useState<boolean | null>(null);
  const [liveFailure, setLiveFailure] = useState<ApiFailure | null>(null);
  const [muteFailure, setMuteFailure] = useState<ApiFailure | null>(null);
  const [muting, setMuting] = useState(false);
  /** Messages a moderator hid while this page was open: a read that left before may still answer them. */
  const hiddenIds = useRef(new Set<string>());

  const update = (room: ChatRoom, change: (before: RoomState) => RoomState) =>
    setState((before) => ({ ...before, [room]: change(before[room] ?? EMPTY_ROOM) }));

  const addLines = (room: ChatRoom, lines: readonly ChatLine[]) =>
    update(room, (before) => ({ ...before, lines: mergeLines(before.lines, lines, hiddenIds.current) }));

  /** Reads the newest page of a room (or the page before `before`) into what is shown. */
  const read = (room: ChatRoom, before: string | null = null): Promise<void> =>
    request(CHAT, 'ChatRoomRead', { gameId, room, before, last: PAGE })
      .then(({ gameChat }) => {
        setMuted(gameChat.muted);
        update(room, (was) => ({
          lines: gameChat.muted ? [] : mergeLines(was.lines, gameChat.messages, hiddenIds.current),
          loaded: true,
          // Only a read of the oldest end says whether there is more before it.
          more: before === null && was.loaded ? was.more : gameChat.messages.length === PAGE,
          failure: null,
        }));
      })
      .catch((failure: unknown) =>
        update(room, (was) => ({ ...was, loaded: true, failure: asFailure(failure) })),
      );

  const latestRead = useRef(read);
  latestRead.current = read;

  useEffect(() => {
    const readAll = () => {
      for (const room of rooms) void latestRead.current(room);
    };
    readAll();
    const unsubscribe = subscribe(
      CHAT,
      'ChatPushed',
      { gameId },
      ({ chatMessages: line }) => {
        setLiveFailure(null);
        if (line.hidden) {
          hiddenIds.current.add(line.id);
          update(line.room, (before) => ({
            ...before,
            lines: before.lines.filter((shownLine) => shownLine.id !== line.id),
          }));
        } else if (rooms.includes(line.room)) addLines(line.room, [line]);
      },
      (failure) => setLiveFailure(asFailure(failure)),
    );
    // Each (re)connection reads the rooms again: what was pushed while the socket was down is not replayed.
    const unwatch = watchSocket(readAll, () => undefined);
    return () => {
      unsubscribe();
      unwatch();
    };
  }, [gameId, roomsKey]);

  const toggleMute = () => {
    const next = !(muted ?? false);
    setMuting(true);
    setMuteFailure(null);
    request(CHAT, 'ChatMute', { gameId, muted: next })
      .then(({ muteGameChat }) => {
        setMuted(muteGameChat);
        if (muteGameChat) setState({});
        else for (const room of rooms) void read(room);
      })
      .catch((failure: unknown) => setMuteFailure(asFailure(failure)))
      .finally(() => setMuting(false));
  };

  const room = state[shown] ?? EMPTY_ROOM;
  return (
    <section
      class="chat"
      data-testid="chat"
      data-room={shown}
      data-loaded={String(room.loaded)}
      data-muted={String(muted === true)}
      aria-labelledby="chat-heading"
    >
      <header class="chat-head">
        <h2 id="chat-heading">{S.heading}</h2>
        {muted !== null && (
          <button
            type="button"
            class="secondary chat-mute"
            data-testid="chat-mute"
            disabled={muting}
            onClick={toggleMute}
          >
            {muted ? S.unmute : S.mute}
          </button>
        )}
      </header>
      {muteFailure !== null && <ErrorBox error={muteFailure} />}
      {rooms.length > 1 && <RoomTabs rooms={rooms} shown={shown} onChoose={setActive} />}
      <div
        class="chat-room"
        {...(rooms.length > 1
          ? { role: 'tabpanel', id: `chat-room-${shown}`, 'aria-labelledby': `chat-tab-${shown}` }
          : {})}
      >
        {muted === true ? (
          <p class="hint" data-testid="chat-muted">
            {S.muted}
          </p>
        ) : (
          <RoomView
            key={shown}
            gameId={gameId}
            me={me}
            room={shown}
            state={room}
            rated={rated}
            writable={shown === 'PLAYERS' ? seated : !seated || over}
            spectatorsHint={!seated && !over}
            onLines={(lines) => addLines(shown, lines)}
            onEarlier={(before) => read(shown, before)}
          />
        )}
        {liveFailure !== null && <ErrorBox error={liveFailure} text={chatFailureText(liveFailure)} />}
      </div>
      <Notes gameId={gameId} />
    </section>
  );
}

/** The rooms as tabs (WAI-ARIA tabs: the arrow keys, Home and End move between them). */
function RoomTabs({
  rooms,
  shown,
  onChoose,
}: {
  rooms: readonly ChatRoom[];
  shown: ChatRoom;
  onChoose: (room: ChatRoom) => void;
}) {
  const S = strings();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const at = rooms.indexOf(shown);
    const next =
      event.key === 'ArrowRight'
        ? rooms[(at + 1) % rooms.length]
        : event.key === 'ArrowLeft'
          ? rooms[(at - 1 + rooms.length) % rooms.length]
          : event.key === 'Home'
            ? rooms[0]
            : event.key === 'End'
              ? rooms.at(-1)
              : undefined;
    if (next === undefined) return;
    event.preventDefault();
    onChoose(next);
    list.current?.querySelector<HTMLElement>(`#chat-tab-${next}`)?.focus();
  };
  return (
    <div class="chat-tabs" role="tablist" aria-label={S.roomTabs} ref={list} onKeyDown={onKeyDown}>
      {rooms.map((room) => (
        <button
          key={room}
          type="button"
          role="tab"
          id={`chat-tab-${room}`}
          data-testid={`chat-tab-${room}`}
          aria-selected={room === shown ? 'true' : 'false'}
          aria-controls={room === shown ? `chat-room-${room}` : undefined}
          tabIndex={room === shown ? 0 : -1}
          onClick={() => onChoose(room)}
        >
          {S.room[room]}
        </button>
      ))}
    </div>
  );
}

/** A message's time: the hour alone today, with the date before. */
function timeOf(iso: string): string {
  const at = new Date(iso);
  if (at.toDateString() !== new Date().toDateString()) return formatDateTime(iso);
  return new Intl.DateTimeFormat(locale(), { timeStyle: 'short' }).format(at);
}

/** One room: its messages (a polite live log), and what I may write to it. */
function RoomView({
  gameId,
  me,
  room,
  state,
  rated,
  writable,
  spectatorsHint,
  onLines,
  onEarlier,
}: {
  gameId: string;
  me: Me;
  room: ChatRoom;
  state: RoomState;
  rated: boolean;
  writable: boolean;
  spectatorsHint: boolean;
  onLines: (lines: readonly ChatLine[]) => void;
  onEarlier: (before: string) => Promise<void>;
}) {
  const S = strings();
  /** The message whose report is being written (its form goes under the log, not inside the live region). */
  const [reporting, setReporting] = useState<ChatLine | null>(null);
  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const log = useRef<HTMLDivElement>(null);
  /** The reader is at the newest message: a new one keeps the log scrolled to it. */
  const atEnd = useRef(true);
  const newest = state.lines.at(-1)?.id ?? null;
  useLayoutEffect(() => {
    const element = log.current;
    if (element !== null && atEnd.current) element.scrollTop = element.scrollHeight;
  }, [newest]);

  const earlier = () => {
    const first = state.lines[0];
    if (first === undefined) return;
    setLoadingEarlier(true);
    void onEarlier(first.id).finally(() => setLoadingEarlier(false));
  };

  return (
    <>
      {spectatorsHint && <p class="hint">{S.spectatorsHint}</p>}
      {state.more && state.lines.length > 0 && (
        <button
          type="button"
          class="link chat-earlier"
          data-testid="chat-earlier"
          disabled={loadingEarlier}
          onClick={earlier}
        >
          {S.earlier}
        </button>
      )}
      {/* Scrolls by itself, so it takes the keyboard's focus too (the arrow keys scroll it). */}
      <div
        class="chat-log"
        role="log"
        aria-live="polite"
        aria-label={S.roomLog[room]}
        aria-busy={state.loaded ? 'false' : 'true'}
        tabIndex={0}
        data-testid="chat-log"
        data-room={room}
        ref={log}
        onScroll={(event) => {
          const element = event.currentTarget;
          atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 24;
        }}
      >
        {!state.loaded ? (
          <p class="muted">{S.loading}</p>
        ) : state.lines.length === 0 ? (
          <p class="muted" data-testid="chat-empty">
            {S.empty}
          </p>
        ) : (
          state.lines.map((line) => (
            <div
              key={line.id}
              class="chat-line"
              data-testid="chat-message"
              data-id={line.id}
              data-author={line.author}
              data-phrase={line.phrase ?? ''}
            >
              {/* The author's name opens their player page (where one may follow or block them). */}
              <span class="chat-author">
                <PlayerLink username={line.author} />
              </span>{' '}
              <time class="chat-time" dateTime={line.createdAt}>
                {timeOf(line.createdAt)}
              </time>
              {/* Text, never HTML: Preact writes it as a text node, so markup and links stay as typed. */}
              <span class="chat-text" data-testid="chat-text">
                {line.phrase !== null ? S.phrase[line.phrase] : (line.text ?? '')}
              </span>
              {line.author !== me.username &&
                (reported.has(line.id) ? (
                  <span class="chat-reported hint" role="status" data-testid="chat-reported">
                    {S.reported}
                  </span>
                ) : (
                  <button
                    type="button"
                    class="link chat-report"
                    data-testid="chat-report"
                    aria-label={S.reportOf(line.author)}
                    aria-expanded={reporting?.id === line.id ? 'true' : 'false'}
                    onClick={() => setReporting(reporting?.id === line.id ? null : line)}
                  >
                    {S.report}
                  </button>
                ))}
            </div>
          ))
        )}
      </div>
      {reporting !== null && (
        <ReportForm
          key={reporting.id}
          line={reporting}
          rated={rated}
          onDone={() => {
            setReported((before) => new Set([...before, reporting.id]));
            setReporting(null);
            // The keyboard goes back to the log, where "Reported" now stands for the message.
            log.current?.focus();
          }}
          onCancel={() => {
            const id = reporting.id;
            setReporting(null);
            log.current?.querySelector<HTMLElement>(`[data-id="${id}"] [data-testid="chat-report"]`)?.focus();
          }}
        />
      )}
      {state.failure !== null && <ErrorBox error={state.failure} text={chatFailureText(state.failure)} />}
      {writable && state.failure === null && (
        <Composer gameId={gameId} room={room} guest={me.isGuest} onSent={(line) => onLines([line])} />
      )}
    </>
  );
}
