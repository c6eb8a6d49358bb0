/**
 * `verifyGame` (docs/api/exports-and-verification.md#verifygame) checks every game whose seed is revealed —
 * finished, or called off — and says precisely why a game that can still be played has nothing to check yet.
 *
 * In a game against a built-in bot it also replays every move of the bot's seat as the bot's own choice (check 8
 * of src/export/verify-export.ts), in the copy's bot threads (src/export/bot-choice-checks.ts): the same finding as
 * the command-line checker's on the game's export; a move the bot would not make is found and named; one game's
 * replay at a time per copy, another refused with RATE_LIMITED and when to come back; each finding kept; and the
 * replays wait behind every bot turn in the threads.
 */
import { BOT_VERSIONS, commandOf, decide, legalMoves } from '../../../src/engine';
import { BotThreads } from '../../../src/bots/bot-threads';
import type { BotDecision as ThreadDecision } from '../../../src/bots/bot-thread';
import {
  BotChoicesOutcome,
  exportFromValue,
  replayExport,
  verifyExport,
} from '../../../src/export/verify-export';
import { BotChoiceChecks } from '../../../src/export/bot-choice-checks';
import { BOT, BotGame, botGame, botGameExport } from '../../unit/export/bot-game';
import { codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

import { createGame, joinGame, playAgainstBot } from '../../support/service/play';

let app: InProcessApp;
beforeAll(async () => {
  // The bots move at once: the games against them are played here move by move.
  app = await startAppInProcess({ env: { BOT_DELAY_MS: '0' } });
});
afterAll(async () => {
  await app.close();
});

const VERIFY =
  'query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment clientSeedsMatch replayMatches resultMatches message } }';
const VERIFY_BOTS =
  'query($g: ID!) { verifyGame(id: $g) { ok replayMatches resultMatches botChoicesMatch botDecisionsReplayed firstDifferingBotMove message } }';

async function abort(token: string, gameId: string): Promise<void> {
  dataOf(await app.gql(token, 'mutation($g: ID!) { abortGame(gameId: $g) { status } }', { g: gameId }));
}

it('refuses a waiting or a running game with GAME_NOT_ACTIVE and the reason SEED_SECRET', async () => {
  const ann = await register(app, 'verify_ann');
  const bob = await register(app, 'verify_bob');
  const waiting = await createGame(app, ann, { preset: 'CLASSIC' });
  for (const gameId of [
    waiting.id,
    (await joinGame(app, bob, (await createGame(app, ann, { preset: 'ZLOBA' })).id)).id,
  ]) {
    const body = await app.gql(null, VERIFY, { g: gameId });
    expect(codeOf(body)).toBe('GAME_NOT_ACTIVE');
    expect(body.errors?.[0]?.extensions?.reason).toBe('SEED_SECRET');
    expect(body.errors?.[0]?.message).toMatch(/its seed is secret until it is over/);
  }
});

it('verifies a game called off before the deal, and one called off after it, from their revealed seeds', async () => {
  const ann = await register(app, 'verify_cal');
  const bob = await register(app, 'verify_dan');
  const undealt = await createGame(app, ann, { preset: 'CLASSIC' });
  await abort(ann, undealt.id);
  expect(dataOf(await app.gql<{ verifyGame: unknown }>(null, VERIFY, { g: undealt.id })).verifyGame).toEqual({
    ok: true,
    seedMatchesCommitment: true,
    clientSeedsMatch: true,
    replayMatches: true,
    resultMatches: true,
    message:
      'the seed matches its commitment; the game was called off before the deal, so no deal or move is left to check',
  });
  const dealt = await createGame(app, ann, { preset: 'MODERN' });
  await joinGame(app, bob, dealt.id);
  await abort(bob, dealt.id);
  const verified = dataOf(
    await app.gql<{ verifyGame: { ok: boolean; message: string } }>(null, VERIFY, { g: dealt.id }),
  ).verifyGame;
  expect(verified).toMatchObject({
    ok: true,
    clientSeedsMatch: true,
    replayMatches: true,
    resultMatches: true,
  });
  expect(verified.message).toMatch(/client seeds are in order, every move replays legally/);
});

interface BotVerification {
  ok: boolean;
  replayMatches: boolean;
  resultMatches: boolean;
  botChoicesMatch: boolean;
  botDecisionsReplayed: number;
  firstDifferingBotMove: number | null;
  message: string;
}

describe('a game against a built-in bot', () => {
  let gameId: string;
  let botEvents: number;
  let token: string;

  beforeAll(async () => {
    token = await register(app, 'verify_eve');
    ({ gameId, botMoves: botEvents } = await playAgainstBot(app, token, 'RANDOM', 12));
  });

  it('is verified with every move of the bot replayed as its own choice: the checker’s finding on its export', async () => {
    const exported = exportFromValue(
      dataOf(
        await app.gql<{ exportGame: unknown }>(token, 'query($g: ID!) { exportGame(id: $g) }', { g: gameId }),
      ).exportGame,
    );
    expect(exported.status).toBe('FINISHED');
    expect(exported.players[BOT]!.botVersions).toEqual([BOT_VERSIONS.random]);
    const botMoves = exported.events.filter(
      (event) => event.seat === BOT && commandOf(event.payload).type === 'move',
    ).length;
    // Every event the bot made is a move of its own (12, or fewer when the game ended first).
    expect(botMoves).toBe(botEvents);
    expect(botMoves).toBeGreaterThan(0);

    const verified = dataOf(
      await app.gql<{ verifyGame: BotVerification }>(null, VERIFY_BOTS, { g: gameId }),
    ).verifyGame;
    const bots = `every move of a built-in bot is its own choice: ${botMoves} decisions of seat 1 RandomBot (random-1) replayed from its seat’s view`;
    expect(verified).toEqual({
      ok: true,
      replayMatches: true,
      resultMatches: true,
      botChoicesMatch: true,
      botDecisionsReplayed: botMoves,
      firstDifferingBotMove: null,
      message: `the seed matches its commitment, the client seeds are in order, every move replays legally and the result is the same; ${bots}`,
    });
    // The command-line checker, on the export, finds the same (check 8, src/export/verify-export.ts).
    const checks = verifyExport(exported);
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.find((check) => check.kind === 'botChoices')?.text).toBe(bots);
  });

  it('keeps its finding: asked again while another game’s replay runs, it answers at once', async () => {
    const checks = app.get(BotChoiceChecks);
    const other = replayOf(slowGame());
    let otherDone = false;
    const running = checks.check(other.game, other.seats, other.decisions).finally(() => (otherDone = true));
    const again = await app.gql<{ verifyGame: BotVerification }>(null, VERIFY_BOTS, { g: gameId });
    expect(dataOf(again).verifyGame).toMatchObject({ ok: true, botChoicesMatch: true });
    // Answered while the other replay still ran: from what was kept, not refused.
    expect(otherDone).toBe(false);
    expect((await running).ok).toBe(true);
  });
});

