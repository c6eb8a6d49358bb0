/**
 * @malice/client's TokenHolder (clients/typescript/src/tokens.ts): an app's access token refreshed shortly before
 * it expires, one refresh at a time — a refresh token presented twice ends the person's whole approval
 * (docs/api/apps-and-oauth.md#refresh-tokens).
 */
import { TokenHolder, fixedToken, type TokenSet } from '../../../clients/typescript/src/tokens';

const HOUR = 3_600_000;

interface FakeEndpoint {
  refresh(refreshToken: string): Promise<TokenSet>;
  /** The refresh tokens presented, in order. */
  readonly presented: string[];
  /** Keeps the next refreshes in flight until `release`. */
  hold(): void;
  release(): void;
}

/** A token endpoint that issues access-n / refresh-n and refuses a refresh token it already used. */
function tokenEndpoint(now: () => number): FakeEndpoint {
  const presented: string[] = [];
  let issued = 1;
  let release: () => void = () => undefined;
  let open = Promise.resolve();
  return {
    presented,
    hold: () => void (open = new Promise((resolve) => (release = resolve))),
    release: () => release(),
    refresh: async (refreshToken) => {
      if (presented.includes(refreshToken)) throw new Error('invalid_grant: the approval ended');
      presented.push(refreshToken);
      await open;
      issued += 1;
      return {
        accessToken: `access-${issued}`,
        refreshToken: `refresh-${issued}`,
        expiresAt: now() + HOUR,
        scope: 'GAME_READ GAME_PLAY',
      };
    },
  };
}

function issuedAt(now: number): TokenSet {
  return { accessToken: 'access-1', refreshToken: 'refresh-1', expiresAt: now + HOUR, scope: 'GAME_READ' };
}

describe('TokenHolder', () => {
  it('hands out the access token until a minute before it expires, then refreshes and keeps the new pair', async () => {
    let now = 1_000_000;
    const endpoint = tokenEndpoint(() => now);
    const kept: TokenSet[] = [];
    const holder = new TokenHolder(issuedAt(now), (refreshToken) => endpoint.refresh(refreshToken), {
      now: () => now,
      onRefresh: (tokens) => kept.push(tokens),
    });
    now += HOUR - 60_001;
    await expect(holder.accessToken()).resolves.toBe('access-1');
    expect(endpoint.presented).toEqual([]);
    now += 1;
    await expect(holder.accessToken()).resolves.toBe('access-2');
    expect(endpoint.presented).toEqual(['refresh-1']);
    expect(holder.current).toMatchObject({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    expect(kept.map((tokens) => tokens.refreshToken)).toEqual(['refresh-2']);
    await expect(holder.accessToken()).resolves.toBe('access-2');
  });

  it('refreshes once for callers that ask at the same time (the refresh token is good once)', async () => {
    let now = 0;
    const endpoint = tokenEndpoint(() => now);
    const holder = new TokenHolder(issuedAt(now), (refreshToken) => endpoint.refresh(refreshToken), {
      now: () => now,
    });
    now = HOUR;
    endpoint.hold();
    const asked = [holder.accessToken(), holder.accessToken(), holder.renew('access-1'), holder.refresh()];
    endpoint.release();
    const answers = await Promise.all(asked);
    expect(answers.slice(0, 3)).toEqual(['access-2', 'access-2', 'access-2']);
    expect(endpoint.presented).toEqual(['refresh-1']);
  });

  it('renews a refused token by refreshing, but not one refreshed meanwhile', async () => {
    const endpoint = tokenEndpoint(() => 0);
    const holder = new TokenHolder(issuedAt(0), (refreshToken) => endpoint.refresh(refreshToken), {
      now: () => 0,
    });
    await expect(holder.renew('access-1')).resolves.toBe('access-2');
    // A second caller refused with the old token gets the new one, without another refresh.
    await expect(holder.renew('access-1')).resolves.toBe('access-2');
    expect(endpoint.presented).toEqual(['refresh-1']);
  });

  it('after a failed refresh, tries again at the next ask (nothing stays in flight)', async () => {
    let fail = true;
    const holder = new TokenHolder(issuedAt(0), async () => {
      if (fail) throw new Error('the server cannot be reached');
      return { accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: 2 * HOUR, scope: null };
    });
    await expect(holder.refresh()).rejects.toThrow('cannot be reached');
    fail = false;
    await expect(holder.refresh()).resolves.toMatchObject({ accessToken: 'access-2' });
  });

  it('without a refresh token: the access token as it is, and nothing to renew', async () => {
    const holder = new TokenHolder(
      { accessToken: 'only', refreshToken: null, expiresAt: 0, scope: null },
      () => Promise.reject(new Error('never called')),
    );
    await expect(holder.accessToken()).resolves.toBe('only');
    await expect(holder.renew('only')).resolves.toBeNull();
    await expect(holder.refresh()).rejects.toThrow('no refresh token');
  });
});

describe('fixedToken', () => {
  it('is always the same token and renews nothing', async () => {
    const source = fixedToken('mla_token');
    await expect(source.accessToken()).resolves.toBe('mla_token');
    await expect(source.renew('mla_token')).resolves.toBeNull();
  });
});
