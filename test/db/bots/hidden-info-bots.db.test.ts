/**
 * Hidden information in games against a built-in bot (docs/fairness.md#the-built-in-bots-choices), as
 * hidden-info.db.test.ts checks it for two people: the running service, its bot worker and bot threads included.
 *
 * A built-in bot draws its random choices from a stream keyed by the game's server seed, read by the bot worker on
 * the server. So:
 * - while the game runs, nothing its opponent receives (game answers, move answers, subscription pushes, the
 *   export) and no line the server logs holds the server seed, the deal's key or any of the bot's keys;
 * - once it is over, the revealed seed gives every move the bot made (chooseBotMove with it, from the bot seat's
 *   view of the replayed game);
 * - while what is public (the game id, the version, the seat) and the bot's own view do not: the stream RandomBot
 *   drew from before `bot-key-v1` hits its choices no more often than luck would (it gave every one).
 */
import {
  BotName,
  GameState,
  RULES_VERSION,
  bytesToHex,
  botKey,
  commandOf,
  createBot,
  dealKey,
  legalMovesInView,
  publicStream,
  replayFrom,
  requireRulesVersion,
  viewFor,
} from '../../../src/engine';
import { chooseBotMove } from '../../../src/bots/bot-move';
import { exportFromValue, startingState } from '../../../src/export/verify-export';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import {
  GAME_FIELDS,
  GameData,
  MakeMoveData,
  chooseMove,
  readGameBody,
  watchGame,
} from '../../support/service/play';

/** The person creates each game and sits in seat 0; the bot takes seat 1. */
const PERSON = 0;
const BOT = 1;
/** RandomBot's decisions over all games, and how many of them at least are a choice among several legal moves. */
const RANDOM_DECISIONS = 100;
const RANDOM_CHOICES = 40;
/** ExpertBot's decisions (a search each): enough to see its moves replayed from the seed. */
const EXPERT_DECISIONS = 20;
/** A bound on the wait for the bot's move (a search takes a few hundred milliseconds at most). */
const BOT_MOVE_TIMEOUT_MS = 20_000;
/** How often the person looks whether the bot has moved. */
const POLL_MS = 20;

let app: InProcessApp;
/** Every line the server logged (the logger writes to stdout: docs/operations.md#logs). */
const logLines: string[] = [];
let stdoutWrite: jest.SpyInstance;

beforeAll(async () => {
  // Kept here rather than printed: at debug level the lines would bury the test's report.
  stdoutWrite = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    logLines.push(String(chunk));
    return true;
  });
  app = await startAppInProcess({
    env: { BOT_DELAY_MS: '0', LOG_LEVEL: 'debug', LOG_FORMAT: 'json' },
  });
});
afterAll(async () => {
  await app.close();
  stdoutWrite.mockRestore();
});

/** One decision of the bot, as the replay of the finished game shows it. */
interface BotDecision {
  readonly version: number;
  readonly state: GameState;
  readonly move: string;
}

/** A game against the bot, played until it had made `decisions` moves (or the game ended), then resigned. */
interface PlayedGame {
  readonly id: string;
  /** Everything the person received, and the server logged, while the game ran. */
  readonly receivedWhileRunning: readonly string[];
  readonly logWhileRunning: readonly string[];
  readonly seed: string;
  readonly clientSeeds: readonly string[];
  readonly rulesVersion: string;
  /** The number of events in its log. */
  readonly version: number;
  readonly decisions: readonly BotDecision[];
}

async function gql<T>(token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  return dataOf(await app.gql<T>(token, query, variables));
}

