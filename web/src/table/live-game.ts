/**
 * Follows one game live: reads it (`game`), then takes every `gameUpdated` push (docs/api/subscriptions-and-streams.md#gameupdated: the first push comes
 * at once, a push may repeat a version, versions may seem skipped), and reads it again whenever the socket comes
 * back (`watchSocket`), since pushes made while it was down are not replayed. Answers of the page's own mutations
 * go through `apply` the same way: only a newer version (or a new status) replaces what is shown. A change of whose
 * turn it is makes the tab's count of my turns read again (attention.ts `turnsChanged`). The opponents' moves are
 * shown one by one at a readable pace when several arrive together (a bot plays its turn in a burst): each stays
 * at least PACE_MS before the next, so every card's flight (motion.tsx) and announcement can be followed — not
 * under `prefers-reduced-motion`, where each is shown as it comes.
 */
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request, subscribe, watchSocket } from '../api';
import { turnsChanged } from '../attention';
import type {
  TableGameFieldsFragment,
  TableGameQuery,
  TableGameQueryVariables,
  TableGameUpdatedSubscription,
  TableGameUpdatedSubscriptionVariables,
  TableDealMutation,
  TableDealMutationVariables,
  TableInvitationQuery,
  TableInvitationQueryVariables,
  TableJoinMutation,
  TableJoinMutationVariables,
  TableMoveMutation,
  TableMoveMutationVariables,
  TableResignMutation,
  TableResignMutationVariables,
} from '../generated/graphql';
import { motionAllowed } from './motion';
import TABLE from './table.graphql?raw';

declare module '../api' {
  interface Operations {
    TableGame: [TableGameQuery, TableGameQueryVariables];
    TableInvitation: [TableInvitationQuery, TableInvitationQueryVariables];
    TableDeal: [TableDealMutation, TableDealMutationVariables];
    TableJoin: [TableJoinMutation, TableJoinMutationVariables];
    TableGameUpdated: [TableGameUpdatedSubscription, TableGameUpdatedSubscriptionVariables];
    TableMove: [TableMoveMutation, TableMoveMutationVariables];
    TableResign: [TableResignMutation, TableResignMutationVariables];
  }
}

export type TableGame = TableGameFieldsFragment;
export { TABLE };

/** How long an opponent's move stays shown before the next one that arrived with it. */
export const PACE_MS = 400;

/**
 * Whether `next` waits its turn to be shown after `shown`: it is another move of the same game by someone else
 * (my own moves and reloads are shown at once), and the reader lets the page animate.
 */
function paced(shown: TableGame | null, next: TableGame): boolean {
  const move = next.lastMove;
  return (
    shown !== null &&
    shown.id === next.id &&
    move !== null &&
    move.seat !== next.mySeat &&
    move.seq !== shown.lastMove?.seq &&
    motionAllowed()
  );
}

/** Whether `next` should replace `shown`: a later version, or the same version in a new status (a deal, an end). */
export function isNewer(shown: TableGame | null, next: TableGame): boolean {
  if (shown === null) return true;
  if (next.version !== shown.version) return next.version > shown.version;
  return next.status !== shown.status || next.players.length !== shown.players.length;
}

export interface LiveGame {
  /** undefined while loading, null when there is no such game. */
  readonly game: TableGame | null | undefined;
  readonly failure: ApiFailure | null;
  readonly offline: boolean;
  apply(game: TableGame): void;
  reload(): void;
}

export function useLiveGame(id: string): LiveGame {
  const [game, setGame] = useState<TableGame | null | undefined>(undefined);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [offline, setOffline] = useState(false);
  /** The newest version heard of, and the one on screen (behind it while paced moves wait). */
  const latest = useRef<TableGame | null>(null);
  const shown = useRef<TableGame | null>(null);
  const waiting = useRef<TableGame[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const shownAt = useRef(0);

  const show = useCallback((next: TableGame) => {
    shown.current = next;
    shownAt.current = performance.now();
    setGame(next);
  }, []);

  /** Shows the next waiting version, and the one after it PACE_MS later. */
  const showNext = useCallback(() => {
    timer.current = null;
    const next = waiting.current.shift();
    if (next === undefined) return;
    show(next);
    if (waiting.current.length > 0) timer.current = setTimeout(showNext, PACE_MS);
  }, [show]);

  const stopPacing = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    waiting.current = [];
  }, []);

  const apply = useCallback(
    (next: TableGame) => {
      const before = latest.current;
      if (!isNewer(before, next)) return;
      latest.current = next;
      // The tab's count of games awaiting my move (attention.ts) hears of a turn arriving through my events, but
      // of none leaving: my own move, pass or resignation sends me no event. Every change this page sees is told.
      if (before !== null && before.id === next.id && before.isMyTurn !== next.isMyTurn) turnsChanged();
      if (!paced(shown.current, next)) {
        stopPacing();
        show(next);
        return;
      }
      waiting.current.push(next);
      if (timer.current !== null) return;
      const wait = shownAt.current + PACE_MS - performance.now();
      if (wait <= 0) showNext();
      else timer.current = setTimeout(showNext, wait);
    },
    [show, showNext, stopPacing],
  );

  const reload = useCallback(() => {
    request(TABLE, 'TableGame', { id })
      .then((data) => {
        if (data.game === null) setGame(null);
        else apply(data.game);
      })
      .catch((error: unknown) => setFailure(asFailure(error)));
  }, [id, apply]);

  useEffect(() => {
    latest.current = null;
    shown.current = null;
    stopPacing();
    setGame(undefined);
    reload();
    const unsubscribe = subscribe(
      TABLE,
      'TableGameUpdated',
      { id },
      (data) => apply(data.gameUpdated),
      (error) => setFailure(asFailure(error)),
    );
    let connectedBefore = false;
    const unwatch = watchSocket(
      () => {
        setOffline(false);
        if (connectedBefore) reload();
        connectedBefore = true;
      },
      () => setOffline(true),
    );
    return () => {
      unsubscribe();
      unwatch();
      stopPacing();
    };
  }, [id, apply, reload, stopPacing]);

  return { game, failure, offline, apply, reload };
}
