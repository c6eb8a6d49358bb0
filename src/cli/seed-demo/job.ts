/**
 * The unit of work that can run on any thread: play one planned game and turn its log into `game_events` COPY
 * text. Playing is most of a run's CPU time, so it runs in worker threads (runner.ts); everything that must
 * happen in order (ratings) stays with the caller.
 */
import type { GameResult } from '../../engine';
import { playPlannedGame } from './play';
import type { GamePlan } from './plan';
import { eventRowsText } from './rows';
import { GameTimes, gameTimes } from './timeline';

export interface GameJob {
  readonly plan: GamePlan;
  readonly finishedMs: number;
  /** Player ids by seat. */
  readonly playerIds: readonly string[];
}

export interface PlayedJob {
  readonly eventsText: string;
  readonly eventCount: number;
  /** Commands decided (one event each, as the engine decides today). */
  readonly decisionCount: number;
  readonly result: GameResult;
}

/** When the game and each of its moves happened (the same on every thread: a pure function of the job). */
export function timesOf(job: GameJob, decisionCount: number): GameTimes {
  const { plan } = job;
  return gameTimes(job.finishedMs, plan.durationMs, plan.waitMs, plan.seats, decisionCount);
}

export function playJob(job: GameJob): PlayedJob {
  const played = playPlannedGame(job.plan);
  const decisionCount = (played.decisions[played.decisions.length - 1] ?? 0) + 1;
  return {
    eventsText: eventRowsText(job.plan.id, played, timesOf(job, decisionCount), job.playerIds),
    eventCount: played.events.length,
    decisionCount,
    result: played.result,
  };
}
