/**
 * The built-in bots' worker (docs/correspondence.md#the-built-in-bots). Every app copy runs one. A built-in bot is
 * a player account like any other: it moves through the same command path as people (GameHandler, a `move` command), from its
 * own seat's view only, shortly after its turn begins — in this worker, never inside the request that gave it the
 * turn.
 *
 * - It hears the built-in bots' YOUR_TURN events (EventBus.onPlayerEvents: committed events, announced to every
 *   copy that watches the bots, as every copy's worker does), waits `BOT_DELAY_MS`, then plays the game: it keeps
 *   moving while the turn is still the bot's (centre plays, then the discard that ends the turn), since YOUR_TURN
 *   fires only when the player to move changes.
 * - Before it computes a move, a copy claims the game at the version it decides on
 *   (bot-turn-claims.repository.ts): of the copies that heard the same YOUR_TURN, one computes and sends the move,
 *   and the others leave the turn to it. A claim runs out after BOT_CLAIM_MS, so a turn whose copy stopped mid-turn
 *   is taken up by another copy's scan.
 * - Each move is sent with the version it was decided on as expectedVersion and `bot:<version>` as clientMoveId,
 *   and the choice is deterministic per decision (bot-move.ts). Should two copies still act on the same turn (a
 *   claim that ran out), exactly one move is appended per version; the other gets the applied move back as a
 *   retry, or VERSION_CONFLICT, and simply reads the game again. The choice's randomness is keyed by the game's
 *   secret server seed (bot-move.ts), read here on the server and handed to the bot thread, never logged.
 * - A catch-up scan every few seconds finds active games whose player to move is a built-in bot and whose row has
 *   not changed for longer than the delay (a missed notification, a restart, a copy that stopped mid-turn), so no
 *   bot game stays stuck.
 * - Within one copy, one run at a time per game: a request for a game that is being played is remembered and run
 *   once more after the current run (it may have finished just before the new turn began).
 */
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { requireRulesVersion, viewFor } from '../engine';
import { ApiError } from '../errors/api-error';
import { DatabaseAvailability } from '../db/availability';
import { databaseFailureOf, describeFailure } from '../db/connection-errors';
import { onWorkerPool } from '../db/pools';
import { EventBus, PlayerEventMessage } from '../notifications/event-bus';
import { GamesService } from '../games/games.service';
import { GameHandler } from '../games/write/game-handler';
import { PrismaService } from '../prisma/prisma.service';
import { botClientMoveId } from './bot-move';
import { BotGamesRepository } from './bot-games.repository';
import { BotThreads } from './bot-threads';
import { BotTurnClaims } from './bot-turn-claims.repository';
import { ThinkingBudget } from './thinking-budget';
import type { GameRecord } from '../games/domain/game-record';
import { BUILTIN_BOTS, builtinBotById, builtinBotVersion } from '../players/builtin-bots';

/** How often the catch-up scan runs. Only a safety net: the YOUR_TURN events drive the bots. */
export const BOT_SCAN_INTERVAL_MS = 2_000;
/** A bound on one run's moves: a turn is a few moves, so this is only a guard against a loop that never ends. */
const MAX_MOVES_PER_RUN = 200;
/** Past this many, `versioned` starts again (each seat then costs one more no-op update). */
const VERSIONED_LIMIT = 10_000;

/** What one step of a run did. */
type Step = 'moved' | 'raced' | 'done';

