/**
 * Built-in opponents and bot accounts through the API (docs/correspondence.md, "The built-in bots" and "Bot
 * accounts for third parties").
 *
 * - A person plays whole games against GreedyBot and RandomBot (one with a time control) using only the API; the
 *   bot answers on its own, and the log shows every bot move made by the bot's account, in the bot's turn (the
 *   server's own replay check), under the worker's clientMoveId for that version, and never before BOT_DELAY_MS.
 * - A rated game against GreedyBot changes both players' ratings; the bot is marked as a bot in every listing.
 * - Two app copies on one database: both workers hear each YOUR_TURN, yet each decision is appended once; the
 *   turn claims are gone once the game is over.
 * - A bot's seat records the versions of its play (GamePlayer.botVersions, the export): the one that took the
 *   seat, and another that moves in it later (an upgrade mid-game), once each, in order of first use.
 * - A bot turn whose notification no running copy heard (the copy stopped) is taken up by the catch-up scan of
 *   the next copy to start.
 * - Third-party bot accounts: upgradeToBotAccount, bot:play tokens, the refusals, isBot in listings.
 */
import { hash as argon2Hash } from '@node-rs/argon2';
import { botClientMoveId } from '../../../src/bots/bot-move';
import { BUILTIN_BOTS } from '../../../src/players/builtin-bots';
import { BOT_VERSIONS, newDeal, optionsFor, setup } from '../../../src/engine';
import { GraphQLBody, TestApp, codeOf, dataOf, register, startTestApp } from '../../support/service/app';
import { sql } from '../../support/service/database';
import {
  GAME_FIELDS,
  GameData,
  chooseMove,
  findSeed,
  makeMove,
  playGame,
  readGame,
} from '../../support/service/play';

const BOT_DELAY_MS = 30;
const ENV = { BOT_DELAY_MS: String(BOT_DELAY_MS) };
const UPGRADE_TO_BOT = 'mutation { upgradeToBotAccount { username isBot } }';
const GREEDY = BUILTIN_BOTS.find((bot) => bot.kind === 'GREEDY')!;
const RANDOM = BUILTIN_BOTS.find((bot) => bot.kind === 'RANDOM')!;
const EXPERT = BUILTIN_BOTS.find((bot) => bot.kind === 'EXPERT')!;

let app: TestApp;
let other: TestApp;

beforeAll(async () => {
  app = await startTestApp({ env: ENV });
  // A second copy of the app on the same database, with its own bot worker.
  other = await startTestApp({ databaseUrl: app.databaseUrl, env: ENV });
});
afterAll(async () => {
  await other.stop();
  await app.close();
});

async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

/** Polls `read` (every 10 ms) until `done` accepts what it returns. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`gave up waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await sleep(10);
  }
}

async function createBotGame(
  target: TestApp,
  token: string,
  input: Record<string, unknown>,
): Promise<GameData> {
  const body = await target.gql<{ createGame: GameData }>(
    token,
    `mutation($i: CreateGameInput!) { createGame(input: $i) { ${GAME_FIELDS} } }`,
    { i: { preset: 'CLASSIC', ...input } },
  );
  return dataOf(body).createGame;
}

/**
 * Plays the person's side with `chooseMove` until the game is over, through the API only: on their turn they
 * move (with expectedVersion and a clientMoveId); otherwise they poll `game(id)` until the turn comes back.
 * Requests go to the copies in `targets` in turn. `stopWhen` ends the loop early on the person's turn.
 */
async function playAgainstBot(
  targets: readonly TestApp[],
  token: string,
  gameId: string,
  stopWhen: (game: GameData) => boolean = () => false,
  clientMoveIdFor: (game: GameData) => string = (game) => `me:${game.version}`,
): Promise<GameData> {
  let request = 0;
  const next = (): TestApp => targets[request++ % targets.length]!;
  let game = await readGame(next(), token, gameId);
  const mySeat = game.mySeat;
  if (mySeat === null) throw new Error('the person does not sit in the game');
  for (let moves = 0; game.status === 'ACTIVE'; moves++) {
    if (moves > 5_000) throw new Error('the game does not end');
    if (game.currentSeat !== mySeat) {
      game = await until(
        () => readGame(next(), token, gameId),
        (seen) => seen.status !== 'ACTIVE' || seen.currentSeat === mySeat,
      );
      continue;
    }
    if (stopWhen(game)) return game;
    const body = await makeMove(
      next(),
      token,
      gameId,
      chooseMove(game.legalMoves),
      game.version,
      clientMoveIdFor(game),
    );
    game = dataOf(body).makeMove.game;
  }
  return game;
}

