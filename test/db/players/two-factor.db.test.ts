/**
 * Two-factor sign-in (docs/api/players-and-accounts.md#starttwofactor) through GraphQL on a real Postgres,
 * with codes computed as an authenticator app would (src/players/totp.ts, checked against RFC 6238 in
 * test/unit/players/totp.test.ts): on only once confirmed; then login asks for a code (TWO_FACTOR_REQUIRED,
 * to whoever knows the password only), each code and recovery code taken once; off with the password and a
 * code.
 */
import { codeAt, stepAt } from '../../../src/players/totp';
import { codeOf, dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

let app: InProcessApp;
beforeAll(async () => {
  app = await startAppInProcess({ env: { CLOCK: 'manual' } });
});
afterAll(async () => {
  await app?.close();
});

const PASSWORD = 'correct horse battery staple';

function login(username: string, password: string, code?: string) {
  return app.gql<{ login: { token: string } }>(
    null,
    'mutation($u: String!, $p: String!, $c: String) { login(username: $u, password: $p, code: $c) { token } }',
    { u: username, p: password, c: code ?? null },
  );
}

/** The app's code at the server's time, `offset` steps on. */
function appCode(secret: string, offset = 0): string {
  return codeAt(secret, stepAt(app.clock().now()) + offset);
}

it('turns on with a code, then asks for one at sign-in; each code and recovery code works once', async () => {
  const token = await register(app, 'tfa_ann');
  const setup = dataOf(
    await app.gql<{ startTwoFactor: { secret: string; uri: string } }>(
      token,
      'mutation { startTwoFactor { secret uri } }',
    ),
  ).startTwoFactor;
  expect(setup.uri).toBe(
    `otpauth://totp/Malice%3Atfa_ann?secret=${setup.secret}&issuer=Malice&algorithm=SHA1&digits=6&period=30`,
  );
  // Not in force until confirmed: sign-in asks nothing yet.
  expect(dataOf(await login('tfa_ann', PASSWORD)).login.token).toBeTruthy();
  const wrong = await app.gql(token, 'mutation { confirmTwoFactor(code: "000000") }');
  expect(codeOf(wrong)).toBe('BAD_USER_INPUT');
  const recovery = dataOf(
    await app.gql<{ confirmTwoFactor: string[] }>(
      token,
      'mutation($c: String!) { confirmTwoFactor(code: $c) }',
      {
        c: appCode(setup.secret),
      },
    ),
  ).confirmTwoFactor;
  expect(recovery).toHaveLength(10);
  expect(dataOf(await app.gql(token, '{ twoFactor { enabled recoveryCodesLeft } }'))).toEqual({
    twoFactor: { enabled: true, recoveryCodesLeft: 10 },
  });

  // The password alone no longer signs in; a wrong password is still just wrong (nothing told).
  expect(codeOf(await login('tfa_ann', PASSWORD))).toBe('TWO_FACTOR_REQUIRED');
  expect(codeOf(await login('tfa_ann', 'wrong password here'))).toBe('UNAUTHENTICATED');
  expect(codeOf(await login('tfa_ann', PASSWORD, '123456'))).toBe('UNAUTHENTICATED');
  // The code of the next step (the one confirming took this one's): once.
  app.clock().advance(30_000);
  const code = appCode(setup.secret);
  expect(dataOf(await login('tfa_ann', PASSWORD, code)).login.token).toBeTruthy();
  expect(codeOf(await login('tfa_ann', PASSWORD, code))).toBe('UNAUTHENTICATED');
  // A recovery code, once, in any case.
  expect(dataOf(await login('tfa_ann', PASSWORD, recovery[0]!.toUpperCase())).login.token).toBeTruthy();
  expect(codeOf(await login('tfa_ann', PASSWORD, recovery[0]!))).toBe('UNAUTHENTICATED');
  expect(dataOf(await app.gql(token, '{ twoFactor { recoveryCodesLeft } }'))).toEqual({
    twoFactor: { recoveryCodesLeft: 9 },
  });

  // Off only with the password and a code.
  expect(
    codeOf(
      await app.gql(
        token,
        'mutation($c: String!) { disableTwoFactor(password: "nope nope nope", code: $c) }',
        { c: recovery[1] },
      ),
    ),
  ).toBe('BAD_USER_INPUT');
  expect(
    dataOf(
      await app.gql(
        token,
        'mutation($c: String!) { disableTwoFactor(password: $p, code: $c) }'.replace('$p', `"${PASSWORD}"`),
        { c: recovery[1] },
      ),
    ),
  ).toEqual({
    disableTwoFactor: true,
  });
  expect(dataOf(await login('tfa_ann', PASSWORD)).login.token).toBeTruthy();
});
