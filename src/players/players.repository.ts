/**
 * `players` (docs/architecture.md, "Who writes what"): the only code that writes the table. It reads and writes what
 * the players service decided; an account change that also revokes tokens, deletes webhooks or records an audit
 * row does so in the one transaction here, through the owning module's code (src/auth/tokens.repository.ts,
 * src/webhooks/webhooks.repository.ts) or the `within` its caller hands over
 * (src/moderation/audit-log.repository.ts). What leaves here is a PlayerRecord: never a password hash, except to
 * the sign-in and password checks that need it.
 */
import type { TokenKind } from '../auth/tokens';
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { TokensRepository } from '../auth/tokens.repository';
import { transaction } from '../db/transaction';
import type { Player } from '../generated/prisma/client';
import { PrismaService } from '../prisma/prisma.service';
import { deleteWebhooksOf } from '../webhooks/webhooks.repository';
import { deletePushSubscriptionsOf } from '../push/push.repository';
import { deleteMailOf } from '../mail/mail.repository';
import { deleteTwoFactorOf } from './two-factor.repository';
import { deleteNotificationSettingsOf } from '../notifications/notification-settings.repository';

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
  guestSince: true,
} as const;
export type PlayerRecord = Pick<Player, keyof typeof PLAYER_FIELDS>;

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

/** Work done inside an account change's transaction (the action's audit row: src/moderation/audit-log.repository.ts). */
export type WithinTransaction = (client: PoolClient) => Promise<void>;

/** An account to insert: its password already hashed (src/players/password-hasher.ts). */
export interface NewAccount {
  readonly username: string;
  readonly passwordHash: string;
  readonly admin: boolean;
}

/** What an upgrade to a bot account found, under the account's row lock. */
export type UpgradeOutcome = 'missing' | 'already' | 'played' | 'upgraded';

/** The record of a row as Prisma reads it (its other columns left behind). */
export function publicPlayer(player: PlayerRecord): PlayerRecord {
  return {
    id: player.id,
    username: player.username,
    isBot: player.isBot,
    createdAt: player.createdAt,
    deletedAt: player.deletedAt,
    isAdmin: player.isAdmin,
    disabledAt: player.disabledAt,
    guestSince: player.guestSince,
  };
}

