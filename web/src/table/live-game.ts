/**
 * Follows one game live: reads it (`game`), then takes every `gameUpdated` push (docs/api.md: the first push comes
 * at once, a push may repeat a version, versions may seem skipped), and reads it again whenever the socket comes
 * back (`watchSocket`), since pushes made while it was down are not replayed. Answers of the page's own mutations
 * go through `apply` the same way: only a newer version (or a new status) replaces what is shown. A change of whose
 * turn it is makes the tab's count of my turns read again (attention.ts `turnsChanged`).
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
  const shown = useRef<TableGame | null>(null);

  const apply = useCallback((next: TableGame) => {
    const before = shown.current;
    if (!isNewer(before, next)) return;
    shown.current = next;
    setGame(next);
    // The tab's count of games awaiting my move (attention.ts) hears of a turn arriving through my events, but of
    // none leaving: my own move, pass or resignation sends me no event. Every change this page sees is told.
    if (before !== null && before.id === next.id && before.isMyTurn !== next.isMyTurn) turnsChanged();
  }, []);

  const reload = useCallback(() => {
    request(TABLE, 'TableGame', { id })
      .then((data) => {
        if (data.game === null) setGame(null);
        else apply(data.game);
      })
      .catch((error: unknown) => setFailure(asFailure(error)));
  }, [id, apply]);

  useEffect(() => {
    shown.current = null;
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
    };
  }, [id, apply, reload]);

  return { game, failure, offline, apply, reload };
}
