/**
 * A game's page: the waiting room, the table while it is played, the finished game (replay) once it is over.
 * The table follows the game live (live-game.ts) and sends moves with `makeMove` (docs/api/games-and-moves.md#makemove): a move is chosen
 * by a source then a target, by click, drag or keyboard, checked against `legalMoves` for highlighting only —
 * the server decides, and a refusal is shown in the reader's language (refusal.tsx). Moves land with the card
 * flying to its place (motion.tsx), the opponents' are read out in a live region, and the table's settings
 * (sounds, confirm move, the shortcut list) sit beside the board.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { Board, type BoardHighlight, type BoardPlay } from '../board/board';
import { strings as boardStrings } from '../board/strings';
import { cardName } from '../cards/card';
import { isRank, plainCard, type Rank } from '../cards/notation';
import { newClientSeed, sendKeepingDeal } from '../client-seed';
import { ErrorBox } from '../error-box';
import { formatDateTime } from '../i18n';
import { lazyPage } from '../lazy-page';
import { Link } from '../router';
import { pref, usePref } from '../prefs';
import { strings as shared } from '../strings';
import { useLanguage } from '../use-language';
import type { Me } from '../me';
import { FinishedGame } from '../replay/finished-game';
import { MoveHistory } from '../replay/move-history';
import { Countdown } from './countdown';
import { GameLink } from './game-link';
import { ConfirmDialog, DeclareDialog } from './dialogs';
import { TABLE, useLiveGame, type LiveGame, type TableGame } from './live-game';
import { MoveMotion } from './motion';
import { legalTargets, movesBetween, newClientMoveId, passEndsGame, splitMove } from './moves';
import { Refusal } from './refusal';
import { ShortcutsDialog } from './shortcuts';
import { playSound, unlockSound } from './sounds';
import { strings } from './strings';
import { TableSettings } from './table-settings';
import './table.css';

// The chat (web/src/chat/) is a chunk of its own, fetched when a game's page shows: the first load carries none of it.
const ChatPanel = lazyPage(() => import('../chat/chat-panel').then((module) => module.ChatPanel));

/** The game's chat for me: which rooms I have depends on my seat and on whether the game is over. */
function GameChat({ game, me }: { game: TableGame; me: Me }) {
  const over = game.status === 'FINISHED' || game.status === 'ABORTED';
  return <ChatPanel gameId={game.id} me={me} seated={game.mySeat !== null} over={over} rated={game.rated} />;
}

export function GamePage({ id, me }: { id: string; me: Me }) {
  useLanguage();
  const S = strings();
  const live = useLiveGame(id);
  const { game } = live;
  if (game === undefined) {
    return live.failure !== null ? <ErrorBox error={live.failure} /> : <p class="muted">{S.loading}</p>;
  }
  if (game === null) return <p data-testid="no-game">{S.noGame}</p>;
  return (
    <>
      {game.tournament !== null && game.tournament !== undefined ? (
        <p class="game-tournament" data-testid="game-tournament">
          <Link to={{ page: 'tournament', id: game.tournament.id }}>
            {S.tournamentRound(game.tournament.round, game.tournament.name)}
          </Link>
        </p>
      ) : null}
      <GameByStatus game={game} id={id} me={me} live={live} />
    </>
  );
}

/** The page under its header: what a game in its state shows. */
function GameByStatus({ game, id, me, live }: { game: TableGame; id: string; me: Me; live: LiveGame }) {
  switch (game.status) {
    case 'FINISHED':
    case 'ABORTED':
      return (
        <>
          <GameOver game={game} />
          <FinishedGame id={id} me={me} />
          <GameChat game={game} me={me} />
        </>
      );
    case 'WAITING':
      return (
        <>
          <WaitingRoom game={game} onGame={live.apply} />
          <GameChat game={game} me={me} />
        </>
      );
    case 'ACTIVE':
      // One table per game: what it holds (a selection, the announcements) belongs to that game.
      return (
        <Table
          key={game.id}
          game={game}
          onGame={live.apply}
          reload={live.reload}
          offline={live.offline}
          side={<GameChat game={game} me={me} />}
        />
      );
    default: {
      const never: never = game.status;
      return never;
    }
  }
}

