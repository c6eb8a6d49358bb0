/**
 * `tokens` (docs/architecture.md, "Who writes what"): the only code that writes the table. The auth module owns it —
 * it reads a bearer token to a viewer on every request — and the players module's account changes (a new password,
 * a deletion, a disable, an upgrade to a bot account) call the writes here inside their own transactions. Tokens
 * are stored only as their SHA-256 (src/auth/tokens.ts). Every change of a player's tokens is announced once the
 * transaction that made it commits (src/events/announcements.ts, `tokens`), so every app copy drops its cached
 * lookups and checks its open sockets.
 */
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { afterCommit, transaction } from '../db/transaction';
import { Announcer } from '../events/announcer';
import { Prisma, Token } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import type { TokenKind } from './tokens';
import type { Scope } from './viewer';

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

/** A token found by its hash, with who it speaks for: never their password hash (the viewer is cached). */
export interface TokenLookup {
  readonly id: string;
  readonly kind: string;
  readonly scopes: string[];
  readonly expiresAt: Date | null;
  readonly revokedAt: Date | null;
  readonly lastUsedAt: Date | null;
  readonly player: {
    readonly id: string;
    readonly username: string;
    readonly isBot: boolean;
    readonly isAdmin: boolean;
    readonly disabledAt: Date | null;
    readonly guestSince: Date | null;
  };
}

/** A new token to store: its SHA-256, never the token. */
export interface NewToken {
  readonly playerId: string;
  readonly tokenHash: string;
  readonly scopes: readonly string[];
}

/** Which of a player's live tokens a revocation takes. */
export type TokenSelection =
  /** One token of the kind. */
  | { readonly type: 'one'; readonly id: string; readonly kind: TokenKind }
  /** Every one of the kinds but the token `keptId` (the session that asked). */
  | { readonly type: 'allBut'; readonly kinds: readonly TokenKind[]; readonly keptId: string }
  /** Every API token that carries `scope`. */
  | { readonly type: 'apiWithScope'; readonly scope: Scope }
  /** Every one (a password reset: whoever held the old password is out everywhere). */
  | { readonly type: 'all' };