@Injectable()
export class BotWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BotWorker.name);
  /** The run in progress per game in this copy. */
  private readonly runs = new Map<string, Promise<void>>();
  /** Games asked for while their run was in progress: run once more when it ends. */
  private readonly again = new Set<string>();
  /** Pending waits between a YOUR_TURN and the bot's move. */
  private readonly waits = new Set<NodeJS.Timeout>();
  private scanTimer: NodeJS.Timeout | null = null;
  private scanning: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopping = false;
  private readonly claims: BotTurnClaims;
  /** The expert's thinking time guests' games share on this copy (GUEST_EXPERT_MS_PER_MINUTE). */
  private readonly guestThinking: ThinkingBudget;
  private readonly botGames: BotGamesRepository;
  /** Bot seats (`game:seat`) whose versions this copy has seen to hold its own (recordVersion). */
  private readonly versioned = new Set<string>();

  constructor(
    private readonly games: GamesService,
    private readonly handler: GameHandler,
    private readonly events: EventBus,
    prisma: PrismaService,
    private readonly clock: Clock,
    private readonly availability: DatabaseAvailability,
    private readonly threads: BotThreads,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {
    this.claims = new BotTurnClaims(prisma.pool);
    this.botGames = new BotGamesRepository(prisma.pool);
    this.guestThinking = new ThinkingBudget(config.guests.expertMsPerMinute);
  }

  /** Whether every person seated in `game` is a guest (src/players/guest-policy.ts). */
  private onlyGuests(game: GameRecord): boolean {
    const people = game.players.filter((seat) => builtinBotById(seat.playerId) === undefined);
    return people.length > 0 && people.every((seat) => seat.player.guestSince !== null);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.unsubscribe = await this.events.onPlayerEvents(
      BUILTIN_BOTS.map((bot) => bot.playerId),
      (event) => this.heard(event),
    );
    this.scanTimer = setInterval(() => void this.scan(), BOT_SCAN_INTERVAL_MS);
    this.scanTimer.unref();
    // After a restart, bot turns that began while no copy ran are taken up at once, not an interval later.
    void this.scan();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    if (this.scanTimer !== null) clearInterval(this.scanTimer);
    for (const wait of this.waits) clearTimeout(wait);
    this.waits.clear();
    // A move in flight finishes (or fails) before the database connections close.
    await Promise.allSettled([...this.runs.values(), ...(this.scanning === null ? [] : [this.scanning])]);
    // This copy's claims go with it, so that another copy takes those turns up at its next scan, not BOT_CLAIM_MS
    // later. (With the database gone, they simply run out.)
    await this.claims.releaseAll().catch(() => undefined);
  }

  /** One catch-up pass: starts a run for every game stalled on a built-in bot (exposed for tests and tools). */
  async scan(): Promise<void> {
    // While the database is down the scan waits (its outage is logged once); the first scan after it takes up every
    // bot turn that began or was cut short meanwhile.
    if (this.stopping || this.scanning !== null || !this.availability.databaseUp) return;
    this.scanning = onWorkerPool(() => this.findStalled())
      .then((ids) => ids.forEach((id) => this.play(id)))
      .catch((error: unknown) => this.report('bot catch-up scan failed', error))
      .finally(() => (this.scanning = null));
    await this.scanning;
  }

  private async findStalled(): Promise<string[]> {
    const now = this.clock.now();
    // Expired claims count as none already, and an ended game has no turn left: removing them keeps the table
    // to the turns being played.
    await this.claims.deleteStale(now);
    const since = new Date(now.getTime() - this.config.workers.botDelayMs);
    return this.botGames.stalled(
      BUILTIN_BOTS.map((bot) => bot.playerId),
      since,
    );
  }

  private heard(event: PlayerEventMessage): void {
    if (event.kind !== 'YOUR_TURN' || event.gameId === null || builtinBotById(event.playerId) === undefined) {
      return;
    }
    this.playIn(event.gameId, this.config.workers.botDelayMs);
  }

  /** Plays the game after `ms`. */
  private playIn(gameId: string, ms: number): void {
    if (this.stopping) return;
    const wait = setTimeout(() => {
      this.waits.delete(wait);
      this.play(gameId);
    }, ms);
    wait.unref();
    this.waits.add(wait);
  }

  /** Starts a run for the game, or asks the run in progress for another pass. */
  private play(gameId: string): void {
    if (this.stopping) return;
    if (this.runs.has(gameId)) {
      this.again.add(gameId);
      return;
    }
    // The bots' moves are background work, on the workers' own pool (src/db/pools.ts).
    const run = onWorkerPool(() => this.run(gameId))
      .catch((error: unknown) => this.report(`bot move in game ${gameId} failed`, error))
      .finally(() => {
        this.runs.delete(gameId);
        if (this.again.delete(gameId)) this.play(gameId);
      });
    this.runs.set(gameId, run);
  }

  /**
   * Moves for the bot for as long as the turn it found is still the bot's. A later bot turn is left to its own
   * YOUR_TURN (or the scan), so that every turn gets its delay even when the person answers within milliseconds.
   */
  private async run(gameId: string): Promise<void> {
    let turn: number | null = null;
    for (let step = 0; step < MAX_MOVES_PER_RUN && !this.stopping; step++) {
      const outcome = await this.step(gameId, turn);
      if (outcome.step === 'done') return;
      turn = outcome.turn;
    }
  }

  /**
   * Reads the game and, if a built-in bot is to move (in turn `turn` of the engine's count, when given), makes its
   * move. Returns what happened and the turn it was in.
   */
  private async step(gameId: string, turn: number | null): Promise<{ step: Step; turn: number }> {
    const game = await this.games.get(gameId);
    const done = { step: 'done', turn: turn ?? -1 } as const;
    if (game.status !== 'ACTIVE' || game.currentSeat === null || game.currentPlayerId === null) {
      return done;
    }
    const bot = builtinBotById(game.currentPlayerId);
    const seat = game.currentSeat;
    if (bot === undefined || game.players.find((entry) => entry.seat === seat)?.playerId !== bot.playerId) {
      return done;
    }
    // A run's first move waits until the turn is BOT_DELAY_MS old: the run may have been asked for by an earlier
    // turn, and a timer may fire a little early. Try again when the delay is over.
    const early =
      (game.turnStartedAt?.getTime() ?? 0) + this.config.workers.botDelayMs - this.clock.now().getTime();
    if (turn === null && early > 0) {
      this.playIn(gameId, early);
      return done;
    }
    // Guests' games share the expert's thinking time (src/bots/thinking-budget.ts): past it, the turn waits.
    const guestsOnly = bot.engineBot === 'expert' && this.onlyGuests(game);
    if (guestsOnly) {
      const wait = this.guestThinking.waitMs(this.clock.now().getTime());
      if (wait > 0) {
        this.playIn(gameId, wait);
        return done;
      }
    }
    const folded = await this.games.folded(game);
    if (turn !== null && folded.state.turn !== turn) return done;
    // Another copy holds this decision: it computes and sends the move (or, should it stop, its claim runs out and
    // a scan takes the turn up again).
    if (!(await this.claims.claimBotTurn(game.id, game.version, this.clock.now()))) return done;
    // The bot's own view, never the state: it decides on what its seat may see, as a person would. The game
    // folded, so its rules version is one this engine knows. The decision is computed in a bot thread, off the
    // event loop (a searching bot spends up to a few hundred milliseconds on it). The server seed keys the bot's
    // random stream (bot-move.ts), so nobody can replay its choices before the end; it goes to the thread only.
    const started = performance.now();
    const move = await this.threads.decide({
      engineBot: bot.engineBot,
      view: viewFor(folded.state, seat),
      rulesVersion: requireRulesVersion(game.rulesVersion),
      seed: game.seed,
      gameId: game.id,
      version: game.version,
    });
    if (guestsOnly) this.guestThinking.spend(performance.now() - started, this.clock.now().getTime());
    if (move === null) {
      this.logger.warn(`game ${gameId} at version ${game.version}: ${bot.username} has no legal move`);
      return done;
    }
    const current = folded.state.turn;
    await this.recordVersion(gameId, seat, builtinBotVersion(bot));
    try {
      const { game: after } = await this.handler.handle(gameId, {
        type: 'move',
        playerId: bot.playerId,
        move,
        expectedVersion: game.version,
        clientMoveId: botClientMoveId(game.version),
      });
      // Which move is not logged: the line is about the worker, and a move's notation belongs to the game's log.
      this.logger.log(
        `${builtinBotVersion(bot)} moved in game ${gameId} (version ${after.version}), decided in ${Math.round(performance.now() - started)} ms`,
      );
      if (after.status !== 'ACTIVE') {
        // The bot's move ended the game: no turn of it is left to claim.
        await this.claims.forgetGame(gameId);
        return done;
      }
      return { step: 'moved', turn: current };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      switch (error.code) {
        // Another copy's worker (or a deadline) moved the game on first: read it again and carry on from there.
        case 'VERSION_CONFLICT':
        case 'NOT_YOUR_TURN':
          return { step: 'raced', turn: current };
        case 'GAME_NOT_ACTIVE':
          return done;
        default:
          throw error;
      }
    }
  }

  /**
   * The seat lists every version of the bot's play that moved in it: before this copy's first move in a game, it
   * adds its own version unless the seat has it (a copy of another version seated the bot: an upgrade mid-game).
   * Once per game and copy, from the database rather than the seats read at the deal, which another copy of
   * another version may have changed since.
   */
  private async recordVersion(gameId: string, seat: number, version: string): Promise<void> {
    const key = `${gameId}:${seat}`;
    if (this.versioned.has(key)) return;
    await this.handler.handle(gameId, { type: 'noteBotVersion', seat, botVersion: version });
    if (this.versioned.size >= VERSIONED_LIMIT) this.versioned.clear();
    this.versioned.add(key);
  }

  private report(message: string, error: unknown): void {
    // Errors while the app shuts down are the closing connections, not bugs.
    if (this.stopping) return;
    // The database failed: the game is taken up again by the catch-up scan once it answers.
    if (databaseFailureOf(error) !== null) {
      this.logger.warn(`${message}, the database is unavailable: ${describeFailure(error)}`);
      return;
    }
    this.logger.error(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  }
}
