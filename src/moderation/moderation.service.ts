/**
 * Moderation (docs/operations.md#moderation): disabling and enabling accounts, calling games off, the admin role,
 * and the audit log of all of it. The API (ModerationResolver, for an admin with an ADMIN token) and the command
 * line (src/cli/admin.ts, for the operator) both act through here, so both are checked and audited alike: every
 * action writes its audit row in the transaction of the action.
 */
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../clock/clock';
import type { GameRecord } from '../games/domain/game-record';
import { GameHandler } from '../games/write/game-handler';
import { DisabledRecord, PlayerRecord, PlayersService } from '../players/players.service';
import { AuditLogRepository, AuditRecord } from './audit-log.repository';
import { checkedReason, disableRefusal, enableRefusal, grantRefusal } from './decisions';
import { AdminActor } from './vocabulary';

@Injectable()
export class ModerationService {
  private readonly logger = new Logger(ModerationService.name);

  constructor(
    private readonly players: PlayersService,
    private readonly handler: GameHandler,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Disables an account: in one transaction it is marked disabled, every token and session of it revoked and the
   * action audited, and the change announced, so every app copy closes its open sockets once it commits. Then its
   * running games are resigned and its waiting games, seeks and invitations called off through the games
   * service's own paths (the same as for a deleted account), so the other players get the usual events, results
   * and rating changes. A disable refused (decisions.ts) writes nothing; one of an account disabled already
   * settles whatever game of it is still open (left by a failure the first time) before it is refused.
   */
  async disable(actor: AdminActor, username: string, reason: string): Promise<DisabledRecord> {
    const text = checkedReason(reason);
    const target = await this.players.named(username);
    if (target.disabledAt !== null && target.deletedAt === null) await this.handler.settleGamesOf(target.id);
    const now = this.clock.now();
    const player = await this.players.disable(
      target.id,
      text,
      now,
      (locked) => disableRefusal(locked, actor),
      (client) =>
        this.audit.write(client, {
          actor,
          action: 'disableAccount',
          at: now,
          targetPlayerId: target.id,
          targetGameId: null,
          targetTokenId: null,
          reason: text,
        }),
    );
    await this.handler.settleGamesOf(player.id);
    this.logger.log(`account ${player.username} disabled (${actor.via})`);
    return { player, disabledAt: player.disabledAt ?? now, reason: text };
  }

  /** Enables a disabled account: it can sign in again; its old tokens and sessions stay revoked. */
  async enable(actor: AdminActor, username: string): Promise<PlayerRecord> {
    const target = await this.players.named(username);
    const now = this.clock.now();
    return this.players.enable(target.id, enableRefusal, (client) =>
      this.audit.write(client, {
        actor,
        action: 'enableAccount',
        at: now,
        targetPlayerId: target.id,
        targetGameId: null,
        targetTokenId: null,
        reason: null,
      }),
    );
  }

  /** Calls a game off (ABORTED, reason MODERATED): no result, no rating change (GameHandler.abortAsAdmin). */
  async abortGame(actor: AdminActor, gameId: string, reason: string): Promise<GameRecord> {
    const text = checkedReason(reason);
    return this.handler.abortAsAdmin(gameId, (client) =>
      this.audit.write(client, {
        actor,
        action: 'abortGame',
        at: this.clock.now(),
        targetPlayerId: null,
        targetGameId: gameId,
        targetTokenId: null,
        reason: text,
      }),
    );
  }

  /** Makes an existing account an admin (the command line only). False when it was one already. */
  async grantAdmin(actor: AdminActor, username: string): Promise<boolean> {
    const target = await this.players.named(username);
    const refusal = grantRefusal(target);
    if (refusal !== null) throw refusal;
    const now = this.clock.now();
    return this.players.setAdmin(target.id, true, (client) =>
      this.audit.write(client, {
        actor,
        action: 'grantAdmin',
        at: now,
        targetPlayerId: target.id,
        targetGameId: null,
        targetTokenId: null,
        reason: null,
      }),
    );
  }

  /**
   * Takes the admin role from an account (the command line only): its tokens keep their other scopes, and the ADMIN
   * scope stops counting at once on every app copy. False when it was no admin.
   */
  async revokeAdmin(actor: AdminActor, username: string): Promise<boolean> {
    const target = await this.players.named(username);
    const now = this.clock.now();
    return this.players.setAdmin(target.id, false, (client) =>
      this.audit.write(client, {
        actor,
        action: 'revokeAdmin',
        at: now,
        targetPlayerId: target.id,
        targetGameId: null,
        targetTokenId: null,
        reason: null,
      }),
    );
  }

  /** A new admin account (the command line's first admin): register's rules, then the role, in one transaction. */
  async createAdmin(actor: AdminActor, username: string, password: string): Promise<PlayerRecord> {
    const now = this.clock.now();
    return this.players.createAccount(username, password, {
      admin: true,
      within: (client, playerId) =>
        this.audit.write(client, {
          actor,
          action: 'createAdmin',
          at: now,
          targetPlayerId: playerId,
          targetGameId: null,
          targetTokenId: null,
          reason: null,
        }),
    });
  }

  async disabledPage(
    first: number,
    after: { readonly at: Date; readonly id: string } | null,
  ): Promise<DisabledRecord[]> {
    return this.players.disabledPage(first, after);
  }

  async auditPage(first: number, before: bigint | null): Promise<AuditRecord[]> {
    return this.audit.page(first, before);
  }
}