/** One line on how the game ended (the finished-game page says the rest). */
function GameOver({ game }: { game: TableGame }) {
  const S = strings();
  return (
    <p class="game-over" data-testid="game-over" data-reason={game.result?.reason ?? game.status}>
      <strong>{S.gameOver}</strong>
      {game.result !== null ? `: ${S.endReason[game.result.reason]}` : ` — ${S.aborted}`}
    </p>
  );
}

/**
 * A game waiting for players (docs/web.md, "The waiting room"): who sits and how many seats are taken (live, from
 * the game's pushes); for a seated player the game's link to share; for anyone else while a seat is free, a Join
 * button that takes it with this page's own client seed, drawn and sent only after the commitment is shown here
 * (docs/fairness.md).
 */
function WaitingRoom({ game, onGame }: { game: TableGame; onGame: (game: TableGame) => void }) {
  const S = strings();
  const [dealing, setDealing] = useState(false);
  const [joining, setJoining] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  // Held for my seed (createGame awaitClientSeed): every seat taken, and I created it (seat 0). The new-game page
  // deals it at once; this is for a page closed in between.
  const heldForMe = game.awaitClientSeed && game.players.length === game.seats && game.mySeat === 0;
  const deal = (): void => {
    setDealing(true);
    const clientSeed = newClientSeed();
    sendKeepingDeal(game.id, game.seedCommitment, clientSeed, () =>
      request(TABLE, 'TableDeal', { gameId: game.id, clientSeed }),
    )
      .then((data) => onGame(data.setClientSeed))
      .catch((error: unknown) => setFailure(asFailure(error)))
      .finally(() => setDealing(false));
  };
  const seated = game.mySeat !== null;
  const free = game.seats - game.players.length;
  const join = (): void => {
    setJoining(true);
    setFailure(null);
    // Drawn now, after the commitment this page shows: GIVEN_AFTER_COMMITMENT (docs/api/games-and-moves.md#joingame).
    const clientSeed = newClientSeed();
    // Kept for Verify: the commitment shown above the button, and the seed sent (client-seed.ts).
    sendKeepingDeal(game.id, game.seedCommitment, clientSeed, () =>
      request(TABLE, 'TableJoin', { gameId: game.id, clientSeed }),
    )
      .then((data) => onGame(data.joinGame))
      .catch((error: unknown) => setFailure(asFailure(error)))
      .finally(() => setJoining(false));
  };
  // undefined while asking; null for an open game (or an invitation that is not ours to see).
  const [invited, setInvited] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    request(TABLE, 'TableInvitation', { id: game.id })
      .then((data) =>
        setInvited(data.challenge?.state === 'PENDING' ? data.challenge.invited.username : null),
      )
      .catch(() => setInvited(null));
  }, [game.id]);
  return (
    <section
      class="waiting"
      data-testid="table"
      data-version={game.version}
      data-status={game.status}
      data-my-turn="false"
    >
      <h2>{S.waiting}</h2>
      {!heldForMe && (
        <p data-testid="awaited" aria-busy={invited === undefined ? 'true' : 'false'}>
          {invited === undefined
            ? S.loading
            : invited !== null
              ? S.waitingFor(invited)
              : game.invitation
                ? S.waitingInvited
                : S.waitingOpen(game.seats - game.players.length)}
        </p>
      )}
      <p data-testid="seats-filled" data-filled={game.players.length} data-seats={game.seats}>
        {S.seatsFilled(game.players.length, game.seats)}
      </p>
      <ul data-testid="waiting-players">
        {game.players.map((player) => (
          <li key={player.id}>
            {player.player.username}
            {player.player.awayUntil !== null && (
              <span class="muted" data-testid="away" data-away-until={player.player.awayUntil}>
                {' '}
                — {shared().onVacationUntil(formatDateTime(player.player.awayUntil))}
              </span>
            )}
          </li>
        ))}
      </ul>
      {game.dealChosen && <p class="hint">{S.dealChosen}</p>}
      <p class="hint">
        {S.seedCommitment}: <code data-testid="seed-commitment">{game.seedCommitment}</code>
      </p>
      {seated && free > 0 && invited === null && <GameLink gameId={game.id} />}
      {/* A visitor who does not sit may join an open game, or an invitation shown to them (challenge(id) answers
          only its challenger and its invited player, docs/api/challenges-and-seeks.md#challenge); an invitation to someone else is only said. */}
      {!seated && free > 0 && invited !== undefined && (invited !== null || !game.invitation) && (
        <p class="join" data-testid="join-box">
          <span class="hint">{S.joinHint}</span>{' '}
          <button type="button" data-testid="join-game" disabled={joining} onClick={join}>
            {joining ? S.joining : S.join}
          </button>
        </p>
      )}
      {!seated && free > 0 && invited === null && game.invitation && (
        <p class="hint" data-testid="invitation-for-other">
          {S.invitationForOther}
        </p>
      )}
      {heldForMe && (
        <p>
          {S.heldForSeed}{' '}
          <button type="button" data-testid="deal" disabled={dealing} onClick={deal}>
            {S.dealNow}
          </button>
        </p>
      )}
      {failure !== null && <ErrorBox error={failure} />}
    </section>
  );
}

