import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AuthService } from '../auth/auth.service';
import { TOKENS_CHANNEL } from '../notifications/event-bus';
import { hashToken, newToken } from '../auth/tokens';
import { scopeRefusal } from '../auth/scopes';
import { SCOPES, SESSION_SCOPES, Scope } from '../auth/viewer';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';
import { Player, Prisma, Token } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { deleteWebhooksOf } from '../webhooks/webhooks.service';
import { isUuid } from '../common/ids';
import type { PoolClient } from 'pg';
import { transaction } from '../db/transaction';
import {
  MAX_PASSWORD_INPUT,
  normalizePassword,
  passwordProblem,
  passwordProblemMessage,
} from './password-policy';
import { PasswordHasher } from './password-hasher';
import { builtinBotLookAlike, staffWordIn } from './reserved-names';

const USERNAME = /^[A-Za-z0-9_-]{3,20}$/;
const MAX_API_TOKENS = 20;

/**
 * A player as the rest of the service sees them: who they are, never their password hash (the Prisma model is a
 * persistence type and stays in this module).
 */
export const PLAYER_FIELDS = {
  id: true,
  username: true,
  isBot: true,
  createdAt: true,
  deletedAt: true,
  isAdmin: true,
  disabledAt: true,
} as const;
export type PlayerRecord = Pick<Player, keyof typeof PLAYER_FIELDS>;

/** A token as the API lists it: never its hash. */
export const TOKEN_FIELDS = {
  id: true,
  playerId: true,
  kind: true,
  name: true,
  scopes: true,
  createdAt: true,
  lastUsedAt: true,
  expiresAt: true,
  revokedAt: true,
} as const;
export type TokenRecord = Pick<Token, keyof typeof TOKEN_FIELDS>;

function publicPlayer(player: PlayerRecord): PlayerRecord {
  return {
    id: player.id,
    username: player.username,
    isBot: player.isBot,
    createdAt: player.createdAt,
    deletedAt: player.deletedAt,
    isAdmin: player.isAdmin,
    disabledAt: player.disabledAt,
  };
}

/** A disabled account as the moderation lists show it. */
export interface DisabledRecord {
  readonly player: PlayerRecord;
  readonly disabledAt: Date;
  readonly reason: string;
}

/** What the disable decision reads under the locks: the account, and how many other admins could still act. */
export interface DisableTarget {
  readonly player: PlayerRecord;
  readonly otherEnabledAdmins: number;
}

/** Work done inside an account change's transaction (the audit row of the action: src/moderation/audit-log.ts). */
export type WithinTransaction = (client: PoolClient) => Promise<void>;

export interface Session {
  readonly token: string;
  readonly player: PlayerRecord;
}