@Injectable()
export class TokensRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly announcer: Announcer,
  ) {}

  async lookup(tokenHash: string): Promise<TokenLookup | null> {
    const row = await this.prisma.token.findUnique({
      where: { tokenHash },
      include: {
        player: {
          select: {
            id: true,
            username: true,
            isBot: true,
            isAdmin: true,
            disabledAt: true,
            guestSince: true,
          },
        },
      },
    });
    return row === null
      ? null
      : {
          id: row.id,
          kind: row.kind,
          scopes: row.scopes,
          expiresAt: row.expiresAt,
          revokedAt: row.revokedAt,
          lastUsedAt: row.lastUsedAt,
          player: row.player,
        };
  }

  /** Marks the token used at `at`. */
  async touch(id: string, at: Date): Promise<void> {
    await this.prisma.token.update({ where: { id }, data: { lastUsedAt: at } });
  }

  async createSession(token: NewToken, expiresAt: Date): Promise<void> {
    await this.prisma.token.create({
      data: {
        id: randomUUID(),
        playerId: token.playerId,
        kind: 'session',
        tokenHash: token.tokenHash,
        scopes: [...token.scopes],
        expiresAt,
      },
    });
  }

  /** How many API tokens of the player are not revoked. */
  async liveApiTokenCount(playerId: string): Promise<number> {
    return this.prisma.token.count({ where: { playerId, kind: 'api', revokedAt: null } });
  }

  /**
   * Stores a new API token named `name`, and runs `within` (the audit row of an ADMIN token:
   * src/moderation/audit-log.repository.ts), when given, in the same transaction.
   */
  async createApiToken(
    token: NewToken,
    name: string | null,
    within: ((client: PoolClient, tokenId: string) => Promise<void>) | null,
  ): Promise<TokenRecord> {
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
        [randomUUID(), token.playerId, name, token.tokenHash, token.scopes],
      );
      const inserted = rows[0]!;
      await within?.(client, inserted.id);
      return inserted;
    });
    return {
      id: row.id,
      playerId: row.player_id,
      kind: row.kind,
      name: row.name,
      scopes: row.scopes,
      createdAt: row.created_at,
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
    };
  }

  async apiTokens(playerId: string): Promise<TokenRecord[]> {
    return this.prisma.token.findMany({
      where: { playerId, kind: 'api', revokedAt: null },
      orderBy: { createdAt: 'asc' },
      select: TOKEN_FIELDS,
    });
  }

  /** The player's sessions that still work at `now`, oldest first. */
  async sessions(playerId: string, now: Date): Promise<TokenRecord[]> {
    return this.prisma.token.findMany({
      where: { playerId, kind: 'session', revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: 'asc' },
      select: TOKEN_FIELDS,
    });
  }

  /**
   * Revokes one of the player's live tokens, and announces it in the same transaction when there was one. The
   * number revoked.
   */
  async revoke(playerId: string, token: { readonly id: string; readonly kind: TokenKind }): Promise<number> {
    const revoked = await this.prisma.$transaction((tx) =>
      this.revokeLive(tx, playerId, { type: 'one', ...token }),
    );
    if (revoked > 0) await this.announcer.tokensChanged(playerId);
    return revoked;
  }

  /** Revokes the player's live tokens that `selection` takes, inside the caller's Prisma transaction `tx`. */
  async revokeLive(
    tx: Prisma.TransactionClient,
    playerId: string,
    selection: TokenSelection,
  ): Promise<number> {
    const { count } = await tx.token.updateMany({
      where: liveTokens(playerId, selection),
      data: { revokedAt: new Date() },
    });
    return count;
  }

  /** Revokes every live token of the player at `at`, on `client` (the caller's transaction). */
  async revokeAllOn(client: Pick<PoolClient, 'query'>, playerId: string, at: Date): Promise<void> {
    await client.query(
      'UPDATE tokens SET revoked_at = $2 WHERE player_id = $1::uuid AND revoked_at IS NULL',
      [playerId, at],
    );
  }

  /** Stores an app's access token under its grant, on `client` (src/oauth/oauth.repository.ts's transaction). */
  async createAppTokenOn(
    client: Pick<PoolClient, 'query'>,
    token: NewToken & {
      readonly grantId: string;
      readonly expiresAt: Date;
      readonly createdAt: Date;
    },
  ): Promise<void> {
    await client.query(
      `INSERT INTO tokens (id, player_id, kind, token_hash, scopes, grant_id, created_at, expires_at)
       VALUES ($1::uuid, $2::uuid, 'app', $3, $4::text[], $5::uuid, $6, $7)`,
      [
        randomUUID(),
        token.playerId,
        token.tokenHash,
        token.scopes,
        token.grantId,
        token.createdAt,
        token.expiresAt,
      ],
    );
  }

  /** Revokes the live access tokens of the grants, on `client` (the caller announces the players concerned). */
  async revokeGrantTokensOn(
    client: Pick<PoolClient, 'query'>,
    grantIds: readonly string[],
    at: Date,
  ): Promise<void> {
    await client.query(
      'UPDATE tokens SET revoked_at = $2 WHERE grant_id = ANY($1::uuid[]) AND revoked_at IS NULL',
      [grantIds, at],
    );
  }

  /** Deletes every token of the player (a deleted account's), inside the caller's Prisma transaction `tx`. */
  async deleteAllOf(tx: Prisma.TransactionClient, playerId: string): Promise<void> {
    await tx.token.deleteMany({ where: { playerId } });
  }

  /**
   * Announces that a player's tokens changed once `client`'s transaction (one of src/db/transaction.ts) commits:
   * the account's tokens, scopes or state changed in it.
   */
  announceChangedOn(client: Pick<PoolClient, 'query'>, playerId: string): void {
    afterCommit(client, () => this.announcer.tokensChanged(playerId));
  }

  /** Announces that a player's tokens changed, after a Prisma transaction that changed them committed. */
  announceChanged(playerId: string): Promise<void> {
    return this.announcer.tokensChanged(playerId);
  }
}

/** Prisma's `where` for the live tokens of `playerId` that `selection` takes. */
function liveTokens(playerId: string, selection: TokenSelection): Prisma.TokenWhereInput {
  switch (selection.type) {
    case 'one':
      return { id: selection.id, kind: selection.kind, playerId, revokedAt: null };
    case 'allBut':
      return { playerId, revokedAt: null, kind: { in: [...selection.kinds] }, id: { not: selection.keptId } };
    case 'apiWithScope':
      return { playerId, kind: 'api', revokedAt: null, scopes: { has: selection.scope } };
    case 'all':
      return { playerId, revokedAt: null };
    default: {
      const never: never = selection;
      return never;
    }
  }
}
