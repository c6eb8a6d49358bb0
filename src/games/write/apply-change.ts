/**
 * The game as a change leaves it, computed from the change itself (game-change.ts) rather than read back: what the
 * handler answers and caches after a write is what the writer stored, by the same value. A change whose stored
 * form depends on what only the database has — a new game or seat (with its player's account), a finish (with the
 * rating changes read and computed in its transaction) — is read back instead (null here).
 */
import type { GameRecord, GameSeatRecord } from '../domain/game-record';
import type { DealPlan, GameChange } from './game-change';

/** The row and seats after `change`, applied to `game` (the game it was decided on); null: read it back. */
export function gameAfter(game: GameRecord, change: GameChange): GameRecord | null {
  switch (change.kind) {
    case 'created':
    case 'seated':
      return null;
    case 'played': {
      const { projection, clock } = change;
      if (projection.result !== null) return null;
      return {
        ...game,
        version: projection.version,
        status: projection.status,
        currentSeat: projection.currentSeat,
        currentPlayerId: projection.currentPlayerId,
        turnStartedAt: clock.turnStartedAt,
        remindAt: clock.remindAt,
        deadline: clock.deadline,
        updatedAt: change.at,
      };
    }
    case 'clientSeedSet': {
      const players = game.players.map((entry): GameSeatRecord =>
        entry.seat === change.seat
          ? { ...entry, clientSeed: change.clientSeed, clientSeedSource: 'GIVEN_AFTER_COMMITMENT' }
          : entry,
      );
      const seeded = { ...game, players };
      return change.deal === null ? seeded : dealt(seeded, change.deal, change.at);
    }
    case 'calledOff':
      return {
        ...game,
        status: 'ABORTED',
        endReason: change.reason,
        declineReason: change.declineReason,
        finishedAt: change.at,
        updatedAt: change.at,
        currentSeat: null,
        currentPlayerId: null,
        deadline: null,
        remindAt: null,
      };
    case 'reminded':
      return { ...game, remindedTurnAt: change.turnStartedAt };
    case 'clockMoved':
      return { ...game, remindAt: change.clock.remindAt, deadline: change.clock.deadline };
    case 'botVersionNoted':
      return {
        ...game,
        players: game.players.map((entry) =>
          entry.seat === change.seat && !entry.botVersions.includes(change.botVersion)
            ? { ...entry, botVersions: [...entry.botVersions, change.botVersion] }
            : entry,
        ),
      };
    default: {
      const never: never = change;
      return never;
    }
  }
}

/** A filled game as its deal leaves it: stand-in seeds, ACTIVE, the first turn and its clock. */
function dealt(game: GameRecord, deal: DealPlan, at: Date): GameRecord {
  const standIn = new Map(deal.standIns.map((entry) => [entry.seat, entry.seed]));
  return {
    ...game,
    players: game.players.map((entry): GameSeatRecord => {
      const seed = standIn.get(entry.seat);
      return seed === undefined || entry.clientSeed !== null
        ? entry
        : { ...entry, clientSeed: seed, clientSeedSource: 'SERVER_STAND_IN' };
    }),
    status: 'ACTIVE',
    startedAt: at,
    updatedAt: at,
    currentSeat: deal.firstSeat,
    currentPlayerId: deal.firstPlayerId,
    turnStartedAt: deal.clock.turnStartedAt,
    deadline: deal.clock.deadline,
    remindAt: deal.clock.remindAt,
  };
}
