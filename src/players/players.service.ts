import { Inject, Injectable } from '@nestjs/common';
import { TwoFactorService } from './two-factor.service';
import { MailService } from '../mail/mail.service';
import { passwordMark } from '../mail/password-mark';
import { PushRepository } from '../push/push.repository';
import type { PoolClient } from 'pg';
import { AuthService } from '../auth/auth.service';
import { type TokenKind, hashToken, newToken } from '../auth/tokens';
import { TokenRecord, TokensRepository } from '../auth/tokens.repository';
import { scopeRefusal } from '../auth/scopes';
import { SCOPES, SESSION_SCOPES, Scope } from '../auth/viewer';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';
import { isUuid } from '../common/ids';
import {
  MAX_PASSWORD_INPUT,
  normalizePassword,
  passwordProblem,
  passwordProblemMessage,
} from './password-policy';
import { PasswordHasher } from './password-hasher';
import {
  DisableTarget,
  DisabledRecord,
  PlayerRecord,
  PlayersRepository,
  WithinTransaction,
  publicPlayer,
} from './players.repository';
import { builtinBotLookAlike, isGuestNamespace, staffWordIn } from './reserved-names';

/**
 * The players module's records, where the rest of the service has always found them (the repository defines
 * them: src/players/players.repository.ts).
 */
export type { DisableTarget, DisabledRecord, PlayerRecord, WithinTransaction } from './players.repository';
export type { TokenRecord } from '../auth/tokens.repository';

const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;
const MAX_API_TOKENS = 20;

export interface Session {
  readonly token: string;
  readonly player: PlayerRecord;
}

@Injectable()
export class PlayersService {
  private readonly resetListeners = new Set<(playerId: string) => Promise<void>>();

  constructor(
    private readonly players: PlayersRepository,
    private readonly tokens: TokensRepository,
    private readonly auth: AuthService,
    private readonly hasher: PasswordHasher,
    private readonly push: PushRepository,
    private readonly mail: MailService,
    private readonly twoFactor: TwoFactorService,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
  ) {}

  async register(username: string, password: string): Promise<Session> {
    const player = await this.createAccount(username, password);
    return { token: await this.createSession(player.id), player };
  }