/** A move waiting for the rank its wild card declares. */
interface Declaring {
  readonly moves: readonly string[];
  readonly ranks: readonly Rank[];
}

type Confirming = 'pass' | 'resign';

/** Attempts per move on a lost connection: the same clientMoveId each time, so it is applied at most once. */
const SEND_ATTEMPTS = 3;

/** The announcements kept in the live region: the opponents' moves since mine, the latest few. */
const ANNOUNCEMENTS_KEPT = 6;

type LastMove = NonNullable<TableGame['lastMove']>;

function Table({
  game,
  onGame,
  reload,
  offline,
  side,
}: {
  game: TableGame;
  onGame: (game: TableGame) => void;
  reload: () => void;
  offline: boolean;
  /** What goes in the side column under the move history (the chat). */
  side?: ComponentChildren;
}) {
  const S = strings();
  const [selected, setSelected] = useState<string | null>(null);
  const [declaring, setDeclaring] = useState<Declaring | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  /** A chosen move waiting for Confirm, with "confirm move" on. */
  const [pendingMove, setPendingMove] = useState<string | null>(null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const [refusal, setRefusal] = useState<ApiFailure | null>(null);
  const [sending, setSending] = useState(false);
  const [announcements, setAnnouncements] = useState<readonly { seq: number; text: string }[]>([]);
  const confirmMoves = usePref('confirmMove');
  const myTurn = game.isMyTurn;
  const passEnds = passEndsGame({
    view: game.view,
    legalMoves: game.legalMoves,
    blockedWhen: game.options.blockedWhen,
  });
  const passQuestion = passEnds ? S.confirmPassEnds : S.confirmPass;
  const names = useMemo(() => {
    const byseat: string[] = [];
    for (const player of game.players) byseat[player.seat] = player.player.username;
    return byseat;
  }, [game.players]);
  const awayUntil = useMemo(() => {
    const byseat: (string | null)[] = [];
    for (const player of game.players) byseat[player.seat] = player.player.awayUntil;
    return byseat;
  }, [game.players]);

  const tableElement = useRef<HTMLElement>(null);
  const shownVersion = useRef<number | null>(null);
  /** The keyboard back on the board: its tab stop (the place last focused, or the first), else the table. */
  const focusBoard = () => {
    const table = tableElement.current;
    const stop = table?.querySelector<HTMLElement>('[data-testid="board"] [data-nav][tabindex="0"]');
    (stop ?? table)?.focus({ preventScroll: true });
  };
  // A new version is a new position: what was chosen for the old one no longer applies. When the focused button
  // went with it (the card just played), the keyboard stays on the board instead of falling back to the page top.
  useEffect(() => {
    setSelected(null);
    setDeclaring(null);
    setPendingMove(null);
    if (
      shownVersion.current !== null &&
      (document.activeElement === null || document.activeElement === document.body)
    ) {
      focusBoard();
    }
    shownVersion.current = game.version;
  }, [game.version]);

  // Each move as it lands: an opponent's read out (aria-live) and, with sounds on, a tick; my turn, a chime. Not
  // the move the page opened on: the last-move line shows it.
  const lastSeq = game.lastMove?.seq ?? null;
  const openedOn = useRef(lastSeq);
  useEffect(() => {
    const move = game.lastMove;
    if (move === null || move.seq === openedOn.current) return;
    if (move.seat === game.mySeat) setAnnouncements([]);
    else {
      const text = announce(move, names[move.seat] ?? boardStrings().seat(move.seat));
      if (text !== null)
        setAnnouncements((before) => [...before, { seq: move.seq, text }].slice(-ANNOUNCEMENTS_KEPT));
    }
    if (pref('sound') && (move.type === 'PLAYED' || move.type === 'DISCARDED')) playSound('cardPlayed');
    // Only a new move is announced; the names are read as they are then.
  }, [lastSeq]);
  const wasMyTurn = useRef(myTurn);
  useEffect(() => {
    if (myTurn && !wasMyTurn.current && pref('sound')) playSound('yourTurn');
    wasMyTurn.current = myTurn;
  }, [myTurn]);

  // Escape undoes the latest step: a dialog, the table's open menus, the selection. `?` lists the shortcuts.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The reader's own key press lets the sounds play, if they are on (sounds.ts).
      if (pref('sound')) unlockSound();
      if (event.key === 'Escape') {
        // Out of a dialog that closes now, the keyboard goes back to the board rather than to the page top.
        if (document.activeElement?.closest('[role="dialog"], [role="alertdialog"]')) focusBoard();
        setSelected(null);
        setDeclaring(null);
        setConfirming(null);
        setPendingMove(null);
        setShowShortcuts(false);
        for (const menu of tableElement.current?.querySelectorAll('details[open]') ?? []) {
          if (!(menu instanceof HTMLDetailsElement)) continue;
          const hadFocus = menu.contains(document.activeElement);
          menu.open = false;
          if (hadFocus) menu.querySelector('summary')?.focus();
        }
        return;
      }
      const target = event.target;
      const typing =
        target instanceof HTMLElement &&
        (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (event.key === '?' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        setShowShortcuts(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const send = async (move: string) => {
    setSelected(null);
    setDeclaring(null);
    setPendingMove(null);
    setRefusal(null);
    setSending(true);
    const clientMoveId = newClientMoveId();
    try {
      for (let attempt = 1; ; attempt++) {
        try {
          const data = await request(TABLE, 'TableMove', {
            id: game.id,
            move,
            expectedVersion: game.version,
            clientMoveId,
          });
          onGame(data.makeMove.game);
          return;
        } catch (error) {
          const failure = asFailure(error);
          if (failure.code !== 'NETWORK' || attempt >= SEND_ATTEMPTS) throw failure;
        }
      }
    } catch (error) {
      const failure = asFailure(error);
      setRefusal(failure);
      if (failure.code === 'VERSION_CONFLICT' || failure.code === 'GAME_NOT_ACTIVE') reload();
    } finally {
      setSending(false);
    }
  };

  const resign = async () => {
    setConfirming(null);
    setRefusal(null);
    try {
      onGame((await request(TABLE, 'TableResign', { id: game.id })).resign);
    } catch (error) {
      setRefusal(asFailure(error));
    }
  };

  /** A move chosen: sent, or with "confirm move" on, described and sent once confirmed. */
  const submit = (move: string) => {
    setDeclaring(null);
    if (confirmMoves) setPendingMove(move);
    else void send(move);
  };

  /** A source and a target chosen: the move, after asking the rank when several declarations are legal. */
  const choose = (source: string, target: string) => {
    const candidates = movesBetween(game.legalMoves, source, target);
    const ranks = candidates
      .map((move) => splitMove(move)?.declared ?? null)
      .filter((rank): rank is Rank => rank !== null && isRank(rank));
    if (ranks.length > 1) {
      setSelected(source);
      setDeclaring({ moves: candidates, ranks });
      return;
    }
    // Not a legal move: sent anyway, so the server says why not (in the reader's language).
    submit(candidates[0] ?? `${source}-${target}`);
  };

  const play: BoardPlay | undefined = myTurn
    ? {
        selected,
        legalTargets: legalTargets(game.legalMoves, selected),
        newPileTarget: game.view.centerPiles.length < game.view.maxCenterPiles,
        onSource: (source) => {
          setRefusal(null);
          setSelected((current) => (current === source ? null : source));
        },
        onTarget: (target) => {
          if (selected !== null) choose(selected, target);
        },
        onDrop: (source, target) => {
          setSelected(source);
          choose(source, target);
        },
      }
    : undefined;

  const highlight = highlightOf(game);
  const mover = game.currentSeat === null ? '' : (names[game.currentSeat] ?? '');
  return (
    <div class="table-page">
      <section
        class="table"
        data-testid="table"
        data-version={game.version}
        data-status={game.status}
        data-my-turn={String(myTurn)}
        aria-busy={sending ? 'true' : 'false'}
        tabIndex={-1}
        ref={tableElement}
        onPointerDown={() => {
          // The reader's own click lets the sounds play, if they are on (sounds.ts).
          if (pref('sound')) unlockSound();
        }}
      >
        <header class="table-head">
          <p class={`turn${myTurn ? ' my-turn' : ''}`} data-testid="turn" aria-live="polite">
            {myTurn ? S.yourTurn : S.toMove(mover)}
          </p>
          <Countdown deadline={game.deadline} />
          {offline && <span class="muted">{S.offline}</span>}
          {sending && <span class="muted">{S.sending}</span>}
          <TableSettings onShortcuts={() => setShowShortcuts(true)} />
        </header>
        {game.lastMove !== null && game.lastMove.seat !== game.mySeat && game.lastMove.move !== null && (
          <p class="last-move muted" data-testid="last-move">
            {S.lastMove(names[game.lastMove.seat] ?? '', describeMove(game.lastMove.move))}
          </p>
        )}
        {/* The opponents' moves since mine, read out as they land (the line above shows the last one). */}
        <div class="visually-hidden" aria-live="polite" data-testid="announcer">
          {announcements.map(({ seq, text }) => (
            <p key={seq}>{text}</p>
          ))}
        </div>
        {myTurn && game.forcedPlays.length > 0 && (
          <div class="forced" data-testid="forced" role="status">
            <strong>{S.forced}:</strong>{' '}
            {game.forcedPlays.map((forced) => (
              <span key={forced.move} data-move={forced.move} data-reason={forced.reason}>
                {describeMove(forced.move)} — {S.forcedReason[forced.reason]}.{' '}
              </span>
            ))}
          </div>
        )}
        {refusal !== null && <Refusal failure={refusal} />}
        <MoveMotion last={game.lastMove}>
          <Board
            view={game.view}
            mySeat={game.mySeat}
            names={names}
            awayUntil={awayUntil}
            play={play}
            highlight={highlight}
          />
        </MoveMotion>
        {myTurn && (
          <p class="hint" aria-live="polite" data-testid="selection">
            {selected === null ? S.selectHint : S.selected(describeSource(selected))}
          </p>
        )}
        <div class="table-actions">
          {myTurn && game.legalMoves.includes('pass') && (
            <button type="button" data-testid="pass" onClick={() => setConfirming('pass')}>
              {S.pass}
            </button>
          )}
          {game.mySeat !== null && (
            <button
              type="button"
              class="secondary"
              data-testid="resign"
              onClick={() => setConfirming('resign')}
            >
              {S.resign}
            </button>
          )}
        </div>
        {declaring !== null && (
          <DeclareDialog
            ranks={declaring.ranks}
            onChoose={(rank) => {
              const move = declaring.moves.find((candidate) => splitMove(candidate)?.declared === rank);
              if (move !== undefined) submit(move);
            }}
            onCancel={() => {
              setDeclaring(null);
              focusBoard();
            }}
          />
        )}
        {pendingMove !== null && (
          <ConfirmDialog
            testId="confirm-move"
            question={confirmQuestion(game, pendingMove)}
            yes={S.confirmMoveYes}
            no={S.cancel}
            onYes={() => void send(pendingMove)}
            onNo={() => {
              setPendingMove(null);
              focusBoard();
            }}
          />
        )}
        {confirming !== null && (
          <ConfirmDialog
            question={confirming === 'pass' ? passQuestion : S.confirmResign}
            onYes={() => (confirming === 'pass' ? void send('pass') : void resign())}
            onNo={() => setConfirming(null)}
          />
        )}
        {showShortcuts && (
          <ShortcutsDialog
            onClose={() => {
              setShowShortcuts(false);
              focusBoard();
            }}
          />
        )}
      </section>
      <aside class="table-history">
        <MoveHistory gameId={game.id} version={game.version} />
        {side}
      </aside>
    </div>
  );
}

/** Where the last move went, for the board to mark: a centre slot, or the mover's side pile. */
function highlightOf(game: TableGame): BoardHighlight | null {
  const last = game.lastMove;
  if (last === null) return null;
  if (last.slot !== null) return { seat: last.seat, place: `c${last.slot}`, seq: last.seq };
  if (last.sidePile !== null) return { seat: last.seat, place: `d${last.sidePile}`, seq: last.seq };
  return null;
}

/** A source in words: "seven of hearts", "the pay-off pile", "side pile 2". */
function describeSource(source: string): string {
  const S = strings();
  if (source === 'p') return S.pileName.p;
  if (/^d\d+$/.test(source)) return S.sidePile(source.slice(1));
  return cardName(plainCard(source));
}

/** A move in words: "seven of hearts → centre pile 2". */
function describeMove(move: string): string {
  const S = strings();
  const parts = splitMove(move);
  if (parts === null) return move === 'pass' ? S.pass : move;
  const target =
    parts.target === 'c'
      ? S.pileName.c
      : parts.target.startsWith('c')
        ? S.centrePile(parts.target.slice(1))
        : S.sidePile(parts.target.slice(1));
  const declared = parts.declared !== null ? ` (=${parts.declared})` : '';
  return `${describeSource(parts.source)} → ${target}${declared}`;
}

/** "from the pay-off pile", "from side pile 2", "from the hand": a move's source in a sentence. */
function fromWords(source: 'p' | 'hand' | number): string {
  const S = strings();
  return source === 'p' ? S.fromPlace.p : source === 'hand' ? S.fromPlace.hand : S.fromPlace.side(source);
}

/** "to centre pile 2", "to a new centre pile", "to side pile 1": a move's target in a sentence. */
function toWords(target: string): string {
  const S = strings();
  if (target === 'c') return S.toPlace.newPile;
  const n = Number(target.slice(1));
  return target.startsWith('c') ? S.toPlace.centre(n) : S.toPlace.side(n);
}

/** An opponent's move as the live region reads it out: "GreedyBot played the seven of hearts from … to …". */
function announce(move: LastMove, name: string): string | null {
  const S = strings();
  switch (move.type) {
    case 'PASSED':
      return S.announce.passed(name);
    case 'RESIGNED':
      return S.announce.resigned(name);
    case 'TIMED_OUT':
      return S.announce.timedOut(name);
    case 'PLAYED':
    case 'DISCARDED': {
      if (move.card === null) return null;
      const card = cardName(
        move.declaredRank === null ? move.card : `${plainCard(move.card)}=${move.declaredRank}`,
      );
      const from =
        move.from === 'PAYOFF'
          ? fromWords('p')
          : move.from === 'SIDE_PILE' && move.fromSidePile !== null
            ? fromWords(move.fromSidePile)
            : fromWords('hand');
      const to = move.slot !== null ? toWords(`c${move.slot}`) : toWords(`d${move.sidePile ?? 0}`);
      return S.announce.played(name, card, from, to);
    }
    default: {
      const never: never = move.type;
      return never;
    }
  }
}

/** The move to confirm, described: "Play the seven of hearts from the pay-off pile to centre pile 2?". */
function confirmQuestion(game: TableGame, move: string): string {
  const S = strings();
  const parts = splitMove(move);
  if (parts === null) return describeMove(move);
  const mine = game.view.seats.find((seat) => seat.seat === game.mySeat);
  const pile = /^d(\d+)$/.exec(parts.source);
  const card =
    parts.source === 'p'
      ? (mine?.payoffTop ?? null)
      : pile !== null
        ? (mine?.sidePiles[Number(pile[1]) - 1]?.at(-1) ?? null)
        : parts.source;
  const from =
    parts.source === 'p' ? fromWords('p') : pile !== null ? fromWords(Number(pile[1])) : fromWords('hand');
  const named =
    card === null
      ? describeSource(parts.source)
      : cardName(parts.declared === null ? card : `${plainCard(card)}=${parts.declared}`);
  return S.confirmMove(named, from, toWords(parts.target));
}
