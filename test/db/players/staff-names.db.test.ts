/**
 * The staff's words are reserved at sign-up (src/players/reserved-names.ts,
 * docs/api/players-and-accounts.md#register), over real HTTP: `admin`, `Admin1`, `mod_team`, `Support-2` and
 * their disguises are refused with BAD_USER_INPUT on `username` and nothing is made; names that only contain
 * such a word are free; a player who already has such a name keeps it and signs in as before; and the
 * operator's own admin accounts (`npm run admin -- create-admin`) may take one.
 */
import { ModerationService } from '../../../src/moderation/moderation.service';
import { codeOf, dataOf, loginBody, register } from '../../support/service/app';
import { sql } from '../../support/service/database';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

const PASSWORD = 'correct horse battery staple';
const REGISTER =
  'mutation($u: String!, $p: String!) { register(username: $u, password: $p) { player { username } } }';

let app: InProcessApp;

beforeAll(async () => {
  app = await startAppInProcess();
});
afterAll(async () => {
  await app.close();
});

async function playerNamed(username: string): Promise<{ username: string } | null> {
  return dataOf(
    await app.gql<{ player: { username: string } | null }>(
      null,
      'query($u: String!) { player(username: $u) { username } }',
      { u: username },
    ),
  ).player;
}

it('the attack: admin, Admin1, mod_team, Support-2 and their disguises cannot be registered, and nothing is made', async () => {
  for (const [username, word] of [
    ['admin', 'admin'],
    ['Admin1', 'admin'],
    ['mod_team', 'mod'],
    ['Support-2', 'support'],
    ['moderator', 'moderator'],
    ['Adm1n', 'admin'],
    ['R00T', 'root'],
    ['staff-42', 'staff'],
    ['SYSTEM', 'system'],
    ['Malice_HQ', 'malice'],
  ] as const) {
    const body = await app.gql(null, REGISTER, { u: username, p: PASSWORD });
    expect({ username, errors: body.errors }).toEqual({
      username,
      errors: [
        {
          message: `the username ${username} is reserved: it reads as "${word}", a word kept for the people who run the service`,
          path: ['register'],
          extensions: { field: 'username', code: 'BAD_USER_INPUT' },
        },
      ],
    });
    expect(await playerNamed(username)).toBeNull();
  }
});

it('a name that only contains a staff word is free: Badminton, Modig, Rooted, Systematic', async () => {
  for (const username of ['Badminton', 'Modig', 'Rooted', 'Systematic']) {
    expect(typeof (await register(app, username))).toBe('string');
    expect(await playerNamed(username)).toEqual({ username });
  }
});

it('a player named so before the words were reserved keeps the name and signs in as before', async () => {
  await register(app, 'keeper_kim');
  // As an account made before this release would be stored.
  await sql(
    app.databaseUrl,
    "UPDATE players SET username = 'Admin_Kim', username_key = 'admin_kim' WHERE username_key = 'keeper_kim'",
  );
  const token = dataOf(await loginBody(app, 'Admin_Kim', PASSWORD)).login.token;
  expect(dataOf(await app.gql<{ me: { username: string } }>(token, '{ me { username } }')).me.username).toBe(
    'Admin_Kim',
  );
  expect(await playerNamed('admin_kim')).toEqual({ username: 'Admin_Kim' });
  // Still taken: nobody else registers it either.
  expect(codeOf(await app.gql(null, REGISTER, { u: 'Admin_Kim', p: PASSWORD }))).toBe('BAD_USER_INPUT');
});

it('the operator may give an admin account a staff word (npm run admin -- create-admin root)', async () => {
  const made = await app.get(ModerationService).createAdmin({ via: 'CLI' }, 'root', PASSWORD);
  expect(made).toMatchObject({ username: 'root', isAdmin: true });
  expect(typeof dataOf(await loginBody(app, 'root', PASSWORD)).login.token).toBe('string');
});