interface LogRow {
  seq: number;
  seat: number;
  type: string;
  actor_id: string;
  client_move_id: string | null;
  created_at: Date;
}

async function logOf(gameId: string): Promise<LogRow[]> {
  return sql<LogRow>(
    app.databaseUrl,
    `SELECT seq, (payload->>'seat')::int AS seat, type, actor_id, client_move_id, created_at
       FROM game_events WHERE game_id = $1::uuid ORDER BY seq`,
    [gameId],
  );
}

/**
 * What every bot game's log must show: versions 1…N with no gap; each event made by the account in its seat; each
 * bot move under the worker's clientMoveId for the version it was decided on; the first move of every bot turn no
 * sooner than BOT_DELAY_MS after the turn began; and a replay the server itself finds legal (a move out of turn
 * would not replay).
 */
async function checkBotLog(
  game: GameData,
  botId: string,
  personId: string,
  token: string,
): Promise<LogRow[]> {
  const log = await logOf(game.id);
  expect(log.map((row) => row.seq)).toEqual(log.map((_, index) => index + 1));
  expect(log.length).toBe(game.version);
  const botSeat = game.players.find((entry) => entry.player.id === botId)!.seat;
  const botMoves = log.filter((row) => row.seat === botSeat);
  expect(botMoves.length).toBeGreaterThan(0);
  for (const row of log) {
    expect(row.actor_id).toBe(row.seat === botSeat ? botId : personId);
    if (row.seat === botSeat) {
      expect(row.type).not.toBe('timedOut');
      expect(row.client_move_id).toBe(`bot:${row.seq - 1}`);
    }
  }
  const [started] = await sql<{ started_at: Date }>(
    app.databaseUrl,
    'SELECT started_at FROM games WHERE id = $1::uuid',
    [game.id],
  );
  for (const [index, row] of log.entries()) {
    const before = index === 0 ? null : log[index - 1]!;
    if (row.seat !== botSeat || (before !== null && before.seat === botSeat)) continue;
    const turnBegan = before === null ? started!.started_at : before.created_at;
    expect(row.created_at.getTime() - turnBegan.getTime()).toBeGreaterThanOrEqual(BOT_DELAY_MS);
  }
  const verified = await app.gql<{
    verifyGame: { ok: boolean; message: string };
    game: { dealChosen: boolean };
  }>(token, 'query($g: ID!) { verifyGame(id: $g) { ok message } game(id: $g) { dealChosen } }', {
    g: game.id,
  });
  // A game dealt from a chosen seed has no client seeds to check; any other has one per seat (the bot's a stand-in).
  const seeds = dataOf(verified).game.dealChosen ? '' : 'the client seeds are in order, ';
  // And every move of the bot's seat is the bot's own choice, replayed with the revealed seed (check 8).
  expect(dataOf(verified).verifyGame).toEqual({
    ok: true,
    message: expect.stringMatching(
      new RegExp(
        `^the seed matches its commitment, ${seeds}every move replays legally and the result is the same; ` +
          `every move of a built-in bot is its own choice: \\d+ decisions? of seat \\d [A-Za-z]+Bot \\([a-z]+-\\d+\\) replayed`,
      ),
    ) as string,
  });
  return log;
}

async function playerId(token: string): Promise<string> {
  return dataOf(await app.gql<{ me: { id: string } }>(token, 'query { me { id } }')).me.id;
}

/** A finished game's seats as GamePlayer shows them (over GraphQL) and as its export does. */
async function botVersionsOf(
  token: string,
  gameId: string,
): Promise<{ graphql: (string[] | null)[]; exported: (string[] | null)[] }> {
  const body = await app.gql<{
    game: { players: { seat: number; botVersions: string[] | null }[] };
    exportGame: { players: { botVersions: string[] | null }[] };
  }>(token, 'query($g: ID!) { game(id: $g) { players { seat botVersions } } exportGame(id: $g) }', {
    g: gameId,
  });
  const data = dataOf(body);
  const exported = data.exportGame;
  return {
    graphql: data.game.players.map((entry) => entry.botVersions),
    exported: exported.players.map((entry) => entry.botVersions),
  };
}

