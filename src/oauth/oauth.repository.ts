/**
 * Third-party apps' tables (docs/api/apps-and-oauth.md): `oauth_apps`, `oauth_grants`, `oauth_codes` and
 * `oauth_refresh_tokens` — the only code that writes them. An app's access tokens are rows of `tokens`, written by
 * TokensRepository inside these transactions. Codes, refresh tokens and secrets are stored as their SHA-256 only.
 *
 * Whatever ends a grant revokes its access tokens in the same transaction and announces the player's tokens
 * changed (TOKENS_CHANNEL), so open sockets and streams holding one are closed on every app copy.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { TokensRepository } from '../auth/tokens.repository';
import { transaction } from '../db/transaction';
import { AuditLogRepository, type AuditEntry } from '../moderation/audit-log.repository';
import { PrismaService } from '../prisma/prisma.service';
import { APP_LIMITS, type GrantEndReason } from './domain/oauth-policy';

/** An app as stored (never its secret's hash). */
export interface AppRecord {
  readonly id: string;
  readonly ownerId: string;
  readonly ownerName: string | null;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly confidential: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly disabledAt: Date | null;
  readonly disabledReason: string | null;
}

/** An app with what authenticating it needs. */
export interface AppCredentials extends AppRecord {
  readonly secretHash: string | null;
}

/** What a code or a refresh token stands for: its grant, and whether that may still be used. */
export interface GrantHolder {
  readonly grantId: string;
  readonly appId: string;
  readonly playerId: string;
  /** The scopes as tokens store them. */
  readonly scopes: readonly string[];
  /** The grant, its app and its person all still live: not revoked, not disabled, not deleted. */
  readonly live: boolean;
  readonly expiresAt: Date;
  /** When it was used (a code exchanged, a refresh token rotated); null while unused. */
  readonly usedAt: Date | null;
}

export interface CodeRecord extends GrantHolder {
  readonly redirectUri: string;
  readonly codeChallenge: string | null;
  readonly codeChallengeMethod: string | null;
}

/** One approval, as "Connected apps" and the account export list it. */
export interface GrantRecord {
  readonly id: string;
  readonly app: { readonly id: string; readonly name: string; readonly ownerName: string | null };
  readonly scopes: readonly string[];
  readonly createdAt: Date;
  /** The last time one of its access tokens was used (written at most once a minute per token). */
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly revokedReason: GrantEndReason | null;
}

export interface NewApp {
  readonly ownerId: string;
  readonly name: string;
  readonly redirectUris: readonly string[];
  readonly secretHash: string | null;
}

/** The tokens one exchange issues. */
export interface IssuedTokens {
  readonly accessTokenHash: string;
  readonly accessTokenExpiresAt: Date;
  /** As tokens store them: a refresh may narrow the grant's scopes for one access token. */
  readonly scopes: readonly string[];
  readonly refreshTokenHash: string;
  readonly refreshTokenExpiresAt: Date;
}

const APP_COLUMNS = `a.id, a.owner_id, o.username AS owner_name, a.name, a.redirect_uris, a.confidential,
  a.created_at, a.updated_at, a.disabled_at, a.disabled_reason, a.secret_hash`;

interface AppRow {
  id: string;
  owner_id: string;
  owner_name: string | null;
  name: string;
  redirect_uris: string[];
  confidential: boolean;
  created_at: Date;
  updated_at: Date;
  disabled_at: Date | null;
  disabled_reason: string | null;
  secret_hash: string | null;
}

function appOf(row: AppRow): AppCredentials {
  return {
    id: row.id,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    name: row.name,
    redirectUris: row.redirect_uris,
    confidential: row.confidential,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    disabledAt: row.disabled_at,
    disabledReason: row.disabled_reason,
    secretHash: row.secret_hash,
  };
}

/** The app without its secret's hash. */
export function publicApp({ secretHash: _secret, ...app }: AppCredentials): AppRecord {
  return app;
}

/** Whether a grant's row, its app's and its person's all allow it to be used (SQL over g, a, p). */
const GRANT_LIVE = `(g.revoked_at IS NULL AND a.disabled_at IS NULL AND p.disabled_at IS NULL AND p.deleted_at IS NULL)`;

