/**
 * Where a client's access token comes from. A personal API token or a session token never changes; an app's OAuth
 * access token lives an hour and is refreshed with a refresh token that is good once
 * (docs/api/apps-and-oauth.md#refresh-tokens). The client asks its source for the token before every HTTP request
 * and every graphql-ws connection, so a refreshed one is used from then on.
 */

export interface TokenSource {
  /** The access token to send now (refreshed first when it is about to expire). */
  accessToken(): Promise<string>;
  /**
   * The server refused `rejected` (UNAUTHENTICATED, or a socket closed with 4403): a token to try instead, or null
   * when there is none (then the refusal stands).
   */
  renew(rejected: string): Promise<string | null>;
}

/** A token that never changes (a personal API token, a session token): nothing to renew. */
export function fixedToken(token: string): TokenSource {
  return {
    accessToken: () => Promise.resolve(token),
    renew: () => Promise.resolve(null),
  };
}

/** What the token endpoint issued, with the access token's expiry as a time. */
export interface TokenSet {
  readonly accessToken: string;
  /** Null when none was issued (then the access token cannot be refreshed). */
  readonly refreshToken: string | null;
  /** When the access token expires (milliseconds since the epoch); null: not said. */
  readonly expiresAt: number | null;
  /** The scopes granted, as the server wrote them (`GAME_READ GAME_PLAY`). */
  readonly scope: string | null;
}

export interface TokenHolderOptions {
  /** Refresh this long before the access token expires (default 60 s). */
  readonly marginMs?: number;
  /** The time now, in milliseconds (tests move it). */
  readonly now?: () => number;
  /** Told after each refresh: keep the new tokens (the old refresh token is used up). */
  readonly onRefresh?: (tokens: TokenSet) => void;
}

/**
 * An app's tokens: hands out the access token, refreshing it shortly before it expires. One refresh at a time: a
 * refresh token presented twice is taken for a stolen copy and ends the person's whole approval
 * (docs/api/apps-and-oauth.md#refresh-tokens), so concurrent callers share the refresh in flight.
 */
export class TokenHolder implements TokenSource {
  private tokens: TokenSet;
  private refreshing: Promise<TokenSet> | null = null;
  private readonly marginMs: number;
  private readonly now: () => number;

  constructor(
    tokens: TokenSet,
    private readonly refreshWith: (refreshToken: string) => Promise<TokenSet>,
    private readonly options: TokenHolderOptions = {},
  ) {
    this.tokens = tokens;
    this.marginMs = options.marginMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The tokens as they stand (to keep: the refresh token changes at every refresh). */
  get current(): TokenSet {
    return this.tokens;
  }

  async accessToken(): Promise<string> {
    const { expiresAt, refreshToken } = this.tokens;
    const due = expiresAt !== null && expiresAt - this.marginMs <= this.now();
    if (due && refreshToken !== null) return (await this.refresh()).accessToken;
    return this.tokens.accessToken;
  }

  async renew(rejected: string): Promise<string | null> {
    // Refreshed meanwhile (by another caller refused at the same time): the new token is the answer.
    if (this.tokens.accessToken !== rejected) return this.tokens.accessToken;
    if (this.tokens.refreshToken === null) return null;
    return (await this.refresh()).accessToken;
  }

  /** Refreshes now (joining a refresh already in flight). */
  refresh(): Promise<TokenSet> {
    const refreshToken = this.tokens.refreshToken;
    if (refreshToken === null) return Promise.reject(new Error('no refresh token: authorize again'));
    if (this.refreshing !== null) return this.refreshing;
    const flight = Promise.resolve()
      .then(() => this.refreshWith(refreshToken))
      .then((tokens) => {
        this.tokens = tokens;
        this.options.onRefresh?.(tokens);
        return tokens;
      });
    this.refreshing = flight;
    const settled = (): void => {
      if (this.refreshing === flight) this.refreshing = null;
    };
    flight.then(settled, settled);
    return flight;
  }
}