/** No bot worker failure was logged by either copy. */
function expectQuietWorkers(): void {
  for (const copy of [app, other]) expect(copy.output()).not.toMatch(/BotWorker|bot move in game/);
}

describe('built-in opponents', () => {
  it('GreedyBot answers on its own until the game is over', async () => {
    const token = await register(app, 'vs_greedy');
    const me = await playerId(token);
    const created = await createBotGame(app, token, { bot: 'GREEDY', seed: 'bots-greedy-1' });
    expect(created.status).toBe('ACTIVE');
    expect(created.players.map((entry) => entry.player.username)).toEqual(['vs_greedy', 'GreedyBot']);
    const finished = await playAgainstBot([app], token, created.id);
    expect(finished.status).toBe('FINISHED');
    expect(finished.result).not.toBeNull();
    await checkBotLog(finished, GREEDY.playerId, me, token);
    expectQuietWorkers();
  });

  it('RandomBot does too, with a time control (it moves long before the deadline)', async () => {
    const token = await register(app, 'vs_random');
    const me = await playerId(token);
    const created = await createBotGame(app, token, { bot: 'RANDOM', hoursPerMove: 1 });
    expect(created.players.map((entry) => entry.player.username)).toEqual(['vs_random', 'RandomBot']);
    const finished = await playAgainstBot([app], token, created.id);
    expect(finished.status).toBe('FINISHED');
    expect(finished.result?.reason).not.toBe('TIMED_OUT');
    await checkBotLog(finished, RANDOM.playerId, me, token);
    expectQuietWorkers();
  });

  it('ExpertBot (a search, in the bot threads) plays a whole game too, and its seat records the expert’s version', async () => {
    const token = await register(app, 'vs_expert');
    const me = await playerId(token);
    const created = await createBotGame(app, token, { bot: 'EXPERT', seed: 'bots-expert-1' });
    expect(created.players.map((entry) => entry.player.username)).toEqual(['vs_expert', 'ExpertBot']);
    const finished = await playAgainstBot([app], token, created.id);
    expect(finished.status).toBe('FINISHED');
    await checkBotLog(finished, EXPERT.playerId, me, token);
    expect(await botVersionsOf(token, created.id)).toEqual({
      graphql: [null, [BOT_VERSIONS.expert]],
      exported: [null, [BOT_VERSIONS.expert]],
    });
    expectQuietWorkers();
  });

  it('moves exactly once per decision when two app copies hear the same turn', async () => {
    const token = await register(app, 'two_copies');
    const me = await playerId(token);
    const created = await createBotGame(other, token, { bot: 'GREEDY' });
    // The person's requests alternate between the copies; both copies' workers hear every YOUR_TURN.
    const finished = await playAgainstBot([app, other], token, created.id);
    expect(finished.status).toBe('FINISHED');
    const log = await checkBotLog(finished, GREEDY.playerId, me, token);
    // Each version's bot move exists once: no clientMoveId twice, none without one.
    const botIds = log.filter((row) => row.actor_id === GREEDY.playerId).map((row) => row.client_move_id);
    expect(new Set(botIds).size).toBe(botIds.length);
    // Both copies saw to the bot's version: it is there once.
    expect(await botVersionsOf(token, created.id)).toEqual({
      graphql: [null, [BOT_VERSIONS.greedy]],
      exported: [null, [BOT_VERSIONS.greedy]],
    });
    // The bot's last move ended the game, or a claim of an earlier turn has run out: either way, once the scans
    // have passed, no claim of the game is left.
    await until(
      () => sql(app.databaseUrl, 'SELECT 1 FROM bot_turn_claims WHERE game_id = $1::uuid', [created.id]),
      (rows) => rows.length === 0,
      45_000,
    );
    expectQuietWorkers();
  });

  it('records the version of the bot’s play that took the seat, and one that moves in it later (an upgrade)', async () => {
    const token = await register(app, 'bot_versions');
    // A chosen deal in which the person moves first, so that no bot move comes before the seat is changed below.
    const seed = [...Array(100).keys()]
      .map((index) => `bot-versions-${index}`)
      .find((candidate) => setup(optionsFor('classic'), newDeal(candidate), 2).current === 0)!;
    const created = await createBotGame(app, token, { bot: 'GREEDY', seed });
    expect(created.currentSeat).toBe(0);
    const seated = await app.gql<{ game: { players: { botVersions: string[] | null }[] } }>(
      token,
      'query($g: ID!) { game(id: $g) { players { botVersions } } }',
      { g: created.id },
    );
    // Taking the seat recorded this server's version of GreedyBot's play; a person's seat has none.
    expect(dataOf(seated).game.players.map((entry) => entry.botVersions)).toEqual([
      null,
      [BOT_VERSIONS.greedy],
    ]);
    // As if a copy of an older release had seated the bot: the moves now come from this release's play.
    await sql(
      app.databaseUrl,
      `UPDATE game_players SET bot_versions = '{greedy-0}' WHERE game_id = $1::uuid AND seat = 1`,
      [created.id],
    );
    const finished = await playAgainstBot([app, other], token, created.id);
    expect(finished.status).toBe('FINISHED');
    expect(await botVersionsOf(token, created.id)).toEqual({
      graphql: [null, ['greedy-0', BOT_VERSIONS.greedy]],
      exported: [null, ['greedy-0', BOT_VERSIONS.greedy]],
    });
    expectQuietWorkers();
  });

  it('keeps moving when the person squats the clientMoveIds the bot sends next (bot:<version>): the game goes on', async () => {
    // The attack: the bot's ids are predictable, so the person sends each of their own moves under the id the bot
    // will send at the next version. With one id space per game, every bot move was refused as "used by another
    // player", every try, until the bot's clock ran out and the person won on time.
    const token = await register(app, 'squatter');
    const me = await playerId(token);
    const created = await createBotGame(app, token, { bot: 'GREEDY', hoursPerMove: 1 });
    const finished = await playAgainstBot(
      [app],
      token,
      created.id,
      () => false,
      (game) => botClientMoveId(game.version + 1),
    );
    expect(finished.status).toBe('FINISHED');
    expect(finished.result?.reason).not.toBe('TIMED_OUT');
    const log = await checkBotLog(finished, GREEDY.playerId, me, token);
    // The squatted ids are in the log twice, once for each player's own move.
    const mine = new Set(log.filter((row) => row.actor_id === me).map((row) => row.client_move_id));
    const shared = log.filter((row) => row.actor_id === GREEDY.playerId && mine.has(row.client_move_id));
    expect(shared.length).toBeGreaterThan(0);
    expectQuietWorkers();
  });

  it('rates a game against GreedyBot like any other, and lists the bot as a bot', async () => {
    const token = await register(app, 'rated_vs_bot');
    const created = await createBotGame(app, token, { bot: 'GREEDY', rated: true });
    // Play until each side has moved, then resign on the person's turn.
    const playing = await playAgainstBot([app], token, created.id, (game) => game.view.turn >= 2);
    expect(playing.status).toBe('ACTIVE');
    const resigned = await app.gql<{
      resign: {
        status: string;
        players: {
          player: { username: string; isBot: boolean };
          ratingBefore: number | null;
          ratingChange: number | null;
        }[];
      };
    }>(
      token,
      `mutation($g: ID!) { resign(gameId: $g) {
        status players { player { username isBot } ratingBefore ratingChange } } }`,
      { g: created.id },
    );
    const game = dataOf(resigned).resign;
    expect(game.status).toBe('FINISHED');
    const [person, bot] = game.players;
    expect(person!.player).toEqual({ username: 'rated_vs_bot', isBot: false });
    expect(bot!.player).toEqual({ username: 'GreedyBot', isBot: true });
    expect(person!.ratingChange).toBeLessThan(0);
    expect(bot!.ratingChange).toBeGreaterThan(0);

    const ratings = await app.gql<{
      player: { isBot: boolean; ratings: { preset: string; rating: number; games: number }[] };
    }>(null, 'query { player(username: "greedybot") { isBot ratings { preset rating games } } }');
    const greedy = dataOf(ratings).player;
    expect(greedy.isBot).toBe(true);
    const classic = greedy.ratings.find((rating) => rating.preset === 'CLASSIC')!;
    expect(classic.games).toBe(1);
    expect(classic.rating).toBeCloseTo(bot!.ratingBefore! + bot!.ratingChange!, 6);

    // Listings: head-to-head and (once the rating is established) the leaderboard show the bot as a bot.
    const h2h = await app.gql<{ headToHead: { opponent: { isBot: boolean }; games: number } }>(
      null,
      'query { headToHead(player: "rated_vs_bot", opponent: "GreedyBot") { opponent { isBot } games } }',
    );
    expect(dataOf(h2h).headToHead).toEqual({ opponent: { isBot: true }, games: 1 });
    await sql(app.databaseUrl, `UPDATE ratings SET deviation = 60 WHERE player_id = $1::uuid`, [
      GREEDY.playerId,
    ]);
    const board = await app.gql<{
      leaderboard: { edges: { node: { player: { username: string; isBot: boolean } } }[] };
    }>(null, 'query { leaderboard(preset: CLASSIC) { edges { node { player { username isBot } } } } }');
    expect(dataOf(board).leaderboard.edges.map((edge) => edge.node.player)).toContainEqual({
      username: 'GreedyBot',
      isBot: true,
    });
  });

  it('a bot turn nobody heard is taken up by the catch-up scan of the next copy to start', async () => {
    // A copy whose bot waits a minute after each YOUR_TURN: it hears the turn but does not move in this test.
    const slow = await startTestApp({ env: { BOT_DELAY_MS: '60000' } });
    let fresh: TestApp | null = null;
    try {
      const token = await register(slow, 'restarted');
      const created = await createBotGame(slow, token, { bot: 'RANDOM' });
      let game = await readGame(slow, token, created.id);
      while (game.currentSeat === game.mySeat) {
        game = dataOf(await makeMove(slow, token, created.id, chooseMove(game.legalMoves), game.version))
          .makeMove.game;
      }
      const waiting = game.version;
      // The bot's turn was told (YOUR_TURN, in the move's own transaction), and the slow copy has not moved on it.
      const told = await sql<{ count: number }>(
        slow.databaseUrl,
        `SELECT count(*)::int AS count FROM player_events
          WHERE game_id = $1::uuid AND player_id = $2::uuid AND kind = 'YOUR_TURN'`,
        [created.id, RANDOM.playerId],
      );
      expect(told[0]!.count).toBeGreaterThan(0);
      expect((await readGame(slow, token, created.id)).version).toBe(waiting);
      await slow.stop();
      // The next copy never hears that turn's YOUR_TURN: only its scan can find the game.
      fresh = await startTestApp({ databaseUrl: slow.databaseUrl, env: ENV });
      const moved = await until(
        () => readGame(fresh!, token, created.id),
        (seen) => seen.version > waiting && (seen.currentSeat === seen.mySeat || seen.status !== 'ACTIVE'),
      );
      const [first] = await sql<{ actor_id: string; client_move_id: string }>(
        slow.databaseUrl,
        'SELECT actor_id, client_move_id FROM game_events WHERE game_id = $1::uuid AND seq = $2',
        [created.id, waiting + 1],
      );
      expect(first).toEqual({ actor_id: RANDOM.playerId, client_move_id: `bot:${waiting}` });
      expect(moved.version).toBeGreaterThan(waiting);
    } finally {
      await fresh?.stop();
      await slow.close();
    }
  });
});

