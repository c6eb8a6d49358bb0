/**
 * A game played by the engine alone (a seeded deal, seeded random bot moves), dressed as the stored game and
 * log rows the export reads: what the export helpers and scripts/verify-export.ts are tested on, with no
 * server or database involved.
 */
import { randomUUID } from 'node:crypto';
import {
  GameState,
  replayFrom,
  seedCommitment,
  standInClientSeed,
  takesClientSeeds,
} from '../../../src/engine';
import { ExportSourceEvent, ExportSourceGame } from '../../../src/export/game-export';
import { seatOutcomes } from '../../../src/games/domain/finish';
import { GameSpec, dealOfSpec, playout, startGame, storedOptionsOf } from '../../support/playout';

export interface EngineGame {
  readonly game: ExportSourceGame;
  readonly events: ExportSourceEvent[];
  /** The true state after each event (index = version), hidden cards included. */
  readonly states: GameState[];
}

const START = Date.parse('2026-11-29T12:00:00.000Z');

/** Plays `spec` with the greedy random chooser to the end (or `maxEvents`, leaving the game ACTIVE). */
export function engineGame(spec: GameSpec, chooserSeed: string, maxEvents?: number): EngineGame {
  const run = playout(startGame(spec), { chooserSeed, style: 'greedy', maxEvents });
  const states: GameState[] = [run.initial];
  for (const event of run.events) {
    const next = replayFrom(states[states.length - 1]!, [event]);
    if (!next.ok) throw new Error(`the engine refused its own event: ${next.violation.reason}`);
    states.push(next.state);
  }
  const result = run.final.result;
  const usernames = Array.from({ length: spec.seats }, (_, seat) => `bot${seat}`);
  const outcomes =
    result === null
      ? null
      : seatOutcomes(
          result,
          usernames.map((playerId, seat) => ({ seat, playerId })),
        );
  const deal = dealOfSpec(spec);
  // A seed equal to the seat's stand-in is recorded as one; any other as given after the commitment.
  const sourceOf = (seed: string, seat: number): string =>
    seed === standInClientSeed(spec.seed, seat) ? 'SERVER_STAND_IN' : 'GIVEN_AFTER_COMMITMENT';
  const game: ExportSourceGame = {
    id: randomUUID(),
    preset: spec.preset,
    options: storedOptionsOf(spec),
    seats: spec.seats,
    rated: false,
    unratedReason: null,
    status: result === null ? 'ACTIVE' : 'FINISHED',
    version: run.events.length,
    seed: spec.seed,
    seedCommitment: seedCommitment(deal.version, spec.seed),
    rulesVersion: deal.version,
    startPosition: null,
    // Without client seeds a version that takes them deals from the seed alone: a chosen deal.
    dealChosen: deal.clientSeeds.length === 0 && takesClientSeeds(deal.version),
    result,
    createdAt: new Date(START),
    startedAt: new Date(START + 1000),
    finishedAt: result === null ? null : new Date(START + 2000 + run.events.length),
    players: usernames.map((username, seat) => {
      const outcome = outcomes?.[seat];
      const clientSeed = deal.clientSeeds[seat] ?? null;
      return {
        seat,
        clientSeed,
        clientSeedSource: clientSeed === null ? null : sourceOf(clientSeed, seat),
        outcome: outcome?.outcome ?? null,
        placement: outcome?.placement ?? null,
        score: outcome?.score ?? null,
        ratingBefore: null,
        ratingAfter: null,
        botVersions: [],
        player: { username },
      };
    }),
  };
  const events = run.events.map((event, index) => ({
    seq: index + 1,
    event,
    createdAt: new Date(START + 2000 + index),
  }));
  return { game, events, states };
}
