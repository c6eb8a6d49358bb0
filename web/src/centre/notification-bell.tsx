/**
 * The bell in the bar (docs/web.md, "The notification centre"): how many of my events are unread
 * (`dashboard.unreadEvents`, read with the turn count by web/src/attention.ts, so again on each of my events), and,
 * opened, the notification centre (`notificationCentre`): my latest events, newest first, each with what happened,
 * a link to its game and when. Opening it marks nothing read; "Mark all read" marks up to the newest shown
 * (`markEventsRead`), and the bell shows the count the API answers.
 */
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api';
import { useAction, useLoad } from '../account/hooks';
import { onUnreadChange, unreadChanged } from '../attention';
import { ErrorBox } from '../error-box';
import type {
  CentreEventFragment,
  CentreEventsQuery,
  CentreEventsQueryVariables,
  CentreMarkReadMutation,
  CentreMarkReadMutationVariables,
} from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { Link } from '../router';
import { strings as shared } from '../strings';
import CENTRE from './centre.graphql?raw';
import { strings } from './strings';
import './centre.css';

declare module '../api' {
  interface Operations {
    CentreEvents: [CentreEventsQuery, CentreEventsQueryVariables];
    CentreMarkRead: [CentreMarkReadMutation, CentreMarkReadMutationVariables];
  }
}

/** How many events the centre lists. */
const SHOWN = 20;
/** The API counts unread events up to this many; the badge then says "99+". */
const COUNTED_UP_TO = 100;

/** The badge's text: the count, or "99+" when the API's count reached its top. */
export function badgeText(count: number): string {
  return count >= COUNTED_UP_TO ? '99+' : String(count);
}

/** Whether event `id` is after the read mark (ids are digits, increasing: compared as numbers of any size). */
function isUnread(id: string, readUpTo: string | null): boolean {
  return readUpTo === null || BigInt(id) > BigInt(readUpTo);
}

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 2a1.5 1.5 0 0 1 1.5 1.5v.7A6.5 6.5 0 0 1 18.5 10.5v3.7l1.8 2.7a.7.7 0 0 1-.6 1.1H4.3a.7.7 0 0 1-.6-1.1l1.8-2.7v-3.7a6.5 6.5 0 0 1 5-6.3v-.7A1.5 1.5 0 0 1 12 2zm-2.5 17h5a2.5 2.5 0 0 1-5 0z"
      />
    </svg>
  );
}

function EventRow({ event, readUpTo }: { event: CentreEventFragment; readUpTo: string | null }) {
  const S = strings();
  const common = shared();
  const unread = isUnread(event.id, readUpTo);
  const game = event.game;
  const opponents =
    game === null
      ? []
      : game.players.filter((seat) => seat.seat !== game.mySeat).map((seat) => seat.player.username);
  return (
    <li
      class={unread ? 'notification-event unread' : 'notification-event'}
      data-testid="centre-event"
      data-event-id={event.id}
      data-kind={event.kind}
      data-unread={String(unread)}
    >
      <strong>
        {S.kind[event.kind]}
        {unread && <span class="notification-new"> · {S.unread}</span>}
      </strong>
      {event.gameId !== null && (
        <Link to={{ page: 'game', id: event.gameId }} testId="centre-game">
          {game === null ? S.theGame : common.versus(opponents)}
        </Link>
      )}
      <time class="muted" dateTime={event.createdAt}>
        {formatDateTime(event.createdAt)}
      </time>
    </li>
  );
}

/** The open centre: read on opening and again whenever the unread count changes while it is open. */
function Centre({ count, onClose }: { count: number; onClose: () => void }) {
  const S = strings();
  const centre = useLoad(() => request(CENTRE, 'CentreEvents', { first: SHOWN }), [count]);
  const action = useAction();
  const shown = centre.data?.notificationCentre ?? null;
  const newest = shown?.events[0] ?? null;

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const markAll = async (): Promise<void> => {
    if (newest === null) return;
    const answer = await action.run(() =>
      request(CENTRE, 'CentreMarkRead', { upTo: newest.id, first: SHOWN }),
    );
    if (answer === undefined) return;
    unreadChanged(answer.markEventsRead.unread);
    centre.reload();
  };

  return (
    <section
      class="notification-centre card"
      id="notification-centre"
      data-testid="notification-centre"
      aria-labelledby="notification-centre-h"
    >
      <div class="notification-centre-head">
        <h2 id="notification-centre-h">{S.heading}</h2>
        <span class="actions">
          <button
            type="button"
            class="link"
            data-testid="mark-all-read"
            disabled={action.busy || newest === null || !isUnread(newest.id, shown?.readUpTo ?? null)}
            onClick={() => void markAll()}
          >
            {S.markAllRead}
          </button>
          <button type="button" class="link" onClick={onClose}>
            {S.close}
          </button>
        </span>
      </div>
      {centre.error !== null && <ErrorBox error={centre.error} />}
      {action.error !== null && <ErrorBox error={action.error} />}
      {shown !== null && shown.events.length === 0 && <p class="muted">{S.none}</p>}
      {/* Following a game's link closes the centre, as leaving the page would. */}
      <ul
        class="notification-events"
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a') !== null) onClose();
        }}
      >
        {(shown?.events ?? []).map((event) => (
          <EventRow key={event.id} event={event} readUpTo={shown?.readUpTo ?? null} />
        ))}
      </ul>
    </section>
  );
}

export function NotificationBell() {
  const S = strings();
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);
  useEffect(() => onUnreadChange(setCount), []);
  return (
    <>
      <button
        type="button"
        class="bell"
        data-testid="bell"
        data-unread={count}
        aria-label={S.bell(count)}
        aria-expanded={open}
        aria-controls="notification-centre"
        onClick={() => setOpen(!open)}
      >
        <BellIcon />
        {count > 0 && (
          <span class="bell-count" data-testid="bell-count" aria-hidden="true">
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && <Centre count={count} onClose={() => setOpen(false)} />}
    </>
  );
}