describe('bot accounts for third parties', () => {
  const UPGRADE = 'mutation { upgradeToBotAccount { username isBot } }';

  async function apiToken(
    token: string,
    scopes: string,
  ): Promise<GraphQLBody<{ createApiToken: { token: string } }>> {
    return app.gql<{ createApiToken: { token: string } }>(
      token,
      `mutation { createApiToken(scopes: [${scopes}]) { token } }`,
    );
  }

  it('an account with no games becomes a bot account for good, and plays with bot:play tokens', async () => {
    const session = await register(app, 'ThirdBot');
    const person = await register(app, 'bot_foe');
    // Before the upgrade: bot:play is refused to a person.
    const early = await apiToken(session, 'BOT_PLAY');
    expect(codeOf(early)).toBe('FORBIDDEN');
    expect(early.errors?.[0]?.extensions?.scope).toBe('BOT_PLAY');
    const reader = dataOf(await apiToken(session, 'GAME_READ')).createApiToken.token;
    const player = dataOf(await apiToken(session, 'GAME_PLAY')).createApiToken.token;
    const mine = 'query { games(filter: { mine: true }) { edges { node { id } } } }';
    expect(dataOf(await app.gql(player, mine))).toEqual({ games: { edges: [] } });

    // Only with a session token.
    expect(codeOf(await app.gql(player, UPGRADE))).toBe('FORBIDDEN');
    const upgraded = await app.gql<{ upgradeToBotAccount: { username: string; isBot: boolean } }>(
      session,
      UPGRADE,
    );
    expect(dataOf(upgraded).upgradeToBotAccount).toEqual({ username: 'ThirdBot', isBot: true });
    // Again: nothing changes (and there is no way back).
    expect(dataOf(await app.gql(session, UPGRADE))).toEqual(dataOf(upgraded));

    // Its person-era token that could play is revoked; the reading one still works and sees a bot.
    expect(codeOf(await app.gql(player, mine))).toBe('UNAUTHENTICATED');
    expect(dataOf(await app.gql(reader, 'query { me { isBot } }'))).toEqual({ me: { isBot: true } });
    // Its session reads but no longer plays.
    expect(codeOf(await app.gql(session, 'mutation { createGame(input: { preset: CLASSIC }) { id } }'))).toBe(
      'FORBIDDEN',
    );
    // game:play is refused to a bot account; bot:play is what it plays with.
    const refused = await apiToken(session, 'GAME_READ, GAME_PLAY');
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors?.[0]?.extensions?.scope).toBe('GAME_PLAY');
    const botToken = dataOf(await apiToken(session, 'BOT_PLAY')).createApiToken.token;
    const tokens = await app.gql<{ apiTokens: { scopes: string[] }[] }>(
      session,
      'query { apiTokens { scopes } }',
    );
    expect(dataOf(tokens).apiTokens.map((token) => token.scopes)).toEqual([['GAME_READ'], ['BOT_PLAY']]);

    // bot:play does everything a bot needs: read itself, create, and play a whole game.
    expect(dataOf(await app.gql(botToken, 'query { me { username isBot } }'))).toEqual({
      me: { username: 'ThirdBot', isBot: true },
    });
    const seed = findSeed('classic', 2, 'bot-account', 10, 300);
    const created = dataOf(
      await app.gql<{ createGame: { id: string } }>(
        botToken,
        'mutation($s: String!) { createGame(input: { preset: CLASSIC, seed: $s }) { id } }',
        { s: seed },
      ),
    ).createGame;
    const joined = await app.gql<{ joinGame: { currentSeat: number } }>(
      person,
      'mutation($g: ID!) { joinGame(gameId: $g) { currentSeat } }',
      { g: created.id },
    );
    const tokensBySeat = [botToken, person];
    // "Polling" the way a bot would: its turn shows in games(filter: { myTurn: true }).
    const botTurn = dataOf(joined).joinGame.currentSeat === 0;
    const myTurn = await app.gql<{ games: { edges: { node: { id: string } }[] } }>(
      botToken,
      'query { games(filter: { myTurn: true }) { edges { node { id } } } }',
    );
    expect(dataOf(myTurn).games.edges.map((edge) => edge.node.id)).toEqual(botTurn ? [created.id] : []);
    const finished = await playGame(app, tokensBySeat, created.id);
    expect(finished.status).toBe('FINISHED');

    // Marked as a bot wherever players are listed.
    const listed = await app.gql<{
      game: { players: { player: { username: string; isBot: boolean } }[] };
      games: { edges: { node: { players: { player: { username: string; isBot: boolean } }[] } }[] };
      player: { isBot: boolean };
    }>(
      null,
      `query($g: ID!) {
        game(id: $g) { players { player { username isBot } } }
        games(filter: { player: "ThirdBot" }) { edges { node { players { player { username isBot } } } } }
        player(username: "thirdbot") { isBot }
      }`,
      { g: created.id },
    );
    const seated = [
      { player: { username: 'ThirdBot', isBot: true } },
      { player: { username: 'bot_foe', isBot: false } },
    ];
    expect(dataOf(listed).game.players).toEqual(seated);
    expect(dataOf(listed).games.edges.map((edge) => edge.node.players)).toEqual([seated]);
    expect(dataOf(listed).player).toEqual({ isBot: true });
    // The worker leaves third-party bots alone: every move of this game was sent by the players themselves.
    const log = await logOf(created.id);
    expect(log.some((row) => row.client_move_id?.startsWith('bot:') === true)).toBe(false);
  });

  it('refuses the upgrade to an account that has joined a game', async () => {
    const session = await register(app, 'has_games');
    dataOf(await app.gql(session, 'mutation { createGame(input: { preset: CLASSIC }) { id } }'));
    const body = await app.gql(session, UPGRADE);
    expect(codeOf(body)).toBe('FORBIDDEN');
    expect(dataOf(await app.gql(session, 'query { me { isBot } }'))).toEqual({ me: { isBot: false } });
    // Still a person: bot:play stays refused, and it still plays.
    expect(codeOf(await app.gql(session, 'mutation { createApiToken(scopes: [BOT_PLAY]) { token } }'))).toBe(
      'FORBIDDEN',
    );
    dataOf(await app.gql(session, 'mutation { createGame(input: { preset: CLASSIC }) { id } }'));
  });

  it('is refused without a session', async () => {
    expect(codeOf(await app.gql(null, UPGRADE))).toBe('UNAUTHENTICATED');
  });
});

