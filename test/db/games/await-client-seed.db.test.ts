/**
 * A bot game whose deal waits for its creator's seed (docs/api/games-and-moves.md#creategame,
 * docs/fairness.md, "Games against a built-in bot"), and the time controls createGame accepts as a public
 * query (timeControlChoices), through the API against the real Postgres:
 *
 * - `createGame(input: { bot, awaitClientSeed: true })`: the bot sits down, the game stays WAITING with its
 *   commitment public, nobody else can join or seek it; the creator's setClientSeed deals it, with the creator's
 *   seed recorded GIVEN_AFTER_COMMITMENT and the bot's stand-in, and the deal is the one those seeds give; the bot
 *   then moves on its own when it is its turn. The same with `opponent: "GreedyBot"`; abortGame calls a held game off.
 * - Without the flag nothing changes: the bot's seat deals the game in createGame.
 * - Wrong uses are refused with BAD_USER_INPUT naming the field, and setClientSeed by anyone not seated is FORBIDDEN.
 * - timeControlChoices lists exactly what createGame accepts.
 */
import { BotWorker } from '../../../src/bots/bot-worker';
import { RULES_VERSION, formatCard, optionsFor, setup, standInClientSeed } from '../../../src/engine';
import { GraphQLBody, codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { chooseMove, makeMove, resign } from '../../support/service/play';
import { until } from '../../support/service/outage';

let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess({ env: { BOT_DELAY_MS: '30' } });
});
afterAll(async () => {
  await app.close();
});

interface HeldGame {
  id: string;
  status: string;
  version: number;
  currentSeat: number | null;
  seedCommitment: string;
  seed: string | null;
  awaitClientSeed: boolean;
  legalMoves: string[];
  view: { hand: string[] };
  players: {
    seat: number;
    clientSeed: string | null;
    clientSeedSource: string | null;
    player: { username: string; isBot: boolean };
  }[];
}

const FIELDS = `id status version currentSeat seedCommitment seed awaitClientSeed legalMoves view { hand }
  players { seat clientSeed clientSeedSource player { username isBot } }`;

function createBody(
  token: string,
  input: Record<string, unknown>,
): Promise<GraphQLBody<{ createGame: HeldGame }>> {
  return app.gql<{ createGame: HeldGame }>(
    token,
    `mutation($i: CreateGameInput!) { createGame(input: $i) { ${FIELDS} } }`,
    { i: { preset: 'CLASSIC', ...input } },
  );
}

async function create(token: string, input: Record<string, unknown>): Promise<HeldGame> {
  return dataOf(await createBody(token, input)).createGame;
}

function setClientSeed(token: string, id: string, clientSeed: string) {
  return app.gql<{ setClientSeed: HeldGame }>(
    token,
    `mutation($g: ID!, $c: String!) { setClientSeed(gameId: $g, clientSeed: $c) { ${FIELDS} } }`,
    { g: id, c: clientSeed },
  );
}

async function read(token: string | null, id: string): Promise<HeldGame> {
  return dataOf(
    await app.gql<{ game: HeldGame }>(token, `query($g: ID!) { game(id: $g) { ${FIELDS} } }`, { g: id }),
  ).game;
}

function fieldOf(body: GraphQLBody): unknown {
  return body.errors?.[0]?.extensions?.['field'];
}

