/**
 * At most PASSWORD_MAX_CONCURRENT_HASHES argon2 hashes at once per app copy (src/players/password-hasher.ts,
 * docs/operations.md#password-hashing), over real HTTP. With 1, and a hash in flight — a real argon2 hash, run in the
 * app's own hasher and held there by the test until it lets go, so the refusals below never depend on timing — a
 * sign-in, a sign-up, a password change and an account deletion are each refused at once with RATE_LIMITED (HTTP 429,
 * Retry-After: 1), and change nothing: no account made, no password changed, no account deleted, no failed sign-in
 * counted. Once the hash is done, they work.
 */
import { hash as argon2Hash } from '@node-rs/argon2';
import { PasswordHasher } from '../../../src/players/password-hasher';
import { GraphQLBody, codeOf, dataOf, loginBody, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'seven purple lanterns humming';

let app: InProcessApp;
/** A session of hash_hal's, made before anything is held. */
let session: string;

beforeAll(async () => {
  app = await startAppInProcess({ env: { PASSWORD_MAX_CONCURRENT_HASHES: '1' } });
  session = await register(app, 'hash_hal', PASSWORD);
});
afterAll(async () => {
  await app.close();
});

/** Runs `refusals` while a real hash holds the hasher's one slot; the hash ends afterwards, whatever happened. */
async function whileHashing(refusals: () => Promise<void>): Promise<void> {
  let letGo: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (letGo = resolve));
  const inFlight = app.get(PasswordHasher).run(async () => {
    const hash = await argon2Hash('a password being hashed meanwhile');
    await held;
    return hash;
  });
  try {
    await refusals();
  } finally {
    letGo();
    await inFlight;
  }
}

async function answer(
  token: string | null,
  query: string,
  variables: Record<string, unknown>,
): Promise<{ status: number; retryAfter: string | null; body: GraphQLBody }> {
  const response = await app.post(
    JSON.stringify({ query, variables }),
    token === null ? {} : { authorization: `Bearer ${token}` },
  );
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as GraphQLBody,
  };
}

const LOGIN = 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }';
const REGISTER = 'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { token } }';
const CHANGE = 'mutation($c: String!, $n: String!) { changePassword(currentPassword: $c, newPassword: $n) }';
const DELETE = 'mutation($p: String!) { deleteAccount(password: $p) }';

it('the attack: with a hash in flight, another sign-in is refused with RATE_LIMITED at once; both work afterwards', async () => {
  await whileHashing(async () => {
    const refused = await answer(null, LOGIN, { u: 'hash_hal', p: PASSWORD });
    expect(refused).toMatchObject({ status: 429, retryAfter: '1' });
    expect(refused.body).toEqual({
      errors: [
        {
          message: 'the server is checking too many passwords at once; try again in 1 s',
          path: ['login'],
          extensions: { retryAfter: 1, code: 'RATE_LIMITED' },
        },
      ],
      data: null,
    });
    // An unknown name is checked against the decoy, so it is refused the same way (nobody learns it is unknown).
    expect(codeOf((await answer(null, LOGIN, { u: 'nobody_here', p: PASSWORD })).body)).toBe('RATE_LIMITED');
  });
  // A refusal for load is no failed sign-in: nothing was counted against the account or the address.
  const [failures] = await sql<{ n: number }>(
    app.databaseUrl,
    'SELECT count(*)::int AS n FROM login_failures',
  );
  expect(failures!.n).toBe(0);
  expect(typeof dataOf(await loginBody(app, 'hash_hal', PASSWORD)).login.token).toBe('string');
});

it('refuses a sign-up, a password change and an account deletion the same way, changing nothing', async () => {
  await whileHashing(async () => {
    for (const refused of [
      await answer(null, REGISTER, { u: 'hash_new', p: PASSWORD }),
      await answer(session, CHANGE, { c: PASSWORD, n: NEW_PASSWORD }),
      await answer(session, DELETE, { p: PASSWORD }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('1');
      expect(refused.body.errors?.[0]?.extensions).toEqual({ retryAfter: 1, code: 'RATE_LIMITED' });
    }
  });
  // No account made, the password as it was, the account still there (its session too).
  expect(
    dataOf(await app.gql<{ player: null }>(null, '{ player(username: "hash_new") { id } }')).player,
  ).toBeNull();
  expect(
    dataOf(await app.gql<{ me: { username: string } }>(session, '{ me { username } }')).me.username,
  ).toBe('hash_hal');
  expect(codeOf(await loginBody(app, 'hash_hal', NEW_PASSWORD))).toBe('UNAUTHENTICATED');
  // Now each works.
  expect(typeof (await register(app, 'hash_new', PASSWORD))).toBe('string');
  expect(dataOf(await app.gql(session, CHANGE, { c: PASSWORD, n: NEW_PASSWORD }))).toEqual({
    changePassword: true,
  });
  expect(typeof dataOf(await loginBody(app, 'hash_hal', NEW_PASSWORD)).login.token).toBe('string');
});
