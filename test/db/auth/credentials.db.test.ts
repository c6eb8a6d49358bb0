/**
 * Games are cached per app copy and handed to resolvers, exports and bots; a signed-in viewer is cached too. None
 * of those caches may hold a credential: no password hash (argon2id, `$argon2…`) and no token hash. The test plays
 * a game over the API, reads it back in the ways the API reads games (one game, a list, the player's turn list),
 * then searches everything the game and auth services keep.
 */
import { AuthService } from '../../../src/auth/auth.service';
import { GameStore } from '../../../src/games/persistence/game-store';
import { GamesService } from '../../../src/games/games.service';
import { PlayersService } from '../../../src/players/players.service';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';
import { chooseMove, createGame, joinGame, makeMove, readGame } from '../../support/service/play';

let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

/**
 * Every string and key a service keeps in its collections (its caches: maps, sets, arrays), reached through
 * plain objects, arrays, maps and sets. Its other fields are services of their own (the Prisma client, the
 * pool), not data it keeps.
 */
function cachedBy(service: object): { strings: string[]; keys: string[] } {
  const strings: string[] = [];
  const keys: string[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      strings.push(value);
      return;
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return;
    seen.add(value);
    if (value instanceof Map) {
      for (const [key, entry] of value) {
        visit(key);
        visit(entry);
      }
      return;
    }
    if (value instanceof Set || Array.isArray(value)) {
      for (const entry of value) visit(entry);
      return;
    }
    const prototype = Object.getPrototypeOf(value) as unknown;
    if (prototype !== Object.prototype && prototype !== null) return;
    for (const [key, entry] of Object.entries(value)) {
      keys.push(key);
      visit(entry);
    }
  };
  for (const field of Object.values(service)) {
    if (field instanceof Map || field instanceof Set || Array.isArray(field)) visit(field);
  }
  return { strings, keys };
}

it('no cache of games or viewers holds a password hash or a token hash', async () => {
  const alice = await register(app, 'cache_alice');
  const bob = await register(app, 'cache_bob');
  const created = await createGame(app, alice, { preset: 'CLASSIC' });
  await joinGame(app, bob, created.id);
  for (let i = 0; i < 4; i++) {
    const game = await readGame(app, alice, created.id);
    const mover = game.currentSeat === 0 ? alice : bob;
    const seen = await readGame(app, mover, created.id);
    dataOf(await makeMove(app, mover, created.id, chooseMove(seen.legalMoves ?? []), seen.version));
  }
  const page = 'edges { node { id players { player { username } } } }';
  dataOf(await app.gql(alice, `query { games(first: 10) { ${page} } }`));
  dataOf(await app.gql(bob, `query { games(first: 10, filter: { myTurn: true }) { ${page} } }`));
  dataOf(await app.gql(bob, 'query { dashboard { myTurn opponentsTurn } }'));

  // GamesService keeps nothing of its own: the one cache of games is GameStore's (one entry per game).
  expect(cachedBy(app.get(GamesService)).strings).toEqual([]);
  for (const service of [app.get(GameStore), app.get(AuthService)]) {
    const { strings, keys } = cachedBy(service);
    expect(strings.length).toBeGreaterThan(0);
    expect(strings.filter((text) => text.startsWith('$argon2'))).toEqual([]);
    expect(keys.filter((key) => /passwordHash|password_hash|tokenHash|token_hash/.test(key))).toEqual([]);
  }
  // Nor does a player looked up by another module carry one (the ratings, the games, the resolvers).
  const players = app.get(PlayersService);
  for (const player of [await players.named('cache_alice'), await players.byUsername('cache_bob')]) {
    expect(Object.keys(player ?? {}).sort()).toEqual([
      'createdAt',
      'deletedAt',
      'disabledAt',
      'guestSince',
      'id',
      'isAdmin',
      'isBot',
      'username',
    ]);
  }
  expect(JSON.stringify(await players.apiTokens((await players.named('cache_alice')).id))).not.toMatch(
    /hash/i,
  );
  // The search does reach the cached games: their players' names are there.
  expect(cachedBy(app.get(GameStore)).strings).toContain('cache_alice');
});
