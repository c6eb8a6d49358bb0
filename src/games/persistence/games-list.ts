/**
 * A games list request (`games(filter, first, after)`, docs/api/games-and-moves.md#games) and its cursors:
 * what the service builds from the API's filter and the repository turns into SQL (sql/games-list-sql.ts).
 *
 * Four orders, each on columns that never change once set, so that a page boundary never moves: a row cannot jump
 * across a cursor, and paging neither skips nor repeats rows while games start and finish.
 * - `finished`: lists of finished games (status FINISHED, a result filter, or a finished-between bound) by end
 *   time.
 * - `deadline`: "my turn" lists, most urgent first, games without a clock last.
 * - `calledOff`: lists of called-off games (status ABORTED) by when they were called off.
 * - `created`: everything else by creation time.
 */
import { isUuid } from '../../common/ids';
import { cursorParts, cursorTime, encodeCursor, notACursor } from '../../graphql/cursor';
import type { GameStatusName, OutcomeName } from '../domain/vocabulary';
import type { ChallengeDirectionName, ChallengeStateName } from '../domain/challenge';

export type ListOrder = 'finished' | 'calledOff' | 'created' | 'deadline';
export type ListStatus = GameStatusName;
export type ListOutcome = OutcomeName;

export interface ListCursor {
  readonly order: ListOrder;
  /** The row's sort time; null for a game without a deadline in the deadline order (those come last). */
  readonly at: Date | null;
  readonly id: string;
}

export interface GamesListQuery {
  /** The caller, for mine / myTurn / open and for a result or opponent filter without `playerId`. */
  readonly viewerId: string | null;
  readonly mine: boolean;
  /** Only games a player the caller follows sits in (the caller's feed, docs/social.md#follows-and-friends). */
  readonly following?: boolean;
  readonly myTurn: boolean;
  readonly open: boolean;
  readonly status?: ListStatus;
  readonly preset?: string;
  /** Games this player sits in (the subject of `result` and `opponentId`). */
  readonly playerId?: string;
  readonly opponentId?: string;
  readonly result?: ListOutcome;
  readonly rated?: boolean;
  readonly finishedAfter?: Date;
  readonly finishedBefore?: Date;
  /** Only challenges (challenge.ts) sent to the caller (INCOMING) or by the caller (OUTGOING). */
  readonly challenges?: ChallengeDirectionName;
  /** Only challenges in this state (with `challenges`). */
  readonly challengeState?: ChallengeStateName;
  /** Only seeks (seekShapeSql): the caller's own (MINE), or those others opened (OTHERS: all, for a guest). */
  readonly seeks?: 'MINE' | 'OTHERS';
  readonly first: number;
  readonly after?: ListCursor;
}

export interface SqlStatement {
  readonly text: string;
  readonly values: unknown[];
}

export function listOrder(query: GamesListQuery): ListOrder {
  if (query.myTurn) return 'deadline';
  if (query.status === 'ABORTED') return 'calledOff';
  return query.status === 'FINISHED' ||
    query.result !== undefined ||
    query.finishedAfter !== undefined ||
    query.finishedBefore !== undefined
    ? 'finished'
    : 'created';
}

const ORDER_TAGS: Readonly<Record<ListOrder, string>> = {
  finished: 'f',
  calledOff: 'a',
  created: 'c',
  deadline: 'd',
};

export function encodeListCursor(cursor: ListCursor): string {
  const time = cursor.at === null ? 'infinity' : cursor.at.toISOString();
  return encodeCursor([ORDER_TAGS[cursor.order], time, cursor.id]);
}

/** Only what encodeListCursor writes (and the order-less `time|id` of earlier versions, a creation-time cursor). */
export function decodeListCursor(text: string): ListCursor {
  const parts = cursorParts(text, [2, 3], 'list');
  const [tag, time, id] = (parts.length === 2 ? ['c', ...parts] : parts) as [string, string, string];
  const order = (Object.keys(ORDER_TAGS) as ListOrder[]).find((candidate) => ORDER_TAGS[candidate] === tag);
  const endless = order === 'deadline' && time === 'infinity';
  const at = endless ? null : cursorTime(time);
  if (order === undefined || !isUuid(id) || (!endless && at === null)) throw notACursor('list');
  return { order, at, id };
}