/** A long game against ExpertBot (about sixty searches): a replay that runs for a while. */
let slow: BotGame | undefined;
function slowGame(): BotGame {
  slow ??= botGame({ bot: 'expert', preset: 'classic', index: 21, overrides: { payoffSize: 5 } });
  return slow;
}

/** What verifyGame hands BotChoiceChecks for the game of `doc`'s export (src/export/game-verifier.ts). */
function replayOf(game: BotGame, doc = game.export) {
  const replayed = replayExport(exportFromValue(JSON.parse(JSON.stringify(doc))));
  if (replayed.bots === null) throw new Error('the export does not replay to its end');
  return { game: replayed.bots.game, seats: replayed.botSeats, decisions: replayed.bots.decisions };
}

describe('BotChoiceChecks: the bots’ moves replayed in the bot threads', () => {
  it('names the first move of the bot’s seat that is not the bot’s choice', async () => {
    const game = botGame({ bot: 'random', preset: 'zloba', index: 22, overrides: { payoffSize: 5 } });
    // A decision of the bot's from its fifth on that had another legal move: the server puts that one in its place.
    const index = game.botMoves.findIndex(
      (botMove, at) => at >= 4 && legalMoves(game.before[botMove - 1]!).length > 1,
    );
    const seq = game.botMoves[index]!;
    const before = game.before[seq - 1]!;
    const logged = commandOf(game.events[seq - 1]!);
    const loggedMove = logged.type === 'move' ? logged.move : null;
    const other = legalMoves(before).find((move) => move !== loggedMove)!;
    const substitute = decide(before, { type: 'move', seat: BOT, move: other });
    if (!substitute.ok) throw new Error(substitute.violation.reason);
    const tampered = botGameExport(game, [
      ...game.events.slice(0, seq - 1),
      ...substitute.events,
      { type: 'resigned', seat: 0 },
    ]);
    const replay = replayOf(game, tampered);
    const finding: BotChoicesOutcome = await app
      .get(BotChoiceChecks)
      .check(replay.game, replay.seats, replay.decisions);
    expect(finding).toEqual({
      ok: false,
      decisions: index + 1,
      replayed: index,
      unchecked: 0,
      firstDiffering: seq,
      text: expect.stringMatching(
        new RegExp(`^event ${seq} \\(seat 1, random-bot\\) is ${other}, but the bot \\(random-1\\) chooses `),
      ) as string,
    });
  });

  it('replays one game at a time: another is refused with RATE_LIMITED and when to come back, the same one waits', async () => {
    const checks = app.get(BotChoiceChecks);
    const long = replayOf(
      botGame({ bot: 'expert', preset: 'zloba', index: 25, overrides: { payoffSize: 5 } }),
    );
    const short = replayOf(
      botGame({ bot: 'random', preset: 'classic', index: 23, overrides: { payoffSize: 5 } }),
    );
    const first = checks.check(long.game, long.seats, long.decisions);
    // Refused at once while the first runs (it has not even finished its first search).
    const refused = await checks.check(short.game, short.seats, short.decisions).then(
      () => null,
      (error: unknown) => error as { code: string; message: string; extensions: Record<string, unknown> },
    );
    expect(refused?.code).toBe('RATE_LIMITED');
    expect(refused?.message).toMatch(
      /^the server is replaying another game's bot moves; try again in \d+ s$/,
    );
    const retryAfter = refused?.extensions.retryAfter as number;
    // Reckoned from the replay's decisions left, before it has timed one: 200 ms each.
    expect(retryAfter).toBe(Math.ceil((long.decisions.length * 200) / 1000));
    expect(refused?.extensions.http).toMatchObject({ status: 429 });
    // The same game asked again waits for the running replay's finding.
    const same = checks.check(long.game, long.seats, long.decisions);
    const [firstFinding, sameFinding] = await Promise.all([first, same]);
    expect(sameFinding).toBe(firstFinding);
    expect(firstFinding).toMatchObject({
      ok: true,
      decisions: long.decisions.length,
      replayed: long.decisions.length,
    });
    // Once it is done, the other runs.
    expect(await checks.check(short.game, short.seats, short.decisions)).toMatchObject({ ok: true });
  });

  it('is refused over HTTP with 429 and Retry-After while another game’s replay runs', async () => {
    const token = await register(app, 'verify_fay');
    const { gameId } = await playAgainstBot(app, token, 'RANDOM', 3);
    const long = replayOf(
      botGame({ bot: 'expert', preset: 'classic', index: 24, overrides: { payoffSize: 5 } }),
    );
    let longDone = false;
    const running = app
      .get(BotChoiceChecks)
      .check(long.game, long.seats, long.decisions)
      .finally(() => (longDone = true));
    const response = await app.post(JSON.stringify({ query: VERIFY_BOTS, variables: { g: gameId } }));
    const body = (await response.json()) as {
      errors?: { message: string; extensions: Record<string, unknown> }[];
    };
    expect(response.status).toBe(429);
    const retryAfter = body.errors?.[0]?.extensions.retryAfter;
    expect(body.errors?.[0]?.extensions.code).toBe('RATE_LIMITED');
    expect(response.headers.get('retry-after')).toBe(String(retryAfter));
    expect(longDone).toBe(false);
    await running;
    // Nothing was kept of the refusal: asked again, the game is verified.
    expect(
      dataOf(await app.gql<{ verifyGame: BotVerification }>(null, VERIFY_BOTS, { g: gameId })).verifyGame,
    ).toMatchObject({ ok: true, botChoicesMatch: true });
  });
});

describe('the bot threads', () => {
  let threads: BotThreads;
  afterAll(async () => {
    await threads.onModuleDestroy();
  });

  it('take a bot’s turn before every replay waiting for verifyGame', async () => {
    threads = new BotThreads({ size: 1 });
    const game = slowGame();
    const decision = (index: number): ThreadDecision => {
      const seq = game.botMoves[index]!;
      return {
        engineBot: 'expert',
        view: replayOf(game).decisions[index]!.view,
        rulesVersion: 'malice-rules-2+chacha20-v2+bot-key-v1',
        seed: game.seed,
        gameId: game.gameId,
        version: seq - 1,
      };
    };
    const finished: string[] = [];
    const replays = [0, 1, 2].map((index) =>
      threads.decide(decision(index), 'replay').then(() => finished.push(`replay ${index}`)),
    );
    const turn = threads.decide(decision(3)).then(() => finished.push('turn'));
    await Promise.all([...replays, turn]);
    // The first replay had the thread already; the turn went before the two that waited.
    expect(finished).toEqual(['replay 0', 'turn', 'replay 1', 'replay 2']);
  });
});
