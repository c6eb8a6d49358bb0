/**
 * Seeks by rating (docs/social.md#seeks-by-rating) through GraphQL on a real Postgres: a seek with a range is
 * matched only with players in it whose own range takes the seeker; joining it directly from outside the range is
 * refused; a bad range is BAD_USER_INPUT. Ratings come from a rated game played to its end (a resignation).
 */
import { codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { createGame, joinGame, resign } from '../../support/service/play';

let app: InProcessApp;
let high: string; // rated above 1500 in classic after beating `low`
let low: string;
beforeAll(async () => {
  app = await startAppInProcess();
  high = await register(app, 'sr_high');
  low = await register(app, 'sr_low');
  const game = await createGame(app, high, { preset: 'CLASSIC', rated: true });
  await joinGame(app, low, game.id);
  await resign(app, low, game.id);
});
afterAll(async () => {
  await app?.close();
});

type Seek = {
  seekGame: { id: string; status: string };
};
const seek = (token: string, range: { below: number; above: number } | null) =>
  app.gql<Seek>(
    token,
    'mutation($r: SeekRatingRangeInput) { seekGame(input: { preset: CLASSIC, ratingRange: $r }) { id status } }',
    { r: range },
  );
async function ratingOf(username: string): Promise<number> {
  const body = await app.gql<{ player: { ratings: { preset: string; rating: number }[] } }>(
    null,
    'query($u: String!) { player(username: $u) { ratings { preset rating } } }',
    { u: username },
  );
  return dataOf(body).player.ratings.find((entry) => entry.preset === 'CLASSIC')!.rating;
}

it('a seek with a range is matched only with players in it, both ways', async () => {
  expect(await ratingOf('sr_high')).toBeGreaterThan(1550);
  expect(await ratingOf('sr_low')).toBeLessThan(1450);
  const mid = await register(app, 'sr_mid'); // unrated: 1500
  // Mid accepts only players within 20 points of 1500: High's and Low's seeks are not for Mid, nor Mid's for them.
  const midSeek = dataOf(await seek(mid, { below: 20, above: 20 })).seekGame;
  expect(midSeek.status).toBe('WAITING');
  const listed = await app.gql<{ seeks: { edges: { node: { id: string; ratingRange: unknown } }[] } }>(
    null,
    '{ seeks(first: 20) { edges { node { id ratingRange { min max } } } } }',
  );
  expect(dataOf(listed).seeks.edges.find((edge) => edge.node.id === midSeek.id)?.node.ratingRange).toEqual({
    min: 1480,
    max: 1520,
  });
  const highSeek = dataOf(await seek(high, null)).seekGame;
  expect(highSeek.id).not.toBe(midSeek.id);
  expect(highSeek.status).toBe('WAITING');
  // Joining Mid's seek by its id from outside its range is refused too.
  const join = 'mutation($id: ID!) { joinGame(gameId: $id) { id } }';
  expect(codeOf(await app.gql(low, join, { id: midSeek.id }))).toBe('FORBIDDEN');
  // Another unrated player is in Mid's range, and Mid in theirs: matched.
  const nia = await register(app, 'sr_nia');
  const niaSeek = dataOf(await seek(nia, { below: 100, above: 100 })).seekGame;
  expect(niaSeek).toEqual({ id: midSeek.id, status: 'ACTIVE' });
  // Low, whose range stops just short of High's rating, is not matched with High's seek (which has no range of its
  // own: anyone) and opens one.
  const [lowRating, highRating] = [await ratingOf('sr_low'), await ratingOf('sr_high')];
  const short = Math.floor(highRating - lowRating) - 1;
  const lowSeek = dataOf(await seek(low, { below: 0, above: short })).seekGame;
  expect(lowSeek.status).toBe('WAITING');
  expect(lowSeek.id).not.toBe(highSeek.id);
  // A new player whose range reaches High's rating (and leaves Low's out) takes High's seek, the oldest in range.
  const reach = Math.ceil(highRating - 1500) + 1;
  const other = dataOf(await seek(await register(app, 'sr_oli'), { below: 0, above: reach })).seekGame;
  expect(other).toEqual({ id: highSeek.id, status: 'ACTIVE' });
});

it('a range side outside 0–1000 is BAD_USER_INPUT', async () => {
  const pia = await register(app, 'sr_pia');
  const body = await seek(pia, { below: -1, above: 10 });
  expect(codeOf(body)).toBe('BAD_USER_INPUT');
  expect(codeOf(await seek(pia, { below: 0, above: 1001 }))).toBe('BAD_USER_INPUT');
});