@Injectable()
export class PlayersService {
  constructor(
    private readonly prisma: PrismaService,
    private readonly auth: AuthService,
    private readonly hasher: PasswordHasher,
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
    const staffWord = options.admin ? undefined : staffWordIn(username);
    if (staffWord !== undefined) {
      throw new ApiError(
        'BAD_USER_INPUT',
        `the username ${username} is reserved: it reads as "${staffWord}", a word kept for the people who run the service`,
        { field: 'username' },
      );
    }
    const problem = passwordProblem(password, username);
    if (problem !== null) {
      throw new ApiError('BAD_USER_INPUT', passwordProblemMessage(problem), { field: 'password' });
    }
    // Of the normalised password (password-policy.ts); refused while too many hashes run (password-hasher.ts).
    const passwordHash = await this.hasher.hash(normalizePassword(password));
    try {
      const id = randomUUID();
      await transaction(this.prisma.pool, async (client) => {
        await client.query(
          `INSERT INTO players (id, username, username_key, password_hash, is_admin)
           VALUES ($1::uuid, $2, $3, $4, $5)`,
          [id, username, username.toLowerCase(), passwordHash, options.admin],
        );
        await options.within?.(client, id);
      });
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

  async login(username: string, password: string): Promise<Session> {
    const player =
      typeof username === 'string' && username.length <= 40
        ? await this.prisma.player.findUnique({ where: { usernameKey: username.toLowerCase() } })
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
    return { token: await this.createSession(player.id), player: publicPlayer(player) };
  }

  async byId(id: string): Promise<PlayerRecord | null> {
    return this.prisma.player.findUnique({ where: { id }, select: PLAYER_FIELDS });
  }

  /** The players with these ids, in one query (any order; an unknown id is left out). */
  async byIds(ids: readonly string[]): Promise<PlayerRecord[]> {
    if (ids.length === 0) return [];
    return this.prisma.player.findMany({ where: { id: { in: [...new Set(ids)] } }, select: PLAYER_FIELDS });
  }

  async byUsername(username: string): Promise<PlayerRecord | null> {
    if (username.length > 40) return null;
    return this.prisma.player.findUnique({
      where: { usernameKey: username.toLowerCase() },
      select: PLAYER_FIELDS,
    });
  }

  /** The player with this username (any case), or NOT_FOUND. */
  async named(username: string): Promise<PlayerRecord> {
    const player = await this.byUsername(username);
    if (player === null) throw new ApiError('NOT_FOUND', `no player named ${username}`);
    return player;
  }

  /**
   * A new API token of the player's. One that carries ADMIN is made with its audit row (`auditAdmin` writes it:
   * src/moderation/audit-log.ts) in one transaction, so no ADMIN token exists unaudited.
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
    const player = await this.prisma.player.findUnique({
      where: { id: playerId },
      select: { isBot: true, isAdmin: true },
    });
    if (player === null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    const refusal = scopeRefusal(scopes, player);
    if (refusal !== null) throw refusal;
    const live = await this.prisma.token.count({ where: { playerId, kind: 'api', revokedAt: null } });
    if (live >= MAX_API_TOKENS) {
      throw new ApiError('BAD_USER_INPUT', `at most ${MAX_API_TOKENS} API tokens; revoke one first`);
    }
    const token = newToken('api');
    const stored = [...new Set(scopes)];
    const row = await transaction(this.prisma.pool, async (client) => {
      const { rows } = await client.query<{
        id: string;
        player_id: string;
        kind: string;
        name: string | null;
        scopes: string[];
        created_at: Date;
      }>(
        `INSERT INTO tokens (id, player_id, kind, name, token_hash, scopes)
         VALUES ($1::uuid, $2::uuid, 'api', $3, $4, $5::text[])
         RETURNING id, player_id, kind, name, scopes, created_at`,
        [randomUUID(), playerId, name, hashToken(token), stored],
      );
      const inserted = rows[0]!;
      if (stored.includes('admin')) await auditAdmin(client, inserted.id);
      return inserted;
    });
    return {
      token,
      row: {
        id: row.id,
        playerId: row.player_id,
        kind: row.kind,
        name: row.name,
        scopes: row.scopes,
        createdAt: row.created_at,
        lastUsedAt: null,
        expiresAt: null,
        revokedAt: null,
      },
    };
  }

  async apiTokens(playerId: string): Promise<TokenRecord[]> {
    return this.prisma.token.findMany({
      where: { playerId, kind: 'api', revokedAt: null },
      orderBy: { createdAt: 'asc' },
      select: TOKEN_FIELDS,
    });
  }

  async revokeApiToken(playerId: string, tokenId: string): Promise<boolean> {
    if (!isUuid(tokenId)) throw new ApiError('NOT_FOUND', 'no such API token');
    const count = await this.revokeTokens(playerId, { id: tokenId, kind: 'api' });
    if (count === 0) throw new ApiError('NOT_FOUND', 'no such API token');
    return true;
  }

  /** The player's sessions that still work, oldest first. */
  async sessions(playerId: string, now: Date): Promise<TokenRecord[]> {
    return this.prisma.token.findMany({
      where: { playerId, kind: 'session', revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'asc' },
      select: TOKEN_FIELDS,
    });
  }

  /** Ends one of the player's sessions (the one in use, to log out, or another). */
  async revokeSession(playerId: string, sessionId: string): Promise<boolean> {
    if (!isUuid(sessionId)) throw new ApiError('NOT_FOUND', 'no such session');
    const count = await this.revokeTokens(playerId, { id: sessionId, kind: 'session' });
    if (count === 0) throw new ApiError('NOT_FOUND', 'no such session');
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
    const player = await this.prisma.player.findUnique({
      where: { id: playerId },
      select: { username: true, passwordHash: true },
    });
    if (player?.passwordHash == null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    if (!(await this.passwordMatches(player.passwordHash, change.current))) {
      throw new ApiError('BAD_USER_INPUT', 'the current password is wrong', { field: 'currentPassword' });
    }
    const problem = passwordProblem(change.next, player.username);
    if (problem !== null) {
      throw new ApiError('BAD_USER_INPUT', passwordProblemMessage(problem), { field: 'newPassword' });
    }
    const passwordHash = await this.hasher.hash(normalizePassword(change.next));
    const kinds = change.revokeApiTokens ? ['session', 'api'] : ['session'];
    await this.prisma.$transaction(async (tx) => {
      await tx.player.update({ where: { id: playerId }, data: { passwordHash } });
      await tx.token.updateMany({
        where: { playerId, revokedAt: null, kind: { in: kinds }, id: { not: currentSessionId } },
        data: { revokedAt: new Date() },
      });
      await announceTokensChanged(tx, playerId);
    });
    this.auth.tokensChanged(playerId);
  }

  /**
   * Revokes the player's live tokens matching `where`, and announces it in the same transaction (every app copy
   * drops its cached lookups and checks its open sockets once it commits). The number revoked.
   */
  private async revokeTokens(
    playerId: string,
    where: { readonly id: string; readonly kind: 'api' | 'session' },
  ): Promise<number> {
    const count = await this.prisma.$transaction(async (tx) => {
      const { count: revoked } = await tx.token.updateMany({
        where: { ...where, playerId, revokedAt: null },
        data: { revokedAt: new Date() },
      });
      if (revoked > 0) await announceTokensChanged(tx, playerId);
      return revoked;
    });
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
    const player = await this.prisma.player.findUnique({
      where: { id: playerId },
      select: { passwordHash: true },
    });
    if (player?.passwordHash == null) throw new ApiError('UNAUTHENTICATED', 'the account no longer exists');
    if (!(await this.passwordMatches(player.passwordHash, password))) {
      throw new ApiError('BAD_USER_INPUT', 'the password is wrong', { field: 'password' });
    }
  }

  /**
   * Turns the account into a tombstone (docs/api.md#deleteaccount): marked deleted, its password hash gone, and
   * every token (so every session), webhook and pending webhook delivery with it — in one transaction that
   * announces the token change, so open sockets close on every app copy. The row, id and username stay: the
   * games it played still name it, and the name stays taken. False when it was deleted already.
   */
  async tombstone(playerId: string, now: Date): Promise<boolean> {
    const deleted = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.player.updateMany({
        where: { id: playerId, deletedAt: null },
        data: { deletedAt: now, passwordHash: null },
      });
      if (count === 0) return false;
      await tx.token.deleteMany({ where: { playerId } });
      await deleteWebhooksOf(tx, playerId);
      await announceTokensChanged(tx, playerId);
      return true;
    });
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
    const outcome = await this.prisma.$transaction(async (tx) => {
      // FOR UPDATE conflicts with the FOR KEY SHARE lock that taking a seat (a game_players row, whose foreign
      // key points here) holds on this row: a join in flight commits first and is counted below, and none can
      // slip in between the count and the upgrade.
      const [row] = await tx.$queryRaw<{ is_bot: boolean }[]>`
        SELECT is_bot FROM players WHERE id = ${playerId}::uuid FOR UPDATE`;
      if (row === undefined) return 'missing' as const;
      if (row.is_bot) return 'already' as const;
      const [seated] = await tx.$queryRaw<{ seats: number }[]>`
        SELECT count(*)::int AS seats FROM game_players WHERE player_id = ${playerId}::uuid`;
      if ((seated?.seats ?? 0) > 0) return 'played' as const;
      await tx.player.update({ where: { id: playerId }, data: { isBot: true } });
      await tx.token.updateMany({
        where: { playerId, kind: 'api', revokedAt: null, scopes: { has: 'game:play' } },
        data: { revokedAt: new Date() },
      });
      await announceTokensChanged(tx, playerId);
      return 'upgraded' as const;
    });
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
    const changed = await transaction(this.prisma.pool, async (client) => {
      const { rowCount } = await client.query(
        admin
          ? 'UPDATE players SET is_admin = true WHERE id = $1::uuid AND NOT is_admin AND deleted_at IS NULL'
          : 'UPDATE players SET is_admin = false WHERE id = $1::uuid AND is_admin',
        [playerId],
      );
      if (rowCount === 0) return false;
      await within(client);
      await client.query('SELECT pg_notify($1, $2)', [TOKENS_CHANNEL, playerId]);
      return true;
    });
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
    await transaction(this.prisma.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM players
          WHERE id = $1::uuid OR (is_admin AND disabled_at IS NULL AND deleted_at IS NULL)
          ORDER BY id FOR UPDATE`,
        [playerId],
      );
      const player = await this.lockedRecord(client, playerId);
      if (player === null) throw new ApiError('NOT_FOUND', 'no such account');
      const refusal = decide({
        player,
        otherEnabledAdmins: rows.filter((row) => row.id !== playerId).length,
      });
      if (refusal !== null) throw refusal;
      await client.query('UPDATE players SET disabled_at = $2, disabled_reason = $3 WHERE id = $1::uuid', [
        playerId,
        now,
        reason,
      ]);
      await client.query(
        'UPDATE tokens SET revoked_at = $2 WHERE player_id = $1::uuid AND revoked_at IS NULL',
        [playerId, now],
      );
      await within(client);
      await client.query('SELECT pg_notify($1, $2)', [TOKENS_CHANNEL, playerId]);
    });
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
    await transaction(this.prisma.pool, async (client) => {
      await client.query('SELECT id FROM players WHERE id = $1::uuid FOR UPDATE', [playerId]);
      const player = await this.lockedRecord(client, playerId);
      if (player === null) throw new ApiError('NOT_FOUND', 'no such account');
      const refusal = decide(player);
      if (refusal !== null) throw refusal;
      await client.query(
        'UPDATE players SET disabled_at = NULL, disabled_reason = NULL WHERE id = $1::uuid',
        [playerId],
      );
      await within(client);
    });
    return this.recordOf(playerId);
  }

  /** Disabled accounts, most recently disabled first, from after the (disabledAt, id) key `after`. */
  async disabledPage(
    first: number,
    after: { readonly at: Date; readonly id: string } | null,
  ): Promise<DisabledRecord[]> {
    const rows = await this.prisma.player.findMany({
      where: {
        disabledAt: { not: null },
        ...(after === null
          ? {}
          : { OR: [{ disabledAt: { lt: after.at } }, { disabledAt: after.at, id: { lt: after.id } }] }),
      },
      orderBy: [{ disabledAt: 'desc' }, { id: 'desc' }],
      take: first,
      select: { ...PLAYER_FIELDS, disabledReason: true },
    });
    return rows.map(({ disabledReason, ...player }) => ({
      player: publicPlayer(player),
      disabledAt: player.disabledAt!,
      reason: disabledReason ?? '',
    }));
  }

  private async lockedRecord(client: PoolClient, playerId: string): Promise<PlayerRecord | null> {
    const { rows } = await client.query<{
      id: string;
      username: string;
      is_bot: boolean;
      created_at: Date;
      deleted_at: Date | null;
      is_admin: boolean;
      disabled_at: Date | null;
    }>(
      `SELECT id, username, is_bot, created_at, deleted_at, is_admin, disabled_at FROM players
        WHERE id = $1::uuid`,
      [playerId],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : {
          id: row.id,
          username: row.username,
          isBot: row.is_bot,
          createdAt: row.created_at,
          deletedAt: row.deleted_at,
          isAdmin: row.is_admin,
          disabledAt: row.disabled_at,
        };
  }

  private async recordOf(playerId: string): Promise<PlayerRecord> {
    const player = await this.byId(playerId);
    if (player === null) throw new ApiError('NOT_FOUND', 'no such account');
    return player;
  }

  private async createSession(playerId: string): Promise<string> {
    const token = newToken('session');
    const expiresAt = new Date(Date.now() + this.config.sessionTtlDays * 86_400_000);
    await this.prisma.token.create({
      data: {
        id: randomUUID(),
        playerId,
        kind: 'session',
        tokenHash: hashToken(token),
        scopes: [...SESSION_SCOPES],
        expiresAt,
      },
    });
    return token;
  }
}

/** Announces, from inside the transaction that changed them, that a player's tokens changed (TOKENS_CHANNEL). */
async function announceTokensChanged(tx: Prisma.TransactionClient, playerId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${TOKENS_CHANNEL}, ${playerId})`;
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