describe('awaitClientSeed', () => {
  it('holds a bot game WAITING until the creator’s setClientSeed deals it with that seed, and the bot then plays', async () => {
    const ann = await register(app, 'acs_ann');
    const carol = await register(app, 'acs_carol');
    const held = await create(ann, { bot: 'GREEDY', awaitClientSeed: true });
    expect(held).toMatchObject({ status: 'WAITING', awaitClientSeed: true, currentSeat: null, version: 0 });
    expect(held.seedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(held.players.map((seat) => [seat.seat, seat.player.username, seat.player.isBot])).toEqual([
      [0, 'acs_ann', false],
      [1, 'GreedyBot', true],
    ]);
    expect(held.view.hand).toEqual([]);
    expect(held.legalMoves).toEqual([]);

    // Every seat is taken: nobody can join it, and it is neither an open game nor a seek.
    const join = await app.gql(carol, 'mutation($g: ID!) { joinGame(gameId: $g) { id } }', { g: held.id });
    expect(codeOf(join)).toBe('GAME_NOT_ACTIVE');
    const open = await app.gql<{ games: { edges: { node: { id: string } }[] } }>(
      carol,
      'query { games(filter: { open: true }, first: 100) { edges { node { id } } } }',
    );
    expect(dataOf(open).games.edges.map((edge) => edge.node.id)).not.toContain(held.id);
    const seeks = await app.gql<{ seeks: { edges: { node: { id: string } }[] } }>(
      carol,
      'query { seeks(first: 100) { edges { node { id } } } }',
    );
    expect(dataOf(seeks).seeks.edges.map((edge) => edge.node.id)).not.toContain(held.id);
    // Someone not seated may not give it a seed (and so cannot deal it).
    expect(codeOf(await setClientSeed(carol, held.id, 'carol-1'))).toBe('FORBIDDEN');
    // The bot's worker has nothing to play meanwhile: its scan finds the game still waiting.
    await app.get(BotWorker).scan();
    expect((await read(ann, held.id)).status).toBe('WAITING');

    const dealt = dataOf(await setClientSeed(ann, held.id, 'ann-after-commitment')).setClientSeed;
    expect(dealt.status).toBe('ACTIVE');
    expect(dealt.seedCommitment).toBe(held.seedCommitment);
    expect(dealt.view.hand).toHaveLength(5);
    expect(dealt.players.map((seat) => [seat.clientSeed, seat.clientSeedSource])).toEqual([
      ['ann-after-commitment', 'GIVEN_AFTER_COMMITMENT'],
      [expect.stringMatching(/^[0-9a-f]{64}$/), 'SERVER_STAND_IN'],
    ]);
    // The seeds are fixed now.
    expect(codeOf(await setClientSeed(ann, held.id, 'ann-too-late'))).toBe('GAME_NOT_ACTIVE');

    // The bot moves on its own when the turn is its: at once if it was dealt the first turn, or after Ann's turn.
    let game = dealt;
    while (game.currentSeat === 0) {
      const moved = await makeMove(app, ann, game.id, chooseMove(game.legalMoves), game.version);
      game = await read(ann, dataOf(moved).makeMove.game.id);
    }
    const before = game.version;
    await until('the bot moved', async () => {
      game = await read(ann, held.id);
      return game.version > before && game.currentSeat === 0;
    });

    // Once the seed is revealed, the deal is the one of the server seed, Ann's seed and the bot's stand-in.
    await resign(app, ann, held.id);
    const over = await read(null, held.id);
    expect(over.players[1]!.clientSeed).toBe(standInClientSeed(over.seed!, 1));
    const deal = setup(
      optionsFor('classic'),
      {
        version: RULES_VERSION,
        seed: over.seed!,
        clientSeeds: ['ann-after-commitment', over.players[1]!.clientSeed!],
      },
      2,
    );
    expect(dealt.view.hand).toEqual(deal.seats[0]!.hand.map(formatCard));
    expect(dealt.currentSeat).toBe(deal.current);
    const verified = await app.gql<{ verifyGame: { clientSeedsMatch: boolean; replayMatches: boolean } }>(
      null,
      'query($g: ID!) { verifyGame(id: $g) { clientSeedsMatch replayMatches } }',
      { g: held.id },
    );
    expect(dataOf(verified).verifyGame).toEqual({ clientSeedsMatch: true, replayMatches: true });
  });

  it('works the same for opponent naming a built-in bot, and abortGame calls a held game off', async () => {
    const bea = await register(app, 'acs_bea');
    const held = await create(bea, { opponent: 'greedybot', awaitClientSeed: true });
    expect(held).toMatchObject({ status: 'WAITING', awaitClientSeed: true });
    expect(held.players[1]!.player.username).toBe('GreedyBot');
    const dealt = dataOf(await setClientSeed(bea, held.id, 'bea-1')).setClientSeed;
    expect(dealt.status).toBe('ACTIVE');
    expect(dealt.players[0]).toMatchObject({
      clientSeed: 'bea-1',
      clientSeedSource: 'GIVEN_AFTER_COMMITMENT',
    });

    const again = await create(bea, { bot: 'RANDOM', awaitClientSeed: true });
    const aborted = await app.gql<{ abortGame: { status: string } }>(
      bea,
      'mutation($g: ID!) { abortGame(gameId: $g) { status } }',
      { g: again.id },
    );
    expect(dataOf(aborted).abortGame.status).toBe('ABORTED');
    expect(codeOf(await setClientSeed(bea, again.id, 'bea-2'))).toBe('GAME_NOT_ACTIVE');
  });

  it('changes nothing without the flag: the bot’s seat deals the game in createGame', async () => {
    const cid = await register(app, 'acs_cid');
    const game = await create(cid, { bot: 'GREEDY', clientSeed: 'cid-early' });
    expect(game).toMatchObject({ status: 'ACTIVE', awaitClientSeed: false });
    expect(game.players[0]).toMatchObject({
      clientSeed: 'cid-early',
      clientSeedSource: 'GIVEN_BEFORE_COMMITMENT',
    });
    expect(codeOf(await setClientSeed(cid, game.id, 'cid-late'))).toBe('GAME_NOT_ACTIVE');
  });

  it('refuses the flag where it holds nothing, naming the field', async () => {
    const dee = await register(app, 'acs_dee');
    await register(app, 'acs_eve');
    const refusals: [Record<string, unknown>, string][] = [
      [{ awaitClientSeed: true }, 'awaitClientSeed'],
      [{ opponent: 'acs_eve', awaitClientSeed: true }, 'awaitClientSeed'],
      [{ bot: 'GREEDY', awaitClientSeed: true, clientSeed: 'dee-early' }, 'clientSeed'],
      [{ bot: 'GREEDY', awaitClientSeed: true, seed: 'chosen' }, 'awaitClientSeed'],
      [{ preset: 'MODERN', seats: 3, bot: 'GREEDY', awaitClientSeed: true }, 'awaitClientSeed'],
    ];
    for (const [input, field] of refusals) {
      const body = await createBody(dee, input);
      expect([codeOf(body), fieldOf(body)]).toEqual(['BAD_USER_INPUT', field]);
    }
    // An open game without the flag is unchanged: not held, dealt by the joiner.
    expect((await create(dee, {})).awaitClientSeed).toBe(false);
  });
});

describe('timeControlChoices', () => {
  it('lists exactly the time controls createGame accepts, for anyone', async () => {
    const fay = await register(app, 'acs_fay');
    const body = await app.gql<{
      timeControlChoices: { daysPerMove: number[]; hoursPerMoveMin: number; hoursPerMoveMax: number };
    }>(null, 'query { timeControlChoices { daysPerMove hoursPerMoveMin hoursPerMoveMax } }');
    const choices = dataOf(body).timeControlChoices;
    expect(choices).toEqual({
      daysPerMove: [1, 2, 3, 5, 7, 10, 14],
      hoursPerMoveMin: 1,
      hoursPerMoveMax: 48,
    });
    const accepted = async (input: Record<string, number>): Promise<string | undefined> =>
      codeOf(
        await app.gql(fay, 'mutation($i: CreateGameInput!) { createGame(input: $i) { id } }', {
          i: { preset: 'CLASSIC', ...input },
        }),
      );
    for (let days = 0; days <= 15; days++) {
      expect([days, await accepted({ daysPerMove: days })]).toEqual([
        days,
        choices.daysPerMove.includes(days) ? undefined : 'BAD_USER_INPUT',
      ]);
    }
    for (const hours of [choices.hoursPerMoveMin, choices.hoursPerMoveMax]) {
      expect(await accepted({ hoursPerMove: hours })).toBeUndefined();
    }
    for (const hours of [choices.hoursPerMoveMin - 1, choices.hoursPerMoveMax + 1]) {
      expect(await accepted({ hoursPerMove: hours })).toBe('BAD_USER_INPUT');
    }
  });
});
