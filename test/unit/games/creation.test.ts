/**
 * The create decision (src/games/domain/creation.ts): whether a request makes a game and the game it makes,
 * decided from the request and its inputs alone — the server seed, the id and the invited player are inputs.
 */
import fc from 'fast-check';
import { BUILTIN_BOTS } from '../../../src/players/builtin-bots';
import { RULES_VERSION, optionsFor, optionsOffPreset, seedCommitment } from '../../../src/engine';
import {
  CreateGameRequest,
  CreateInputs,
  createRequestRefusal,
  decideCreate,
} from '../../../src/games/domain/creation';

const ANN = '00000000-0000-4000-8000-0000000000a1';
const BOB = '00000000-0000-4000-8000-0000000000b2';
const SERVER_SEED = 'ab'.repeat(32);

const request: CreateGameRequest = {
  preset: 'classic',
  overrides: {},
  seats: undefined,
  rated: true,
  opponent: undefined,
  seed: undefined,
  position: undefined,
  secondsPerMove: 86_400,
  bot: undefined,
  clientSeed: undefined,
  awaitClientSeed: false,
};
const inputs: CreateInputs = {
  creatorId: ANN,
  opponentId: undefined,
  gameId: '00000000-0000-4000-8000-00000000c0de',
  serverSeed: SERVER_SEED,
};

describe('creating a game', () => {
  it('makes a waiting game from the server seed, committed to, with the creator in seat 0', () => {
    const decision = decideCreate(request, inputs);
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.game).toMatchObject({
      id: inputs.gameId,
      preset: 'classic',
      seats: 2,
      rated: true,
      seed: SERVER_SEED,
      seedCommitment: seedCommitment(RULES_VERSION, SERVER_SEED),
      rulesVersion: RULES_VERSION,
      dealChosen: false,
      invitedPlayerId: null,
      createdById: ANN,
      secondsPerMove: 86_400,
      creatorClientSeed: null,
      creatorClientSeedSource: null,
    });
    expect(decision.bot).toBeUndefined();
    expect(decision.events).toEqual([{ type: 'created', invitedPlayerId: null }]);
  });

  it('invites a player by id (the invitation is told), and a built-in bot invited by name is seated instead', () => {
    const invited = decideCreate({ ...request, opponent: 'bob' }, { ...inputs, opponentId: BOB });
    if (!invited.ok) throw new Error(invited.message);
    expect(invited.game.invitedPlayerId).toBe(BOB);
    expect(invited.events).toEqual([{ type: 'created', invitedPlayerId: BOB }]);
    const bot = BUILTIN_BOTS[0];
    const botGame = decideCreate(
      { ...request, opponent: bot.username },
      { ...inputs, opponentId: bot.playerId },
    );
    if (!botGame.ok) throw new Error(botGame.message);
    expect(botGame.game.invitedPlayerId).toBeNull();
    expect(botGame.bot?.playerId).toBe(bot.playerId);
  });

  it('records a creator’s client seed as given before the commitment', () => {
    const decision = decideCreate({ ...request, clientSeed: 'my-seed' }, inputs);
    if (!decision.ok) throw new Error(decision.message);
    expect(decision.game.creatorClientSeed).toBe('my-seed');
    expect(decision.game.creatorClientSeedSource).toBe('GIVEN_BEFORE_COMMITMENT');
  });

  it.each([
    [{ rated: true, seed: 'fixed' }, 'a rated game cannot fix its seed', {}],
    [{ rated: false, seed: '' }, 'a seed is 1–200 characters', { field: 'seed' }],
    [{ seats: 3 }, 'seats: must be from 2 to 2', { option: 'seats' }],
    [{ opponent: 'bob', bot: 'GREEDY' as const }, 'a bot or an invited opponent, not both', { field: 'bot' }],
    [
      { preset: 'modern' as const, seats: 3, opponent: 'bob' },
      'one opponent of a two-seat game',
      { field: 'opponent' },
    ],
    [{ clientSeed: 'not a seed!' }, 'clientSeed:', { field: 'clientSeed' }],
    [{ rated: false, seed: 'fixed', clientSeed: 'fine' }, 'dealt from it alone', { field: 'clientSeed' }],
    [{ rated: false, position: 'nonsense' }, 'position:', { field: 'position' }],
  ])('refuses %j as bad input, naming what is wrong', (change, message, details) => {
    const decision = decideCreate({ ...request, ...change }, inputs);
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.code).toBe('BAD_USER_INPUT');
    expect(decision.message).toContain(message);
    expect(decision.details).toMatchObject(details);
  });

  it('refuses a rated game whose rules are not its preset’s own, naming the options field (an unrated one may)', () => {
    // A one-card pay-off pile makes a rated win a matter of one move: ratings would be farmed.
    const farmed = decideCreate({ ...request, overrides: { payoffSize: 1 } }, inputs);
    expect(farmed).toMatchObject({
      ok: false,
      code: 'BAD_USER_INPUT',
      details: { field: 'options', option: 'payoffSize' },
    });
    if (farmed.ok) return;
    expect(farmed.message).toContain('payoffSize');
    expect(decideCreate({ ...request, rated: false, overrides: { payoffSize: 1 } }, inputs).ok).toBe(true);
    // Overrides that name the preset's own values change nothing, so the game is as standard as without them.
    const same = decideCreate(
      { ...request, preset: 'modern', overrides: { payoffSize: 20, wildRanks: ['K'], sideBuild: 'any' } },
      inputs,
    );
    expect(same.ok).toBe(true);
    // An added wild rank is a change of rules; the preset's own list given again is none.
    expect(optionsOffPreset('classic', { ...optionsFor('classic'), wildRanks: ['K', 'JOKER'] })).toEqual([
      'wildRanks',
    ]);
    expect(optionsOffPreset('modern', { ...optionsFor('modern', { wildRanks: ['K'] }) })).toEqual([]);
  });

  it('refuses an invitation of oneself, which only the looked-up id can tell', () => {
    expect(createRequestRefusal({ ...request, opponent: 'ann' }, SERVER_SEED)).toBeNull();
    const decision = decideCreate({ ...request, opponent: 'ann' }, { ...inputs, opponentId: ANN });
    expect(decision).toMatchObject({ ok: false, message: 'you cannot invite yourself' });
  });

  it('decides the same for the same request and inputs, and refuses exactly what the request alone refuses', () => {
    fc.assert(
      fc.property(
        fc.record({
          rated: fc.boolean(),
          seed: fc.option(fc.string({ maxLength: 3 }), { nil: undefined }),
          seats: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
          preset: fc.constantFrom('classic' as const, 'zloba' as const, 'modern' as const),
          clientSeed: fc.option(fc.constantFrom('good-seed', 'bad seed'), { nil: undefined }),
        }),
        (change) => {
          const asked = { ...request, ...change };
          const first = decideCreate(asked, inputs);
          expect(decideCreate(asked, inputs)).toEqual(first);
          expect(first.ok).toBe(createRequestRefusal(asked, SERVER_SEED) === null);
        },
      ),
      { numRuns: 200 },
    );
  });
});