@Injectable()
export class PlayersRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly tokens: TokensRepository,
  ) {}

  /** Inserts the account and runs `within` in the same transaction; its new id. A name taken throws 23505. */
  async insert(
    account: NewAccount,
    within: ((client: PoolClient, playerId: string) => Promise<void>) | null,
  ): Promise<string> {
    const id = randomUUID();
    await transaction(this.prisma.pool, async (client) => {
      await client.query(
        `INSERT INTO players (id, username, username_key, password_hash, is_admin)
         VALUES ($1::uuid, $2, $3, $4, $5)`,
        [id, account.username, account.username.toLowerCase(), account.passwordHash, account.admin],
      );
      await within?.(client, id);
    });
    return id;
  }

  /** The account with this username (any case) and its password hash, for signing in. */
  async withPasswordByUsername(
    username: string,
  ): Promise<(PlayerRecord & { readonly passwordHash: string | null }) | null> {
    return this.prisma.player.findUnique({ where: { usernameKey: username.toLowerCase() } });
  }

  async byId(id: string): Promise<PlayerRecord | null> {
    return this.prisma.player.findUnique({ where: { id }, select: PLAYER_FIELDS });
  }

  /** The players with these ids, in one query (any order; an unknown id is left out). */
  async byIds(ids: readonly string[]): Promise<PlayerRecord[]> {
    return this.prisma.player.findMany({ where: { id: { in: [...new Set(ids)] } }, select: PLAYER_FIELDS });
  }

  async byUsername(username: string): Promise<PlayerRecord | null> {
    return this.prisma.player.findUnique({
      where: { usernameKey: username.toLowerCase() },
      select: PLAYER_FIELDS,
    });
  }

  /** Whether the account is a bot account and an admin; null when there is none. */
  async rolesOf(playerId: string): Promise<{ readonly isBot: boolean; readonly isAdmin: boolean } | null> {
    return this.prisma.player.findUnique({ where: { id: playerId }, select: { isBot: true, isAdmin: true } });
  }

  /** The account's username and password hash (null once deleted); null when there is no account. */
  async passwordOf(
    playerId: string,
  ): Promise<{ readonly username: string; readonly passwordHash: string | null } | null> {
    return this.prisma.player.findUnique({
      where: { id: playerId },
      select: { username: true, passwordHash: true },
    });
  }

  /** The account's password hash (null once deleted); null when there is no account. */
  async passwordHashOf(playerId: string): Promise<{ readonly passwordHash: string | null } | null> {
    return this.prisma.player.findUnique({ where: { id: playerId }, select: { passwordHash: true } });
  }

  /**
   * Stores a new password hash and revokes the live tokens of `revokedKinds` but the session `keptSessionId`, in
   * one transaction that announces the token change.
   */
  async changePassword(
    playerId: string,
    passwordHash: string,
    revokedKinds: readonly TokenKind[],
    keptSessionId: string,
  ): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await tx.player.update({ where: { id: playerId }, data: { passwordHash } });
      await this.tokens.revokeLive(tx, playerId, {
        type: 'allBut',
        kinds: revokedKinds,
        keptId: keptSessionId,
      });
    });
    await this.tokens.announceChanged(playerId);
  }

  /**
   * A reset's new password, only while the password is still `previousHash` (a link works once, and two uses of it
   * at once set one password), with every token of the account revoked, announced in the same transaction. Whether
   * it was set.
   */
  async resetPassword(playerId: string, previousHash: string, passwordHash: string): Promise<boolean> {
    const reset = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.player.updateMany({
        where: { id: playerId, passwordHash: previousHash, deletedAt: null },
        data: { passwordHash },
      });
      if (count === 0) return false;
      await this.tokens.revokeLive(tx, playerId, { type: 'all' });
      return true;
    });
    if (reset) await this.tokens.announceChanged(playerId);
    return reset;
  }

  /**
   * Marks the account deleted at `now`, its password hash gone, with every token, webhook and pending webhook
   * delivery, push subscription, notification setting, e-mail address and queued mail of it, in one transaction that announces the token change. False when it was deleted already.
   */
  async tombstone(playerId: string, now: Date): Promise<boolean> {
    const deleted = await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.player.updateMany({
        where: { id: playerId, deletedAt: null },
        data: { deletedAt: now, passwordHash: null },
      });
      if (count === 0) return false;
      await this.tokens.deleteAllOf(tx, playerId);
      await deleteWebhooksOf(tx, playerId);
      await deletePushSubscriptionsOf(tx, playerId);
      await deleteNotificationSettingsOf(tx, playerId);
      await deleteMailOf(tx, playerId);
      await deleteTwoFactorOf(tx, playerId);
      return true;
    });
    if (deleted) await this.tokens.announceChanged(playerId);
    return deleted;
  }

  /**
   * Makes the account a bot account if it has never sat in a game, revoking its API tokens that could play, in one
   * transaction that announces the token change. What it found.
   */
  async upgradeToBot(playerId: string): Promise<UpgradeOutcome> {
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
      await this.tokens.revokeLive(tx, playerId, { type: 'apiWithScope', scope: 'game:play' });
      return 'upgraded' as const;
    });
    if (outcome === 'upgraded') await this.tokens.announceChanged(playerId);
    return outcome;
  }

  /**
   * Gives the account the admin role (`admin` true) or takes it away, with `within` in the same transaction, and
   * announces the token change. False when the account had that role already (nothing is written then); a deleted
   * account is never made an admin.
   */
  async setAdmin(playerId: string, admin: boolean, within: WithinTransaction): Promise<boolean> {
    return transaction(this.prisma.pool, async (client) => {
      const { rowCount } = await client.query(
        admin
          ? 'UPDATE players SET is_admin = true WHERE id = $1::uuid AND NOT is_admin AND deleted_at IS NULL'
          : 'UPDATE players SET is_admin = false WHERE id = $1::uuid AND is_admin',
        [playerId],
      );
      if (rowCount === 0) return false;
      await within(client);
      this.tokens.announceChangedOn(client, playerId);
      return true;
    });
  }

  /**
   * Disables the account in one transaction: the account and every other enabled admin are locked (in id order, so
   * two disables never deadlock), `decide` judges the account as it is then (a refusal is thrown, nothing
   * written), and the account is marked disabled with `reason`, every token of it revoked, `within` run, and the
   * token change announced. `decide` is handed null when there is no such account.
   */
  async disable(
    playerId: string,
    reason: string,
    now: Date,
    decide: (target: DisableTarget | null) => Error | null,
    within: WithinTransaction,
  ): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `SELECT id FROM players
          WHERE id = $1::uuid OR (is_admin AND disabled_at IS NULL AND deleted_at IS NULL)
          ORDER BY id FOR UPDATE`,
        [playerId],
      );
      const player = await lockedRecord(client, playerId);
      const refusal = decide(
        player === null
          ? null
          : { player, otherEnabledAdmins: rows.filter((row) => row.id !== playerId).length },
      );
      if (refusal !== null) throw refusal;
      await client.query('UPDATE players SET disabled_at = $2, disabled_reason = $3 WHERE id = $1::uuid', [
        playerId,
        now,
        reason,
      ]);
      await this.tokens.revokeAllOn(client, playerId, now);
      await within(client);
      this.tokens.announceChangedOn(client, playerId);
    });
  }

  /** Enables a disabled account again, once `decide` judged it under its row lock (null: no such account). */
  async enable(
    playerId: string,
    decide: (player: PlayerRecord | null) => Error | null,
    within: WithinTransaction,
  ): Promise<void> {
    await transaction(this.prisma.pool, async (client) => {
      await client.query('SELECT id FROM players WHERE id = $1::uuid FOR UPDATE', [playerId]);
      const refusal = decide(await lockedRecord(client, playerId));
      if (refusal !== null) throw refusal;
      await client.query(
        'UPDATE players SET disabled_at = NULL, disabled_reason = NULL WHERE id = $1::uuid',
        [playerId],
      );
      await within(client);
    });
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
}

/** The account as read on `client`, inside the transaction that locked it. */
async function lockedRecord(client: PoolClient, playerId: string): Promise<PlayerRecord | null> {
  const { rows } = await client.query<{
    id: string;
    username: string;
    is_bot: boolean;
    created_at: Date;
    deleted_at: Date | null;
    is_admin: boolean;
    disabled_at: Date | null;
    guest_since: Date | null;
  }>(
    `SELECT id, username, is_bot, created_at, deleted_at, is_admin, disabled_at, guest_since FROM players
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
        guestSince: row.guest_since,
      };
}