async function playAgainst(bot: 'RANDOM' | 'EXPERT', token: string, decisions: number): Promise<PlayedGame> {
  const logFrom = logLines.length;
  const received: string[] = [];
  /** Keeps what came while the game ran (an answer that shows it over may show its revealed seed). */
  const receive = (answer: unknown, running: boolean): void => {
    if (running) received.push(JSON.stringify(answer));
  };
  const created = await gql<{ createGame: GameData }>(
    token,
    `mutation($i: CreateGameInput!) { createGame(input: $i) { ${GAME_FIELDS} } }`,
    { i: { preset: 'CLASSIC', bot } },
  );
  let game = created.createGame;
  receive(created, game.status === 'ACTIVE');
  expect(game.players.map((entry) => entry.seat)).toEqual([PERSON, BOT]);
  const watch = watchGame(app.ws(token), game.id);
  let botMoves = 0;
  while (game.status === 'ACTIVE' && botMoves < decisions) {
    const before = game.version;
    if (game.currentSeat === PERSON) {
      const moved = await gql<{ makeMove: MakeMoveData }>(
        token,
        `mutation($g: ID!, $m: String!, $v: Int) { makeMove(gameId: $g, move: $m, expectedVersion: $v) {
          move { seq seat type move card slot } replayed game { ${GAME_FIELDS} } } }`,
        { g: game.id, m: chooseMove(game.legalMoves), v: before },
      );
      game = moved.makeMove.game;
      receive(moved, game.status === 'ACTIVE');
      const exported = await gql<{ exportGame: { status: string } }>(
        token,
        'query($g: ID!) { exportGame(id: $g) }',
        { g: game.id },
      );
      receive(exported, exported.exportGame.status === 'ACTIVE');
      continue;
    }
    // The bot's turn: the person looks again until the turn is back or the game is over (within a bound).
    const deadline = Date.now() + BOT_MOVE_TIMEOUT_MS;
    while (game.status === 'ACTIVE' && game.currentSeat !== PERSON) {
      if (Date.now() > deadline) throw new Error(`the bot did not move within ${BOT_MOVE_TIMEOUT_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const body = await readGameBody(app, token, game.id);
      game = dataOf(body).game!;
      receive(body, game.status === 'ACTIVE');
    }
    botMoves += game.version - before;
  }
  watch.stop();
  expect(watch.pushes.length).toBeGreaterThan(0);
  for (const push of watch.pushes) receive(push, push.data?.gameUpdated.status === 'ACTIVE');
  // What was kept came while the game ran: its seed was secret all along.
  expect(received.length).toBeGreaterThan(botMoves);
  expect(received.every((text) => text.includes('"seed":null'))).toBe(true);
  const logWhileRunning = logLines.slice(logFrom);
  if (game.status === 'ACTIVE') {
    await gql(token, 'mutation($g: ID!) { resign(gameId: $g) { id } }', { g: game.id });
  }

  const doc = exportFromValue(
    (await gql<{ exportGame: unknown }>(token, 'query($g: ID!) { exportGame(id: $g) }', { g: game.id }))
      .exportGame,
  );
  expect(doc.status).toBe('FINISHED');
  const start = startingState(doc);
  if (!start.ok) throw new Error(start.error);
  let state = start.state;
  const found: BotDecision[] = [];
  for (const event of doc.events) {
    const command = commandOf(event.payload);
    if (event.seat === BOT && command.type === 'move') {
      found.push({ version: event.seq - 1, state, move: command.move });
    }
    const next = replayFrom(state, [event.payload]);
    if (!next.ok) throw new Error(`event ${event.seq} does not replay: ${next.violation.reason}`);
    state = next.state;
  }
  return {
    id: doc.id,
    receivedWhileRunning: received,
    logWhileRunning,
    seed: doc.seed!,
    clientSeeds: [...doc.players].sort((a, b) => a.seat - b.seat).map((player) => player.clientSeed!),
    rulesVersion: doc.rulesVersion,
    version: doc.version,
    decisions: found,
  };
}

/** Plays games against `bot` until it has made `decisions` moves in all. */
async function playGames(bot: 'RANDOM' | 'EXPERT', token: string, decisions: number): Promise<PlayedGame[]> {
  const games: PlayedGame[] = [];
  let made = 0;
  while (made < decisions) {
    expect(games.length).toBeLessThan(10);
    const game = await playAgainst(bot, token, decisions - made);
    games.push(game);
    made += game.decisions.length;
  }
  return games;
}

/** The secrets of a finished game: its server seed, its deal's key, and the bot's key of every decision. */
function secretsOf(game: PlayedGame): string[] {
  return [
    game.seed,
    bytesToHex(dealKey(game.seed, game.clientSeeds)),
    ...[...Array(game.version + 1).keys()].map((version) =>
      bytesToHex(botKey(game.seed, game.id, version, BOT)),
    ),
  ];
}

function expectKeptSecret(games: readonly PlayedGame[]): void {
  for (const game of games) {
    const secrets = secretsOf(game);
    const leaks = [...game.receivedWhileRunning, ...game.logWhileRunning].filter((text) =>
      secrets.some((secret) => text.includes(secret)),
    );
    expect(leaks).toEqual([]);
    // The log was captured: the bot worker's lines about its moves are there.
    expect(game.logWhileRunning.some((line) => line.includes(`moved in game ${game.id}`))).toBe(true);
  }
}

/** Every move the bot made is the one chooseBotMove makes with the revealed seed, from the bot seat's view. */
function expectReproducedFromSeed(engineBot: BotName, games: readonly PlayedGame[]): void {
  for (const game of games) {
    expect(game.rulesVersion).toBe(RULES_VERSION);
    const version = requireRulesVersion(game.rulesVersion);
    const replayed = game.decisions.map((decision) =>
      chooseBotMove(engineBot, viewFor(decision.state, BOT), version, game.seed, game.id, decision.version),
    );
    expect(replayed).toEqual(game.decisions.map((decision) => decision.move));
  }
}

describe('games against a built-in bot keep its choices secret until the end', () => {
  it('RandomBot: nothing received or logged holds a secret; the seed gives every choice, public data only luck', async () => {
    const token = await register(app, 'hid_vs_random');
    const games = await playGames('RANDOM', token, RANDOM_DECISIONS);
    expectKeptSecret(games);
    expectReproducedFromSeed('random', games);

    // The simulation an opponent could run before: the earlier versions' stream, named by public facts alone. It
    // gave every choice; now it hits only by luck, at 1/k for a choice among k legal moves (a forced play leaves
    // none to make, so those decisions are left out): at most four standard deviations above the luck expected.
    const choices = games.flatMap((game) =>
      game.decisions
        .map((decision) => ({ game, decision, view: viewFor(decision.state, BOT) }))
        .map((entry) => ({ ...entry, legal: legalMovesInView(entry.view) }))
        .filter((entry) => entry.legal.length > 1),
    );
    expect(choices.length).toBeGreaterThanOrEqual(RANDOM_CHOICES);
    const hits = choices.filter(({ game, decision, view, legal }) => {
      const stream = publicStream('bot', game.id, String(decision.version), String(BOT));
      return createBot('random').choose(view, legal, stream) === decision.move;
    }).length;
    const luck = choices.map(({ legal }) => 1 / legal.length);
    const expected = luck.reduce((sum, p) => sum + p, 0);
    const spread = Math.sqrt(luck.reduce((sum, p) => sum + p * (1 - p), 0));
    expect({ hits, byLuck: hits <= expected + 4 * spread }).toEqual({ hits, byLuck: true });
  });

  it('ExpertBot (its search in the bot threads): nothing received or logged holds a secret; the seed gives every choice', async () => {
    const token = await register(app, 'hid_vs_expert');
    const games = await playGames('EXPERT', token, EXPERT_DECISIONS);
    expectKeptSecret(games);
    expectReproducedFromSeed('expert', games);
  });
});
