/**
 * `presetRules(preset)`: a preset's own rules through the API (docs/rules.md §3.1), which a client shows as the
 * defaults of its rule overrides. They are exactly the options a game of that preset gets without overrides, and
 * the table's distinguishing values (docs/rules.md §1) read as written there.
 */
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

const OPTION_FIELDS = `blockWhenStuck blockedWhen centerTopRank completedPile deckMode firstPlayerTie forcedAces
  forcedPayoffPlay forcedTwoOnAce handSize jokersPerDeck lowCardsToSide maxCenterPiles { kind count } maxPlayers
  maxTurns minPlayers payoffCountVisible payoffSize refillWhenHandEmpty sideBuild sidePiles turnEnd wildRanks`;

const PRESETS = ['CLASSIC', 'ZLOBA', 'MODERN'] as const;

let app: InProcessApp;
let token: string;
beforeAll(async () => {
  app = await startAppInProcess();
  token = await register(app, 'preset_rules_ann');
});
afterAll(async () => {
  await app.close();
});

type Options = Record<string, unknown>;

async function presetRules(preset: (typeof PRESETS)[number], as: string | null): Promise<Options> {
  const body = await app.gql<{ presetRules: Options }>(
    as,
    `query($preset: Preset!) { presetRules(preset: $preset) { ${OPTION_FIELDS} } }`,
    { preset },
  );
  return dataOf(body).presetRules;
}

it.each(PRESETS)('%s: presetRules are the options of a game created without overrides', async (preset) => {
  const created = await app.gql<{ createGame: { options: Options } }>(
    token,
    `mutation($input: CreateGameInput!) { createGame(input: $input) { options { ${OPTION_FIELDS} } } }`,
    { input: { preset } },
  );
  expect(await presetRules(preset, token)).toEqual(dataOf(created).createGame.options);
});

it('reads the values of docs/rules.md §3.1, signed in or not', async () => {
  const classic = await presetRules('CLASSIC', null);
  const zloba = await presetRules('ZLOBA', null);
  const modern = await presetRules('MODERN', token);
  expect(classic).toMatchObject({
    maxPlayers: 2,
    maxCenterPiles: { kind: 'FIXED', count: 8 },
    forcedPayoffPlay: true,
  });
  expect(zloba).toMatchObject({
    minPlayers: 2,
    maxPlayers: 2,
    maxCenterPiles: { kind: 'FIXED', count: 4 },
    forcedTwoOnAce: true,
    lowCardsToSide: 'CENTER_FULL_ONLY',
  });
  expect(modern).toMatchObject({
    minPlayers: 2,
    maxPlayers: 6,
    maxCenterPiles: { kind: 'PLAYERS_PLUS_ONE', count: null },
    wildRanks: ['K'],
    centerTopRank: 'Q',
  });
});
