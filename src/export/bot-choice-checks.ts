/**
 * verifyGame's check 8 (src/export/verify-export.ts): every move of a built-in bot's seat in a game that is over is
 * the move the bot chooses from that seat's view, with the stream keyed by the revealed seed
 * (docs/fairness.md#the-built-in-bots-choices). Each decision is a bot's search again — ExpertBot's up to a few
 * hundred milliseconds of CPU — so a game's replay can take seconds, and verifyGame may be asked by anyone,
 * anonymously. So that it cannot be used to burn the server's CPU
 * (docs/api/exports-and-verification.md#verifygame):
 *
 * - the searches run in the copy's bot threads (src/bots/bot-threads.ts), never on the event loop, one decision at
 *   a time, and behind every bot turn of a running game: the replays never take more cores than the bots already
 *   have, and a game being played waits one replayed decision at most;
 * - one game's replay at a time per app copy: a request that would start another is refused at once with
 *   RATE_LIMITED (HTTP 429), its `retryAfter` the seconds the running replay should still take; a request for the
 *   game being replayed waits for that replay's finding instead;
 * - each game's finding is kept (a game that is over never changes), so a game is replayed once per copy — up to
 *   `KEPT_FINDINGS` games, the oldest forgotten first.
 */
import { Injectable } from '@nestjs/common';
import type { RulesVersion } from '../engine';
import { withStatus } from '../auth/access-gate';
import { BotThreads } from '../bots/bot-threads';
import { ApiError } from '../errors/api-error';
import { BotChoicesOutcome, BotDecision, BotSeat, BotChoiceTally, botChoicesOutcome } from './verify-export';

/** Findings kept per copy: a few hundred bytes each. */
export const KEPT_FINDINGS = 10_000;
/** What one replayed decision is reckoned to cost before the running replay has timed one of its own. */
const RECKONED_DECISION_MS = 200;

/** The game whose bots' moves are replayed: what keys each decision's stream. */
export interface ReplayedGame {
  readonly id: string;
  readonly rulesVersion: RulesVersion;
  /** Revealed: the game is over. */
  readonly seed: string;
}

/** How far a replay has come: decisions replayed of all, since when. */
interface Progress {
  readonly decisions: number;
  readonly startedAt: number;
  done: number;
}

/** The replay in progress in this copy. */
interface Running {
  readonly gameId: string;
  readonly progress: Progress;
  readonly finding: Promise<BotChoicesOutcome>;
}

@Injectable()
export class BotChoiceChecks {
  /** Findings by game id, oldest first (a Map keeps its insertion order). */
  private readonly findings = new Map<string, BotChoicesOutcome>();
  private running: Running | null = null;

  constructor(private readonly threads: BotThreads) {}

  /**
   * Check 8's finding for `game`, whose bot seats are `seats` and whose log holds `decisions` (the work
   * verify-export.ts `replayExport` hands back): kept, awaited, or computed now in the bot threads; RATE_LIMITED
   * while another game's replay runs.
   */
  async check(
    game: ReplayedGame,
    seats: readonly BotSeat[],
    decisions: readonly BotDecision[],
  ): Promise<BotChoicesOutcome> {
    if (decisions.length === 0) return botChoicesOutcome(seats, 0);
    const kept = this.findings.get(game.id);
    if (kept !== undefined) return kept;
    const running = this.running;
    if (running !== null) {
      if (running.gameId === game.id) return running.finding;
      const retryAfter = secondsLeft(running.progress, performance.now());
      throw withStatus(
        new ApiError(
          'RATE_LIMITED',
          `the server is replaying another game's bot moves; try again in ${retryAfter} s`,
          { retryAfter },
        ),
        429,
        { 'Retry-After': String(retryAfter) },
      );
    }
    const progress: Progress = { decisions: decisions.length, startedAt: performance.now(), done: 0 };
    // Set in the same tick as the replay starts: no other request can start one in between.
    const started: Running = {
      gameId: game.id,
      progress,
      finding: this.replay(game, seats, decisions, progress),
    };
    this.running = started;
    try {
      const finding = await started.finding;
      this.keep(game.id, finding);
      return finding;
    } finally {
      this.running = null;
    }
  }

  /** The decisions replayed one after the other, up to the first that is not the bot's choice. */
  private async replay(
    game: ReplayedGame,
    seats: readonly BotSeat[],
    decisions: readonly BotDecision[],
    progress: Progress,
  ): Promise<BotChoicesOutcome> {
    const tally = new BotChoiceTally();
    for (const [replayed, decision] of decisions.entries()) {
      const chosen: (string | null)[] = [];
      for (const engineBot of decision.bot.playable) {
        chosen.push(
          await this.threads.decide(
            {
              engineBot,
              view: decision.view,
              rulesVersion: game.rulesVersion,
              seed: game.seed,
              gameId: game.id,
              version: decision.version,
            },
            'replay',
          ),
        );
      }
      progress.done += 1;
      if (!tally.add(replayed, decision, chosen)) break;
    }
    return botChoicesOutcome(seats, decisions.length, tally);
  }

  private keep(gameId: string, finding: BotChoicesOutcome): void {
    if (this.findings.size >= KEPT_FINDINGS) {
      const oldest = this.findings.keys().next();
      if (oldest.done !== true) this.findings.delete(oldest.value);
    }
    this.findings.set(gameId, finding);
  }
}

/** The seconds the running replay should still take, by its own pace so far: at least one. */
function secondsLeft(progress: Progress, now: number): number {
  const perDecision = progress.done === 0 ? RECKONED_DECISION_MS : (now - progress.startedAt) / progress.done;
  return Math.max(1, Math.ceil(((progress.decisions - progress.done) * perDecision) / 1000));
}