@Injectable()
export class OAuthRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokensRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  // ---------------------------------------------------------------------------------------------------------
  // Apps
  // ---------------------------------------------------------------------------------------------------------

  /** Registers an app, unless its owner has APP_LIMITS.appsPerOwner already (then null). */
  async createApp(app: NewApp, now: Date): Promise<AppRecord | null> {
    return transaction(this.prisma.pool, async (client) => {
      // The owner's row, locked: two registrations at once count each other.
      await client.query('SELECT 1 FROM players WHERE id = $1::uuid FOR UPDATE', [app.ownerId]);
      const { rows: counted } = await client.query<{ count: string }>(
        'SELECT count(*)::text AS count FROM oauth_apps WHERE owner_id = $1::uuid',
        [app.ownerId],
      );
      if (Number(counted[0]!.count) >= APP_LIMITS.appsPerOwner) return null;
      const id = randomUUID();
      await client.query(
        `INSERT INTO oauth_apps (id, owner_id, name, redirect_uris, confidential, secret_hash, created_at, updated_at)
         VALUES ($1::uuid, $2::uuid, $3, $4::text[], $5, $6, $7, $7)`,
        [id, app.ownerId, app.name, app.redirectUris, app.secretHash !== null, app.secretHash, now],
      );
      return publicApp((await this.appOn(client, id))!);
    });
  }

  /** The app, with its secret's hash, or null. */
  async app(id: string): Promise<AppCredentials | null> {
    return this.appOn(this.prisma.pool, id);
  }

  private async appOn(client: Pick<PoolClient, 'query'>, id: string): Promise<AppCredentials | null> {
    const { rows } = await client.query<AppRow>(
      `SELECT ${APP_COLUMNS} FROM oauth_apps a JOIN players o ON o.id = a.owner_id WHERE a.id = $1::uuid`,
      [id],
    );
    return rows[0] === undefined ? null : appOf(rows[0]);
  }

  /** Whether some app that is not disabled registered a redirect URI on the web origin `origin`. */
  async isAppOrigin(origin: string): Promise<boolean> {
    // An origin is a URI's scheme, host and port: a redirect URI on it is the origin followed by a path or a query.
    const escaped = origin.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`);
    const { rows } = await this.prisma.pool.query<{ found: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM oauth_apps a, unnest(a.redirect_uris) AS uri
          WHERE a.disabled_at IS NULL AND (lower(uri) LIKE $1 || '/%' OR lower(uri) LIKE $1 || '?%')
       ) AS found`,
      [escaped],
    );
    return rows[0]?.found ?? false;
  }

  /** The apps a player registered, oldest first. */
  async appsOf(ownerId: string): Promise<AppRecord[]> {
    const { rows } = await this.prisma.pool.query<AppRow>(
      `SELECT ${APP_COLUMNS} FROM oauth_apps a JOIN players o ON o.id = a.owner_id
        WHERE a.owner_id = $1::uuid ORDER BY a.created_at, a.id`,
      [ownerId],
    );
    return rows.map((row) => publicApp(appOf(row)));
  }

  /** Renames an app or changes its redirect URIs (its grants stay: a code in flight must match the new URIs). */
  async updateApp(
    id: string,
    ownerId: string,
    change: { readonly name: string; readonly redirectUris: readonly string[] },
    now: Date,
  ): Promise<AppRecord | null> {
    const { rowCount } = await this.prisma.pool.query(
      `UPDATE oauth_apps SET name = $3, redirect_uris = $4::text[], updated_at = $5
        WHERE id = $1::uuid AND owner_id = $2::uuid`,
      [id, ownerId, change.name, change.redirectUris, now],
    );
    return rowCount === 0 ? null : publicApp((await this.app(id))!);
  }

  /** A confidential app's new secret: the old one stops working at once. Whether the app was the owner's and confidential. */
  async replaceSecret(id: string, ownerId: string, secretHash: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      `UPDATE oauth_apps SET secret_hash = $3, updated_at = $4
        WHERE id = $1::uuid AND owner_id = $2::uuid AND confidential`,
      [id, ownerId, secretHash, now],
    );
    return rowCount === 1;
  }

  /** Deletes an owner's app with everything issued to it; whether there was one. */
  async deleteApp(id: string, ownerId: string, now: Date): Promise<boolean> {
    return transaction(this.prisma.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        'SELECT id FROM oauth_apps WHERE id = $1::uuid AND owner_id = $2::uuid FOR UPDATE',
        [id, ownerId],
      );
      if (rows.length === 0) return false;
      await this.endGrantsOn(client, 'g.app_id = $1::uuid', [id], 'APP_DELETED', now);
      await client.query('DELETE FROM oauth_apps WHERE id = $1::uuid', [id]);
      return true;
    });
  }

  /**
   * An admin disables an app (every grant ended, no new one) or enables it again, in one transaction with the
   * audit row. The app, or null when there is none.
   */
  async setDisabled(
    id: string,
    disabled: { readonly reason: string | null } | null,
    audit: (app: AppRecord) => AuditEntry,
    now: Date,
  ): Promise<AppRecord | null> {
    return transaction(this.prisma.pool, async (client) => {
      const { rowCount } = await client.query(
        disabled === null
          ? 'UPDATE oauth_apps SET disabled_at = NULL, disabled_reason = NULL WHERE id = $1::uuid'
          : 'UPDATE oauth_apps SET disabled_at = $2, disabled_reason = $3 WHERE id = $1::uuid',
        disabled === null ? [id] : [id, now, disabled.reason],
      );
      if (rowCount === 0) return null;
      if (disabled !== null) await this.endGrantsOn(client, 'g.app_id = $1::uuid', [id], 'APP_DISABLED', now);
      const app = publicApp((await this.appOn(client, id))!);
      await this.audit.write(client, audit(app));
      return app;
    });
  }

  // ---------------------------------------------------------------------------------------------------------
  // Grants, codes, refresh tokens
  // ---------------------------------------------------------------------------------------------------------

  /** A person approved: the grant and its first code. */
  async createGrantWithCode(
    grant: { readonly appId: string; readonly playerId: string; readonly scopes: readonly string[] },
    code: Omit<CodeRecord, keyof GrantHolder> & { readonly codeHash: string; readonly expiresAt: Date },
    now: Date,
  ): Promise<string> {
    return transaction(this.prisma.pool, async (client) => {
      const grantId = randomUUID();
      await client.query(
        `INSERT INTO oauth_grants (id, app_id, player_id, scopes, created_at)
         VALUES ($1::uuid, $2::uuid, $3::uuid, $4::text[], $5)`,
        [grantId, grant.appId, grant.playerId, grant.scopes, now],
      );
      await client.query(
        `INSERT INTO oauth_codes (code_hash, grant_id, redirect_uri, code_challenge, code_challenge_method, expires_at)
         VALUES ($1, $2::uuid, $3, $4, $5, $6)`,
        [
          code.codeHash,
          grantId,
          code.redirectUri,
          code.codeChallenge,
          code.codeChallengeMethod,
          code.expiresAt,
        ],
      );
      return grantId;
    });
  }

  async code(codeHash: string): Promise<CodeRecord | null> {
    const { rows } = await this.prisma.pool.query<
      HolderRow & {
        redirect_uri: string;
        code_challenge: string | null;
        code_challenge_method: string | null;
      }
    >(
      `SELECT c.grant_id, g.app_id, g.player_id, g.scopes, ${GRANT_LIVE} AS live, c.expires_at, c.used_at,
              c.redirect_uri, c.code_challenge, c.code_challenge_method
         FROM oauth_codes c
         JOIN oauth_grants g ON g.id = c.grant_id
         JOIN oauth_apps a ON a.id = g.app_id
         JOIN players p ON p.id = g.player_id
        WHERE c.code_hash = $1`,
      [codeHash],
    );
    const row = rows[0];
    return row === undefined
      ? null
      : {
          ...holderOf(row),
          redirectUri: row.redirect_uri,
          codeChallenge: row.code_challenge,
          codeChallengeMethod: row.code_challenge_method,
        };
  }

  /** Marks a code used; false when it already was (then it must not be exchanged). */
  async useCode(codeHash: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      'UPDATE oauth_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL',
      [codeHash, now],
    );
    return rowCount === 1;
  }

  async refreshToken(tokenHash: string): Promise<GrantHolder | null> {
    const { rows } = await this.prisma.pool.query<HolderRow>(
      `SELECT r.grant_id, g.app_id, g.player_id, g.scopes, ${GRANT_LIVE} AS live, r.expires_at, r.used_at
         FROM oauth_refresh_tokens r
         JOIN oauth_grants g ON g.id = r.grant_id
         JOIN oauth_apps a ON a.id = g.app_id
         JOIN players p ON p.id = g.player_id
        WHERE r.token_hash = $1`,
      [tokenHash],
    );
    return rows[0] === undefined ? null : holderOf(rows[0]);
  }

  /** Marks a refresh token used (rotated); false when it already was. */
  async useRefreshToken(tokenHash: string, now: Date): Promise<boolean> {
    const { rowCount } = await this.prisma.pool.query(
      'UPDATE oauth_refresh_tokens SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL',
      [tokenHash, now],
    );
    return rowCount === 1;
  }

  /**
   * Issues an access token and a refresh token under a grant, if it is still live (locked meanwhile, so that a
   * revocation cannot slip between the check and the insert); false when it is not.
   */
  async issue(grantId: string, tokens: IssuedTokens, now: Date): Promise<boolean> {
    return transaction(this.prisma.pool, async (client) => {
      const { rows } = await client.query<{ player_id: string; live: boolean }>(
        `SELECT g.player_id, ${GRANT_LIVE} AS live
           FROM oauth_grants g
           JOIN oauth_apps a ON a.id = g.app_id
           JOIN players p ON p.id = g.player_id
          WHERE g.id = $1::uuid
          FOR UPDATE OF g`,
        [grantId],
      );
      const grant = rows[0];
      if (grant === undefined || !grant.live) return false;
      await this.tokens.createAppTokenOn(client, {
        playerId: grant.player_id,
        grantId,
        tokenHash: tokens.accessTokenHash,
        scopes: tokens.scopes,
        expiresAt: tokens.accessTokenExpiresAt,
        createdAt: now,
      });
      await client.query(
        `INSERT INTO oauth_refresh_tokens (token_hash, grant_id, created_at, expires_at)
         VALUES ($1, $2::uuid, $3, $4)`,
        [tokens.refreshTokenHash, grantId, now, tokens.refreshTokenExpiresAt],
      );
      return true;
    });
  }

  /** Ends one grant (a reused code or refresh token, the app's own revocation). Whether it was live. */
  async endGrant(grantId: string, reason: GrantEndReason, now: Date): Promise<boolean> {
    return transaction(this.prisma.pool, async (client) => {
      return (await this.endGrantsOn(client, 'g.id = $1::uuid', [grantId], reason, now)) > 0;
    });
  }

  /** Ends every live grant a person gave (their password was reset). How many ended. */
  async endGrantsOf(playerId: string, reason: GrantEndReason, now: Date): Promise<number> {
    return transaction(this.prisma.pool, (client) =>
      this.endGrantsOn(client, 'g.player_id = $1::uuid', [playerId], reason, now),
    );
  }

  /** A person revokes an app: every live grant of theirs to it. How many ended. */
  async revokeApp(playerId: string, appId: string, now: Date): Promise<number> {
    return transaction(this.prisma.pool, (client) =>
      this.endGrantsOn(
        client,
        'g.player_id = $1::uuid AND g.app_id = $2::uuid',
        [playerId, appId],
        'REVOKED_BY_PLAYER',
        now,
      ),
    );
  }

  /**
   * Ends the live grants that `where` (over `g`) takes, on `client`: each marked revoked with `reason`, its
   * access tokens revoked, its unused refresh tokens and codes marked used; each player concerned is announced.
   * How many ended.
   */
  private async endGrantsOn(
    client: PoolClient,
    where: string,
    params: readonly unknown[],
    reason: GrantEndReason,
    now: Date,
  ): Promise<number> {
    const at = `$${params.length + 1}`;
    const { rows } = await client.query<{ id: string; player_id: string }>(
      `UPDATE oauth_grants g SET revoked_at = ${at}, revoked_reason = $${params.length + 2}
        WHERE ${where} AND g.revoked_at IS NULL
        RETURNING g.id, g.player_id`,
      [...params, now, reason],
    );
    if (rows.length === 0) return 0;
    const grantIds = rows.map((row) => row.id);
    await this.tokens.revokeGrantTokensOn(client, grantIds, now);
    await client.query(
      'UPDATE oauth_refresh_tokens SET used_at = $2 WHERE grant_id = ANY($1::uuid[]) AND used_at IS NULL',
      [grantIds, now],
    );
    await client.query(
      'UPDATE oauth_codes SET used_at = $2 WHERE grant_id = ANY($1::uuid[]) AND used_at IS NULL',
      [grantIds, now],
    );
    for (const playerId of new Set(rows.map((row) => row.player_id))) {
      this.tokens.announceChangedOn(client, playerId);
    }
    return rows.length;
  }

  /**
   * A deleted account's part: the grants it gave go (the account's tokens went with its deletion), and the apps it
   * registered are deleted, ending everyone's approvals of them.
   */
  async eraseOf(playerId: string, now: Date): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      await this.endGrantsOn(
        client,
        'g.app_id IN (SELECT id FROM oauth_apps WHERE owner_id = $1::uuid)',
        [playerId],
        'APP_DELETED',
        now,
      );
      await client.query('DELETE FROM oauth_apps WHERE owner_id = $1::uuid', [playerId]);
      await client.query('DELETE FROM oauth_grants WHERE player_id = $1::uuid', [playerId]);
    });
  }

  /** A player's grants: the live ones ("Connected apps"), or all of them (the account export), newest first. */
  async grantsOf(playerId: string, which: 'live' | 'all'): Promise<GrantRecord[]> {
    const { rows } = await this.prisma.pool.query<{
      id: string;
      app_id: string;
      app_name: string;
      owner_name: string | null;
      scopes: string[];
      created_at: Date;
      last_used_at: Date | null;
      revoked_at: Date | null;
      revoked_reason: GrantEndReason | null;
    }>(
      `SELECT g.id, g.app_id, a.name AS app_name, o.username AS owner_name, g.scopes, g.created_at,
              (SELECT max(t.last_used_at) FROM tokens t WHERE t.grant_id = g.id) AS last_used_at,
              g.revoked_at, g.revoked_reason
         FROM oauth_grants g
         JOIN oauth_apps a ON a.id = g.app_id
         JOIN players o ON o.id = a.owner_id
        WHERE g.player_id = $1::uuid ${which === 'live' ? 'AND g.revoked_at IS NULL AND a.disabled_at IS NULL' : ''}
        ORDER BY g.created_at DESC, g.id`,
      [playerId],
    );
    return rows.map((row) => ({
      id: row.id,
      app: { id: row.app_id, name: row.app_name, ownerName: row.owner_name },
      scopes: row.scopes,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      revokedAt: row.revoked_at,
      revokedReason: row.revoked_reason,
    }));
  }

  /** The grant of an access token (by its id in `tokens`), or null. */
  async grantOfToken(tokenId: string): Promise<{ readonly grantId: string; readonly appId: string } | null> {
    const { rows } = await this.prisma.pool.query<{ grant_id: string; app_id: string }>(
      `SELECT t.grant_id, g.app_id FROM tokens t JOIN oauth_grants g ON g.id = t.grant_id WHERE t.id = $1::uuid`,
      [tokenId],
    );
    return rows[0] === undefined ? null : { grantId: rows[0].grant_id, appId: rows[0].app_id };
  }
}

interface HolderRow {
  grant_id: string;
  app_id: string;
  player_id: string;
  scopes: string[];
  live: boolean;
  expires_at: Date;
  used_at: Date | null;
}

function holderOf(row: HolderRow): GrantHolder {
  return {
    grantId: row.grant_id,
    appId: row.app_id,
    playerId: row.player_id,
    scopes: row.scopes,
    live: row.live,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  };
}
