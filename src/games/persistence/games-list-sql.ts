/**
 * The SQL behind `games(filter, first, after)` (docs/api.md#games): one keyset-paginated statement that
 * returns the ids of a page, newest first. Nest-free so that bench:history can EXPLAIN exactly what the service
 * runs.
 *
 * Two orders, both on columns that never change once set, so that a page boundary never moves: a row cannot jump
 * across a cursor, and paging neither skips nor repeats rows while games start and finish.
 * - `finished`: lists of finished games (status FINISHED, a result filter, or a finished-between bound) by end
 *   time. With a subject player it walks game_players_history_idx; without, games_finished_idx.
 * - `deadline`: "my turn" lists, most urgent first, games without a clock last. A game leaves the list
 *   when the caller moves, and its deadline stays fixed while it is in it.
 * - `created`: everything else by creation time.
 */
import { isUuid } from '../../common/ids';
import { cursorParts, cursorTime, encodeCursor, notACursor } from '../../common/cursor';
import { ApiError } from '../../errors/api-error';
import type { GameStatusName, OutcomeName } from '../domain/vocabulary';

export type ListOrder = 'finished' | 'created' | 'deadline';
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
  readonly first: number;
  readonly after?: ListCursor;
}

export interface SqlStatement {
  readonly text: string;
  readonly values: unknown[];
}

export function listOrder(query: GamesListQuery): ListOrder {
  if (query.myTurn) return 'deadline';
  return query.status === 'FINISHED' ||
    query.result !== undefined ||
    query.finishedAfter !== undefined ||
    query.finishedBefore !== undefined
    ? 'finished'
    : 'created';
}

/** The statement for one page: `first + 1` rows of (id, sort_at), so the caller can tell whether more follow. */
export function gamesListSql(query: GamesListQuery): SqlStatement {
  const order = listOrder(query);
  if (query.after !== undefined && query.after.order !== order) {
    throw new ApiError('BAD_USER_INPUT', 'after: a cursor from a list with another order', {
      field: 'after',
    });
  }
  const values: unknown[] = [];
  const param = (value: unknown, cast = ''): string => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const needsViewer = query.mine || query.myTurn || query.open;
  if (needsViewer && query.viewerId === null) {
    throw new ApiError('UNAUTHENTICATED', 'sign in to list your games');
  }
  // result and opponent are about someone: the named player, else the caller.
  const subject =
    query.playerId ??
    (query.result !== undefined || query.opponentId !== undefined ? query.viewerId : undefined);
  if (subject === null) {
    throw new ApiError('UNAUTHENTICATED', 'sign in, or name a player, to filter by result or opponent');
  }

  const conditions: string[] = [];
  const seatedIn = (playerId: string, alias: string): string =>
    `EXISTS (SELECT 1 FROM game_players ${alias} WHERE ${alias}.game_id = g.id AND ${alias}.player_id = ${param(playerId, '::uuid')})`;
  let from: string;
  let sortAt: string;
  let idColumn: string;
  if (order === 'finished' && subject !== undefined) {
    // The subject's own finished games, newest first, straight off game_players_history_idx.
    from = 'game_players me JOIN games g ON g.id = me.game_id';
    sortAt = 'me.finished_at';
    idColumn = 'me.game_id';
    conditions.push(`me.player_id = ${param(subject, '::uuid')}`, 'me.finished_at IS NOT NULL');
    if (query.result !== undefined) conditions.push(`me.outcome = ${param(query.result)}`);
  } else {
    from = 'games g';
    sortAt = order === 'finished' ? 'g.finished_at' : 'g.created_at';
    idColumn = 'g.id';
    if (order === 'finished') conditions.push(`g.status = 'FINISHED'`);
    if (subject !== undefined) conditions.push(seatedIn(subject, 'me'));
  }
  const finishedAt = idColumn === 'me.game_id' ? 'me.finished_at' : 'g.finished_at';
  if (query.status !== undefined) conditions.push(`g.status = ${param(query.status)}`);
  if (query.preset !== undefined) conditions.push(`g.preset = ${param(query.preset)}`);
  if (query.rated !== undefined) conditions.push(`g.rated = ${param(query.rated)}`);
  if (query.finishedAfter !== undefined) conditions.push(`${finishedAt} >= ${param(query.finishedAfter)}`);
  if (query.finishedBefore !== undefined) conditions.push(`${finishedAt} < ${param(query.finishedBefore)}`);
  if (query.opponentId !== undefined) conditions.push(seatedIn(query.opponentId, 'op'));
  if (query.mine) conditions.push(seatedIn(query.viewerId!, 'mine'));
  if (query.myTurn) {
    conditions.push(`g.status = 'ACTIVE'`, `g.current_player_id = ${param(query.viewerId, '::uuid')}`);
  }
  if (query.open) {
    const viewer = param(query.viewerId, '::uuid');
    conditions.push(
      `g.status = 'WAITING'`,
      `NOT EXISTS (SELECT 1 FROM game_players seated WHERE seated.game_id = g.id AND seated.player_id = ${viewer})`,
      `(g.invited_player_id IS NULL OR g.invited_player_id = ${viewer})`,
    );
  }
  let direction = 'DESC';
  let comparison = '<';
  if (order === 'deadline') {
    sortAt = `coalesce(g.deadline, 'infinity'::timestamptz)`;
    direction = 'ASC';
    comparison = '>';
  }
  if (query.after !== undefined) {
    const at = query.after.at === null ? `'infinity'::timestamptz` : param(query.after.at);
    conditions.push(`(${sortAt}, ${idColumn}) ${comparison} (${at}, ${param(query.after.id, '::uuid')})`);
  }
  const text = `SELECT ${idColumn} AS id, ${sortAt} AS sort_at FROM ${from}
 WHERE ${conditions.length === 0 ? 'TRUE' : conditions.join('\n   AND ')}
 ORDER BY ${sortAt} ${direction}, ${idColumn} ${direction}
 LIMIT ${param(query.first + 1, '::int')}`;
  return { text, values };
}

const ORDER_TAGS: Readonly<Record<ListOrder, string>> = { finished: 'f', created: 'c', deadline: 'd' };

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