describe('names that look like a built-in bot', () => {
  const REGISTER =
    'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { player { username } } }';

  it('cannot be registered: Greedy-Botcf2, GreedyB0t, greedybot, Random_Bot and the like are reserved', async () => {
    for (const [username, bot] of [
      ['Greedy-Botcf2', 'GreedyBot'],
      ['GreedyB0t', 'GreedyBot'],
      ['greedybot', 'GreedyBot'],
      ['GR33DY_B0T', 'GreedyBot'],
      ['Random_Bot', 'RandomBot'],
      ['xRandornBot', 'RandomBot'],
      ['Expert_B0t', 'ExpertBot'],
    ] as const) {
      const body = await app.gql(null, REGISTER, { u: username, p: 'a long enough passphrase' });
      expect(codeOf(body)).toBe('BAD_USER_INPUT');
      expect(body.errors?.[0]?.extensions?.field).toBe('username');
      expect(body.errors?.[0]?.message).toBe(
        `the username ${username} is reserved: it looks like the built-in bot ${bot}`,
      );
    }
    const created = await sql<{ username: string }>(
      app.databaseUrl,
      'SELECT username FROM players WHERE username_key = ANY($1::text[])',
      [['greedy-botcf2', 'greedyb0t', 'gr33dy_b0t', 'random_bot', 'xrandornbot', 'expert_b0t']],
    );
    expect(created).toEqual([]);
    // Near misses are ordinary names.
    for (const username of ['GreedyGus', 'Robot_Rita', 'RandomAccess', 'ExpertWitness']) {
      expect(dataOf(await app.gql(null, REGISTER, { u: username, p: 'a long enough passphrase' }))).toEqual({
        register: { player: { username } },
      });
    }
  });

  it('an account named like one before the names were reserved cannot become a bot account', async () => {
    // Such an account, marked isBot, would pass for the built-in bot in every listing.
    const password = 'an old account of mine';
    await sql(
      app.databaseUrl,
      `INSERT INTO players (id, username, username_key, password_hash)
       VALUES (gen_random_uuid(), 'Rand0mBot', 'rand0mbot', $1)`,
      [await argon2Hash(password)],
    );
    const login = await app.gql<{ login: { token: string } }>(
      null,
      'mutation($p: String!) { login(username: "rand0mbot", password: $p) { token } }',
      { p: password },
    );
    const session = dataOf(login).login.token;
    const refused = await app.gql(session, UPGRADE_TO_BOT);
    expect(codeOf(refused)).toBe('FORBIDDEN');
    expect(refused.errors?.[0]?.message).toMatch(/looks like the built-in bot RandomBot/);
    expect(dataOf(await app.gql(session, 'query { me { isBot } }'))).toEqual({ me: { isBot: false } });
  });
});
