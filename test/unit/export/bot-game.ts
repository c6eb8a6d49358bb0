/**
 * A game against a built-in bot as the service plays it, by the engine alone: a 64-hex server seed, the person's
 * client seed and the bot's stand-in; the person (seat 0) plays greedy's moves, the bot (seat 1) the moves
 * `chooseBotMove` gives from its seat's view with the game's id, seed and version — what the bot worker sends
 * (src/bots/bot-worker.ts). Dressed as the export the service would give of it, with the bot's `botVersions`, so
 * that check 8 of src/export/verify-export.ts can be tried on honest and tampered logs.
 */
import { createHash } from 'node:crypto';
import {
  BOT_VERSIONS,
  BotName,
  Command,
  GameEvent,
  GameState,
  PresetName,
  RULES_VERSION,
  RuleOptions,
  RulesVersion,
  chooseBotMove,
  createBot,
  legalMovesInView,
  optionsFor,
  play,
  publicStream,
  replayFrom,
  seedCommitment,
  setup,
  standInClientSeed,
  takesClientSeeds,
  viewFor,
} from '../../../src/engine';
import { GameExport, buildGameExport } from '../../../src/export/game-export';
import { seatOutcomes } from '../../../src/games/domain/finish';

export const PERSON = 0;
export const BOT = 1;

export interface BotGameSpec {
  /** The engine bot that plays seat 1. */
  readonly bot: BotName;
  readonly preset: PresetName;
  readonly overrides?: Partial<RuleOptions>;
  /** Names the game: its id and its server seed. */
  readonly index: number;
  /** The rules version it is dealt under (default: what new games get). */
  readonly version?: RulesVersion;
  /** The person resigns once the bot has made this many decisions (default: the game is played to its end). */
  readonly botDecisions?: number;
}

export interface BotGame {
  readonly spec: BotGameSpec;
  readonly gameId: string;
  readonly seed: string;
  readonly clientSeeds: readonly string[];
  /** The log, and the true state before each event of it. */
  readonly events: readonly GameEvent[];
  readonly before: readonly GameState[];
  /** The seq of each event that is a bot's decision (a move of seat 1). */
  readonly botMoves: readonly number[];
  /** The seq of each move of the person. */
  readonly personMoves: readonly number[];
  readonly export: GameExport;
}

/** Plays `spec` to its end, or to the person's resignation after the bot's `botDecisions` moves. */
export function botGame(spec: BotGameSpec): BotGame {
  const version = spec.version ?? RULES_VERSION;
  const gameId = `0b0c0d0e-0000-4000-8000-${String(spec.index).padStart(12, '0')}`;
  const seed = createHash('sha256').update(`bot-game ${spec.bot} ${spec.preset} ${spec.index}`).digest('hex');
  const clientSeeds = takesClientSeeds(version) ? [`person-${spec.index}`, standInClientSeed(seed, BOT)] : [];
  let state = setup(optionsFor(spec.preset, spec.overrides), { version, seed, clientSeeds }, 2);
  const events: GameEvent[] = [];
  const before: GameState[] = [];
  const botMoves: number[] = [];
  const personMoves: number[] = [];
  const greedy = createBot('greedy');
  while (state.result === null) {
    const seat = state.current;
    const view = viewFor(state, seat);
    let command: Command;
    if (seat === PERSON && spec.botDecisions !== undefined && botMoves.length >= spec.botDecisions) {
      command = { type: 'resign', seat };
    } else {
      const move =
        seat === BOT
          ? chooseBotMove(spec.bot, view, version, seed, gameId, events.length)
          : greedy.choose(view, legalMovesInView(view), publicStream('test', 'person'));
      if (move === null) throw new Error(`no move for seat ${seat} at version ${events.length}`);
      command = { type: 'move', seat, move };
      (seat === BOT ? botMoves : personMoves).push(events.length + 1);
    }
    // One command, one event (src/engine/decide.ts).
    const decided = play(state, command);
    if (!decided.ok) throw new Error(`illegal ${JSON.stringify(command)}: ${decided.violation.reason}`);
    before.push(state);
    events.push(...decided.events);
    state = decided.state;
  }
  const game = { spec, gameId, seed, clientSeeds, events, before, botMoves, personMoves };
  return { ...game, export: botGameExport(game, events) };
}

/**
 * The export the service would give of `game` with the log `events` (the result and the outcomes replayed from
 * them), the seats listing `botVersions` (default: the bot's seat its bot's version, the person's none).
 */
export function botGameExport(
  game: Omit<BotGame, 'export'>,
  events: readonly GameEvent[],
  botVersions: readonly (readonly string[])[] = [[], [BOT_VERSIONS[game.spec.bot]]],
): GameExport {
  const version = game.spec.version ?? RULES_VERSION;
  const options = optionsFor(game.spec.preset, game.spec.overrides);
  const replayed = replayFrom(
    setup(options, { version, seed: game.seed, clientSeeds: game.clientSeeds }, 2),
    [...events],
  );
  if (!replayed.ok) throw new Error(`event ${replayed.index + 1}: ${replayed.violation.reason}`);
  const result = replayed.state.result;
  if (result === null) throw new Error('the game is not over');
  const usernames = ['person', `${game.spec.bot}-bot`];
  const outcomes = seatOutcomes(
    result,
    usernames.map((playerId, seat) => ({ seat, playerId })),
  );
  const at = (ms: number): Date => new Date(Date.parse('2026-12-07T12:00:00.000Z') + ms);
  return buildGameExport(
    {
      id: game.gameId,
      preset: game.spec.preset,
      options,
      seats: 2,
      rated: false,
      unratedReason: null,
      status: 'FINISHED',
      version: events.length,
      seed: game.seed,
      seedCommitment: seedCommitment(version, game.seed),
      rulesVersion: version,
      startPosition: null,
      dealChosen: false,
      result,
      createdAt: at(0),
      startedAt: at(1000),
      finishedAt: at(2000 + events.length),
      players: usernames.map((username, seat) => ({
        seat,
        clientSeed: game.clientSeeds[seat] ?? null,
        clientSeedSource:
          game.clientSeeds[seat] === undefined
            ? null
            : seat === BOT
              ? 'SERVER_STAND_IN'
              : 'GIVEN_AFTER_COMMITMENT',
        outcome: outcomes[seat]!.outcome,
        placement: outcomes[seat]!.placement,
        score: outcomes[seat]!.score,
        ratingBefore: null,
        ratingAfter: null,
        botVersions: botVersions[seat] ?? [],
        player: { username },
      })),
    },
    events.map((event, index) => ({ seq: index + 1, event, createdAt: at(2000 + index) })),
  );
}
