/**
 * The SQL behind `games(filter, first, after)` (docs/api/games-and-moves.md#games): one keyset-paginated
 * statement that returns the ids of a page, in the list's order (../games-list.ts), and the seeks of a kind.
 * Nest-free so that bench:history can EXPLAIN exactly what the service runs. A `finished` list with a subject
 * player walks game_players_history_idx; without one, games_finished_idx. A game leaves a `deadline` list
 * when the caller moves, and its deadline stays fixed while it is in it.
 */
import { ApiError } from '../../../errors/api-error';
import type { ChallengeStateName } from '../../domain/challenge';
import { PRESET_NAMES, PresetName, optionsFor } from '../../../engine';
import type { SeekKind } from '../../domain/creation';
import type { RatingRange } from '../../domain/game-record';
import { UNRATED_RATING } from '../../domain/seek-ratings';
import { GamesListQuery, SqlStatement, listOrder } from '../games-list';

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
  const needsViewer =
    query.mine ||
    query.myTurn ||
    query.open ||
    query.following === true ||
    query.challenges !== undefined ||
    query.seeks === 'MINE';
  if (needsViewer && query.viewerId === null) {
    const listed =
      query.challenges !== undefined
        ? 'challenges'
        : query.seeks === 'MINE'
          ? 'seeks'
          : query.following === true
            ? "followed players' games"
            : 'games';
    throw new ApiError('UNAUTHENTICATED', `sign in to list your ${listed}`);
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
    // A call-off sets finished_at with the status (a `calledOff` change, GamesRepository), once: the time never moves.
    sortAt = order === 'finished' || order === 'calledOff' ? 'g.finished_at' : 'g.created_at';
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
  if (query.following === true) {
    // Read only: the follows are the social module's (src/social/social.repository.ts writes them).
    conditions.push(
      `EXISTS (SELECT 1 FROM game_players fp JOIN follows f ON f.followee_id = fp.player_id
                WHERE fp.game_id = g.id AND f.follower_id = ${param(query.viewerId, '::uuid')})`,
    );
  }
  if (query.myTurn) {
    conditions.push(`g.status = 'ACTIVE'`, `g.current_player_id = ${param(query.viewerId, '::uuid')}`);
  }
  if (query.open) {
    const viewer = param(query.viewerId, '::uuid');
    conditions.push(
      `g.status = 'WAITING'`,
      // A held bot game (awaitClientSeed) has every seat taken: it waits for its creator's seed, not for players.
      'g.await_client_seed = false',
      `NOT EXISTS (SELECT 1 FROM game_players seated WHERE seated.game_id = g.id AND seated.player_id = ${viewer})`,
      `(g.invited_player_id IS NULL OR g.invited_player_id = ${viewer})`,
    );
  }
  if (query.challenges !== undefined) {
    const viewer = param(query.viewerId, '::uuid');
    // Each direction walks its own partial index (games_challenges_incoming_idx, _outgoing_idx).
    conditions.push(
      query.challenges === 'INCOMING'
        ? `g.invited_player_id = ${viewer}`
        : `g.created_by_id = ${viewer} AND g.invited_player_id IS NOT NULL`,
    );
    if (query.challengeState !== undefined) conditions.push(CHALLENGE_STATE_SQL[query.challengeState]);
  }
  if (query.seeks !== undefined) {
    conditions.push(seekShapeSql(param));
    if (query.seeks === 'MINE') conditions.push(`g.created_by_id = ${param(query.viewerId, '::uuid')}`);
    else if (query.viewerId !== null)
      conditions.push(`g.created_by_id <> ${param(query.viewerId, '::uuid')}`);
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

/**
 * A challenge's state as a condition on its game: what challengeStateOf (src/games/domain/challenge.ts) derives,
 * in SQL.
 */
const CHALLENGE_STATE_SQL: Readonly<Record<ChallengeStateName, string>> = {
  PENDING: `g.status = 'WAITING'`,
  ACCEPTED: `g.started_at IS NOT NULL`,
  DECLINED: `g.status = 'ABORTED' AND g.started_at IS NULL AND g.end_reason = 'declined'`,
  CANCELED: `g.status = 'ABORTED' AND g.started_at IS NULL AND g.end_reason IS DISTINCT FROM 'declined'`,
};

type Param = (value: unknown, cast?: string) => string;

/**
 * What makes an open game a seek (docs/api/challenges-and-seeks.md#seeks): waiting, two seats, no invited
 * player, no chosen deal, not held for a bot (awaitClientSeed), and its preset's default rules (under the
 * current rules version) — the games seekGame matches, however they were opened. `kind` narrows it to one
 * kind of seek.
 */
export function seekShapeSql(param: Param, kind?: SeekKind): string {
  const defaults = (preset: PresetName): string => param(JSON.stringify(optionsFor(preset, {})), '::jsonb');
  const conditions = [
    `g.status = 'WAITING'`,
    'g.seats = 2',
    'g.invited_player_id IS NULL',
    'g.deal_chosen = false',
    // A held bot game: its seat is the bot's from the start (docs/api/games-and-moves.md#creategame).
    'g.await_client_seed = false',
  ];
  if (kind === undefined) {
    const cases = PRESET_NAMES.map((preset) => `WHEN ${param(preset)} THEN ${defaults(preset)}`).join(' ');
    conditions.push(`g.options = CASE g.preset ${cases} END`);
  } else {
    conditions.push(
      `g.preset = ${param(kind.preset)}`,
      `g.options = ${defaults(kind.preset)}`,
      `g.rated = ${param(kind.rated)}`,
      `g.seconds_per_move IS NOT DISTINCT FROM ${param(kind.secondsPerMove, '::int')}`,
    );
  }
  return conditions.join(' AND ');
}

/**
 * The open seeks of `kind`, oldest first (the order seekGame takes them in): the player's own (`own`), or
 * others' that the player may join — the first `limit`.
 */
/**
 * Who is matching, for the ranges of seeks (docs/social.md#seeks-by-rating, src/games/domain/seek-ratings.ts
 * `acceptsRating`, here in SQL): the seeker's rating in the preset, and the range of their own seek, if any.
 */
export interface SeekMatch {
  readonly rating: number;
  readonly range: RatingRange | null;
}

export function seeksOfKindSql(
  playerId: string,
  kind: SeekKind,
  own: boolean,
  limit: number,
  match: SeekMatch | null = null,
): SqlStatement {
  const values: unknown[] = [];
  const param: Param = (value, cast = '') => {
    values.push(value);
    return `$${values.length}${cast}`;
  };
  const me = param(playerId, '::uuid');
  // Never a seek of someone who blocks me or whom I block (docs/social.md): a block counts both ways.
  const unblocked = own
    ? ''
    : ` AND NOT EXISTS (SELECT 1 FROM blocks b
                      WHERE (b.blocker_id = g.created_by_id AND b.blocked_id = ${me})
                         OR (b.blocker_id = ${me} AND b.blocked_id = g.created_by_id))`;
  // A seek's range takes my rating; my range takes its creator's (a new player's when they have none in the preset).
  let rated = '';
  if (!own && match !== null) {
    const rating = param(match.rating, '::float8');
    rated += ` AND (g.seek_rating_min IS NULL OR ${rating} BETWEEN g.seek_rating_min AND g.seek_rating_max)`;
    if (match.range !== null)
      rated += ` AND coalesce((SELECT r.rating FROM ratings r WHERE r.player_id = g.created_by_id AND r.preset = g.preset),
                   ${param(UNRATED_RATING, '::float8')}) BETWEEN ${param(match.range.min, '::int')} AND ${param(match.range.max, '::int')}`;
  }
  const text = `SELECT g.id FROM games g
 WHERE ${seekShapeSql(param, kind)} AND g.created_by_id ${own ? '=' : '<>'} ${me}${unblocked}${rated}
 ORDER BY g.created_at, g.id
 LIMIT ${param(limit, '::int')}`;
  return { text, values };
}
