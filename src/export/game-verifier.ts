/**
 * verifyGame (docs/api/exports-and-verification.md#verifygame): the server's check of a game that is over is
 * the command-line verifier's (src/export/verify-export.ts, docs/fairness.md) on the game's export, built
 * from the stored game and its log as exportGame builds it (game-export.ts) and read back from its JSON as
 * the verifier reads a file. So the server and the checker cannot disagree on a game's export; the one thing
 * the server sees beyond it is a stored log row past the game's version (check 5, below). Check 8's searches
 * run in the bot threads (src/export/bot-choice-checks.ts: one game at a time, RATE_LIMITED otherwise, each
 * finding kept), and verify-answer.ts words the checks as the VerifyResult type.
 *
 * Provided by ExportModule, beside the query that serves it (export.resolver.ts): the games module, whose providers
 * it reads through, sits below the export module (docs/architecture.md, "Layout of a module").
 */
import { Injectable } from '@nestjs/common';
import { ApiError } from '../errors/api-error';
import { BotChoiceChecks } from './bot-choice-checks';
import { versionOf } from '../games/domain/initial-state';
import { GamesService } from '../games/games.service';
import { GamesRepository } from '../games/persistence/games.repository';
import { buildGameExport, isOver, toJson } from './game-export';
import { VerifyAnswer, calledOffBeforeDealAnswer, verifyAnswer } from './verify-answer';
import {
  BotChoicesOutcome,
  botChoicesCheck,
  logCheck,
  mixesClientSeeds,
  readExport,
  replayExport,
} from './verify-export';

@Injectable()
export class GameVerifier {
  constructor(
    private readonly games: GamesService,
    private readonly repository: GamesRepository,
    private readonly botChoices: BotChoiceChecks,
  ) {}

  /**
   * The checks of game `gameId`. A game that can still be played keeps its seed secret: GAME_NOT_ACTIVE (reason
   * SEED_SECRET); one under a rules version this engine does not know is UNSUPPORTED_RULES_VERSION, never checked
   * under other rules.
   */
  async verify(gameId: string): Promise<VerifyAnswer> {
    // A game over is read on a replica when one is usable and has seen it end (docs/scaling.md#read-replicas).
    const over = await this.repository.overOnReplica(gameId);
    const game = over?.game ?? (await this.games.get(gameId));
    if (!isOver(game.status)) {
      throw new ApiError(
        'GAME_NOT_ACTIVE',
        `the game is ${game.status.toLowerCase()}: its seed is secret until it is over, so there is nothing to verify yet`,
        { reason: 'SEED_SECRET' },
      );
    }
    const version = versionOf(game);
    // The whole stored log, not only up to the version as an export reads it: see the log check below.
    const rows = over?.log ?? (await this.repository.log(game.id, 0));
    const doc = readExport(toJson(buildGameExport(game, rows)));
    const replayed = replayExport(doc);
    if (game.startedAt === null) {
      // Called off before the deal: no hand was dealt and nobody moved, so the seed is all there is to check.
      return calledOffBeforeDealAnswer(
        replayed.checks,
        game.version === 0 && rows.length === 0,
        game.result === null,
      );
    }
    // The export leaves out rows past the game's version, appended after the game's row was read
    // (game-export.ts); a game that is over gains none, so such a row is a log that does not match the game. Check 5
    // is made on the stored log whole: the export's own can only pass where this one does.
    const checks = replayed.checks.map((check) =>
      check.kind === 'logComplete'
        ? logCheck(
            rows.map((row) => row.seq),
            game.version,
          )
        : check,
    );
    let bots: BotChoicesOutcome | null = null;
    if (replayed.bots !== null) {
      // A refusal (RATE_LIMITED) goes to the caller as it is: an answer of its own, not a finding about the game.
      bots = await this.botChoices.check(replayed.bots.game, replayed.botSeats, replayed.bots.decisions);
      checks.push(botChoicesCheck(bots));
    }
    return verifyAnswer({
      checks,
      botSeated: replayed.botSeats.length > 0,
      bots,
      mixes: mixesClientSeeds(doc, version),
    });
  }
}