  /**
   * A new account, without signing in (register, and the command line's create-admin, which makes it an admin):
   * the username and password rules are register's. `within` runs in the transaction that inserts it.
   */
  async createAccount(
    username: string,
    password: string,
    options: {
      readonly admin: boolean;
      readonly within: ((client: PoolClient, playerId: string) => Promise<void>) | null;
    } = { admin: false, within: null },
  ): Promise<PlayerRecord> {
    const passwordHash = await this.credentialsFor(username, password, options.admin);
    try {
      const id = await this.players.insert({ username, passwordHash, admin: options.admin }, options.within);
      const player = await this.byId(id);
      if (player === null) throw new Error(`the account ${username} vanished after it was made`);
      return player;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ApiError('BAD_USER_INPUT', `the username ${username} is taken`, { field: 'username' });
      }
      throw error;
    }
  }

  /**
   * The password hash of a new account's credentials, once the username and password pass register's rules
   * (BAD_USER_INPUT naming the field otherwise): a name of 3–20 letters, digits, _ or -, not a built-in bot's
   * look-alike, not a staff word (unless an `admin` is made), not in the guests' namespace; a good password.
   */
  async credentialsFor(username: string, password: string, admin: boolean): Promise<string> {
    if (!USERNAME.test(username)) {
      throw new ApiError('BAD_USER_INPUT', 'a username is 3–20 letters, digits, _ or -', {
        field: 'username',
      });
    }
    const lookAlike = builtinBotLookAlike(username);
    if (lookAlike !== undefined) {
      throw new ApiError(
        'BAD_USER_INPUT',
        `the username ${username} is reserved: it looks like the built-in bot ${lookAlike.username}`,
        { field: 'username' },
      );
    }
    // Kept for the staff (reserved-names.ts); the operator's own admin accounts may take them (`npm run admin`).
    const staffWord = admin ? undefined : staffWordIn(username);
    if (staffWord !== undefined) {
      throw new ApiError(
        'BAD_USER_INPUT',
        `the username ${username} is reserved: it reads as "${staffWord}", a word kept for the people who run the service`,
        { field: 'username' },
      );
    }
    if (isGuestNamespace(username)) {
      throw new ApiError(
        'BAD_USER_INPUT',
        `the username ${username} is reserved: it reads as "guest", a name kept for visitors playing as guests`,
        { field: 'username' },
      );
    }
    const problem = passwordProblem(password, username);
    if (problem !== null) {
      throw new ApiError('BAD_USER_INPUT', passwordProblemMessage(problem), { field: 'password' });
    }
    // Of the normalised password (password-policy.ts); refused while too many hashes run (password-hasher.ts).
    return this.hasher.hash(normalizePassword(password));
  }

  /**
   * A sign-in; `code` is the second factor (an authenticator app's code, or a recovery code) for an account that
   * turned it on: without it TWO_FACTOR_REQUIRED (only to whoever knows the password), a wrong one UNAUTHENTICATED.
   */
  async login(username: string, password: string, code?: string): Promise<Session> {
    const player =
      typeof username === 'string' && username.length <= 40
        ? await this.players.withPasswordByUsername(username)
        : null;
    // A deleted account keeps no password: it is checked against the decoy, like an unknown username, and refused
    // the same way (nobody learns from a sign-in that the account was deleted).
    const hash = player?.passwordHash ?? (await this.hasher.decoy);
    // Never refused for being weak: only whether it matches (the decoy is checked alike, so that an unknown
    // username takes the same time).
    const matches = await this.passwordMatches(hash, password);
    if (player === null || player.passwordHash === null || !matches) {
      throw new ApiError('UNAUTHENTICATED', 'wrong username or password');
    }
    // Said only to whoever knows the password: a sign-in does not tell strangers that an account was disabled.
    if (player.disabledAt !== null) {
      throw new ApiError('ACCOUNT_DISABLED', 'this account was disabled by an operator');
    }
    if (await this.twoFactor.required(player.id)) {
      if (code === undefined || code.trim() === '')
        throw new ApiError(
          'TWO_FACTOR_REQUIRED',
          'this account asks for a code from its authenticator app (or a recovery code): sign in again with code',
        );
      if (!(await this.twoFactor.take(player.id, code))) throw new ApiError('UNAUTHENTICATED', 'wrong code');
    }
    return { token: await this.createSession(player.id), player: publicPlayer(player) };
  }

  async byId(id: string): Promise<PlayerRecord | null> {
    return this.players.byId(id);
  }

  /** The players with these ids, in one query (any order; an unknown id is left out). */
  async byIds(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    return this.players.byIds(ids);
  }

  async byUsername(username: string): Promise<PlayerRecord | null> {
    if (username.length > 40) return null;
    return this.players.byUsername(username);
  }

  /** The player with this username (any case), or NOT_FOUND. */
  async named(username: string): Promise<PlayerRecord> {
    const player = await this.byUsername(username);
    if (player === null) throw new ApiError('NOT_FOUND', `no player named ${username}`);
    return player;
  }

  /**
   * A new API token of the player's. One that carries ADMIN is made with its audit row (`auditAdmin` writes it:
   * src/moderation/audit-log.repository.ts) in one transaction, so no ADMIN token exists unaudited.
   */
  async createApiToken(
    playerId: string,
    name: string | null,
    scopes: readonly Scope[],
    auditAdmin: (client: PoolClient, tokenId: string) => Promise<void>,
  ): Promise<{ token: string; row: TokenRecord }> {
    if (scopes.length === 0 || scopes.some((scope) => !SCOPES.includes(scope))) {
      throw new ApiError('BAD_USER_INPUT', `scopes must be a non-empty list of ${SCOPES.join(', ')}`, {
        field: 'scopes',
      });
    }
    if (name !== null && name.length > 60)
      throw new ApiError('BAD_USER_INPUT', 'a token name is at most 60 characters');
    const player = await this.players.rolesOf(playerId);
    if (player === null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    const refusal = scopeRefusal(scopes, player);
    if (refusal !== null) throw refusal;
    const live = await this.tokens.liveApiTokenCount(playerId);
    if (live >= MAX_API_TOKENS) {
      throw new ApiError('BAD_USER_INPUT', `at most ${MAX_API_TOKENS} API tokens; revoke one first`);
    }
    const token = newToken('api');
    const stored = [...new Set(scopes)];
    const row = await this.tokens.createApiToken(
      { playerId, tokenHash: hashToken(token), scopes: stored },
      name,
      stored.includes('admin') ? auditAdmin : null,
    );
    return { token, row };
  }

  async apiTokens(playerId: string): Promise<TokenRecord[]> {
    return this.tokens.apiTokens(playerId);
  }

  async revokeApiToken(playerId: string, tokenId: string): Promise<boolean> {
    if (!isUuid(tokenId)) throw new ApiError('NOT_FOUND', 'no such API token');
    const count = await this.revokeToken(playerId, { id: tokenId, kind: 'api' });
    if (count === 0) throw new ApiError('NOT_FOUND', 'no such API token');
    return true;
  }

  /** The player's sessions that still work, oldest first. */
  async sessions(playerId: string, now: Date): Promise<TokenRecord[]> {
    return this.tokens.sessions(playerId, now);
  }

  /** Ends one of the player's sessions (the one in use, to log out, or another). */
  async revokeSession(playerId: string, sessionId: string): Promise<boolean> {
    if (!isUuid(sessionId)) throw new ApiError('NOT_FOUND', 'no such session');
    const count = await this.revokeToken(playerId, { id: sessionId, kind: 'session' });
    if (count === 0) throw new ApiError('NOT_FOUND', 'no such session');
    // The device that signed out is told nothing more (a session ended otherwise is dropped when a push finds it).
    await this.push.unsubscribeSession(sessionId);
    return true;
  }

  /**
   * A new password, once the current one is given: every other session ends (whoever else signed in with the old
   * password is out), and the API tokens too when asked (they stay by default: people's bots run on them).
   */
  async changePassword(
    playerId: string,
    currentSessionId: string,
    change: { readonly current: string; readonly next: string; readonly revokeApiTokens: boolean },
  ): Promise<void> {
    const player = await this.players.passwordOf(playerId);
    if (player?.passwordHash == null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    if (!(await this.passwordMatches(player.passwordHash, change.current))) {
      throw new ApiError('BAD_USER_INPUT', 'the current password is wrong', { field: 'currentPassword' });
    }
    const problem = passwordProblem(change.next, player.username);
    if (problem !== null) {
      throw new ApiError('BAD_USER_INPUT', passwordProblemMessage(problem), { field: 'newPassword' });
    }
    const passwordHash = await this.hasher.hash(normalizePassword(change.next));
    const kinds: TokenKind[] = change.revokeApiTokens ? ['session', 'api'] : ['session'];
    await this.players.changePassword(playerId, passwordHash, kinds, currentSessionId);
    this.auth.tokensChanged(playerId);
  }

  /**
   * Asks for a password reset mail (docs/correspondence.md#e-mail): it goes to the account's verified address, if
   * there is one. The asker learns nothing either way (not whether the account exists or has an address).
   */
  async requestPasswordReset(username: string): Promise<void> {
    const player =
      typeof username === 'string' && username.length <= 40 ? await this.players.byUsername(username) : null;
    if (player === null || player.deletedAt !== null || player.disabledAt !== null || player.isBot) return;
    await this.mail.requestReset(player.id);
  }

  /**
   * A new password from a reset link: the link must be this server's, unexpired and for the password as it is
   * (so it works once). Every session and API token of the account ends.
   */
  async resetPassword(token: string, next: string): Promise<void> {
    const claims = await this.mail.resetClaims(token);
    if (claims === 'expired')
      throw new ApiError('BAD_USER_INPUT', 'this reset link has expired: ask for a new one', {
        field: 'token',
      });
    const player = claims === 'invalid' ? null : await this.players.passwordOf(claims.player);
    if (
      claims === 'invalid' ||
      player?.passwordHash == null ||
      passwordMark(player.passwordHash) !== claims.mark
    ) {
      throw new ApiError('BAD_USER_INPUT', 'this reset link does not work (it was used, or replaced)', {
        field: 'token',
      });
    }
    const problem = passwordProblem(next, player.username);
    if (problem !== null)
      throw new ApiError('BAD_USER_INPUT', passwordProblemMessage(problem), { field: 'newPassword' });
    const passwordHash = await this.hasher.hash(normalizePassword(next));
    if (!(await this.players.resetPassword(claims.player, player.passwordHash, passwordHash))) {
      throw new ApiError('BAD_USER_INPUT', 'this reset link does not work (it was used, or replaced)', {
        field: 'token',
      });
    }
    this.auth.tokensChanged(claims.player);
    for (const listener of this.resetListeners) await listener(claims.player);
  }

  /**
   * Told after a password reset, once every token of the account is revoked: what else the old password's holder
   * may have set up ends too (the apps approved with it: src/oauth/oauth.service.ts).
   */
  onPasswordReset(listener: (playerId: string) => Promise<void>): void {
    this.resetListeners.add(listener);
  }

  /**
   * Revokes one of the player's live tokens, announced in the same transaction (every app copy drops its cached
   * lookups and checks its open sockets once it commits). The number revoked.
   */
  private async revokeToken(
    playerId: string,
    token: { readonly id: string; readonly kind: TokenKind },
  ): Promise<number> {
    const count = await this.tokens.revoke(playerId, token);
    if (count > 0) this.auth.tokensChanged(playerId);
    return count;
  }

  /** Whether `password` is the one `hash` was made of (normalised, or as typed before passwords were normalised). */
  private async passwordMatches(hash: string, password: string): Promise<boolean> {
    if (password.length > MAX_PASSWORD_INPUT) return false;
    const normalized = normalizePassword(password);
    return this.hasher.matches(hash, normalized === password ? [password] : [normalized, password]);
  }

  /** Refuses (BAD_USER_INPUT, field `password`) unless `password` is the account's: to confirm a deletion. */
  async confirmPassword(playerId: string, password: string): Promise<void> {
    const player = await this.players.passwordHashOf(playerId);
    if (player?.passwordHash == null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    if (!(await this.passwordMatches(player.passwordHash, password))) {
      throw new ApiError('BAD_USER_INPUT', 'the password is wrong', { field: 'password' });
    }
  }

  /**
   * Turns the account into a tombstone (docs/api/players-and-accounts.md#deleteaccount): marked deleted, its
   * password hash gone, and every token (so every session), webhook and pending webhook delivery with it — in
   * one transaction that announces the token change, so open sockets close on every app copy. The row, id and
   * username stay: the games it played still name it, and the name stays taken. False when it was deleted
   * already.
   */
  async tombstone(playerId: string, now: Date): Promise<boolean> {
    const deleted = await this.players.tombstone(playerId, now);
    if (deleted) this.auth.tokensChanged(playerId);
    return deleted;
  }

  /**
   * Makes the account a bot account, for good: it is marked as a bot wherever it is listed and plays
   * only with bot:play tokens. Only an account that has never sat in a game may become one, so a person's games
   * and rating never become a bot's. Its API tokens that could play are revoked (they were made for a person);
   * its sessions stay, to manage its tokens, but can no longer play (effectiveScopes). Idempotent.
   */
  async upgradeToBot(playerId: string): Promise<PlayerRecord> {
    // An account named before look-alikes were reserved would, marked as a bot, pass for the built-in one. (A
    // username never changes, so it is checked before the transaction.)
    const named = await this.byId(playerId);
    const lookAlike = named === null || named.isBot ? undefined : builtinBotLookAlike(named.username);
    if (named !== null && lookAlike !== undefined) {
      throw new ApiError(
        'FORBIDDEN',
        `the account ${named.username} looks like the built-in bot ${lookAlike.username}, so it cannot become a ` +
          'bot account: register a new one for your bot',
      );
    }
    const outcome = await this.players.upgradeToBot(playerId);
    switch (outcome) {
      case 'missing':
        throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
      case 'played':
        throw new ApiError(
          'FORBIDDEN',
          'only an account that has never joined a game can become a bot account: register a new one for your bot',
        );
      case 'already':
      case 'upgraded':
        break;
      default: {
        const never: never = outcome;
        return never;
      }
    }
    // Cached lookups of its tokens still say "a person", and its open sockets may still play: check them again
    // (other app copies hear of it from the announcement).
    this.auth.tokensChanged(playerId);
    const player = await this.byId(playerId);
    if (player === null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    return player;
  }

  /**
   * Makes the account an admin (`admin` true) or takes the role away (false) — the command line only: no API path
   * calls this — with `within` (the audit row) in the same transaction. Its tokens' scopes change (an ADMIN token of
   * it counts, or stops counting): the change is announced, so every copy drops its cached lookups. False when the
   * account had that role already (nothing is written then); a deleted account is never made an admin.
   */
  async setAdmin(playerId: string, admin: boolean, within: WithinTransaction): Promise<boolean> {
    const changed = await this.players.setAdmin(playerId, admin, within);
    if (changed) this.auth.tokensChanged(playerId);
    return changed;
  }

  /**
   * Disables the account (docs/operations.md#moderation), in one transaction: the account and every other enabled
   * admin are locked (in id order, so two disables never deadlock), `decide` judges the account as it is then (a
   * refusal is thrown, nothing written), and the account is marked disabled with `reason`, every token of it
   * revoked, `within` run, and the token change announced, so every app copy closes its open sockets once it
   * commits.
   */
  async disable(
    playerId: string,
    reason: string,
    now: Date,
    decide: (target: DisableTarget) => ApiError | null,
    within: WithinTransaction,
  ): Promise<PlayerRecord> {
    await this.players.disable(
      playerId,
      reason,
      now,
      (target) => (target === null ? new ApiError('NOT_FOUND', 'no such account') : decide(target)),
      within,
    );
    this.auth.tokensChanged(playerId);
    return this.recordOf(playerId);
  }

  /**
   * Enables a disabled account again: it can sign in. Its tokens stay revoked (whoever held them before the
   * disable does not get them back). `decide` judges the account under its row lock.
   */
  async enable(
    playerId: string,
    decide: (player: PlayerRecord) => ApiError | null,
    within: WithinTransaction,
  ): Promise<PlayerRecord> {
    await this.players.enable(
      playerId,
      (player) => (player === null ? new ApiError('NOT_FOUND', 'no such account') : decide(player)),
      within,
    );
    return this.recordOf(playerId);
  }

  /** Disabled accounts, most recently disabled first, from after the (disabledAt, id) key `after`. */
  async disabledPage(
    first: number,
    after: { readonly at: Date; readonly id: string } | null,
  ): Promise<DisabledRecord[]> {
    return this.players.disabledPage(first, after);
  }

  private async recordOf(playerId: string): Promise<PlayerRecord> {
    const player = await this.byId(playerId);
    if (player === null) throw new ApiError('NOT_FOUND', 'no such account');
    return player;
  }

  /** A new login session of the account: its token (shown once). */
  async createSession(playerId: string): Promise<string> {
    const token = newToken('session');
    const expiresAt = new Date(Date.now() + this.config.sessionTtlDays * 86_400_000);
    await this.tokens.createSession(
      { playerId, tokenHash: hashToken(token), scopes: [...SESSION_SCOPES] },
      expiresAt,
    );
    return token;
  }
}

/**
 * A unique-constraint violation: Prisma's P2002 from model queries, or P2010 (raw query failed) whose driver
 * error is Postgres's 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, meta } = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown } } };
  };
  // 23505 straight from node-postgres (the move path's own statement), P2002 from Prisma's model queries, and
  // P2010 (raw query failed) carrying the driver's 23505.
  return (
    code === '23505' ||
    code === 'P2002' ||
    (code === 'P2010' && meta?.driverAdapterError?.cause?.originalCode === '23505')
  );
}
