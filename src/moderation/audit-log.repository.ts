/**
 * The audit log of admin actions (`admin_audit`, docs/operations.md#moderation): the only code that writes or
 * reads the table. `write` runs inside the transaction of the action it records — the caller's — so an action
 * and its row commit together or not at all.
 */
import { Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import { PrismaService } from '../prisma/prisma.service';
import type { AdminTokenAudit } from '../players/admin-token-audit';
import { PLAYER_FIELDS, type PlayerRecord } from '../players/players.repository';
import { ADMIN_ACTIONS, AUDIT_VIAS, AdminActionName, AdminActor, AuditViaName } from './vocabulary';

/** One action to record. */
export interface AuditEntry {
  readonly actor: AdminActor;
  readonly action: AdminActionName;
  readonly at: Date;
  readonly targetPlayerId: string | null;
  readonly targetGameId: string | null;
  /** The ADMIN token an admin made (createAdminToken): its id, never the token. */
  readonly targetTokenId: string | null;
  /** The third-party app acted on (disableApp, enableApp). */
  readonly targetAppId?: string | null;
  readonly reason: string | null;
}

/** One recorded action, as the API and the command line list it. */
export interface AuditRecord {
  /** The row's id: the log's order (newest is highest) and its cursor. */
  readonly id: string;
  readonly at: Date;
  readonly via: AuditViaName;
  readonly action: AdminActionName;
  /** The admin who acted over the API; null from the command line. */
  readonly actor: PlayerRecord | null;
  readonly targetPlayer: PlayerRecord | null;
  readonly targetGameId: string | null;
  readonly targetTokenId: string | null;
  readonly targetAppId: string | null;
  readonly reason: string | null;
}

@Injectable()
export class AuditLogRepository implements AdminTokenAudit {
  constructor(private readonly prisma: PrismaService) {}

  /** An ADMIN token made over the API, by its own player (src/players/players.resolver.ts, createApiToken). */
  adminTokenMade(client: PoolClient, playerId: string, tokenId: string, at: Date): Promise<void> {
    return this.write(client, {
      actor: { via: 'API', playerId },
      action: 'createAdminToken',
      at,
      targetPlayerId: playerId,
      targetGameId: null,
      targetTokenId: tokenId,
      reason: null,
    });
  }

  /** Records `entry` on `client`, inside the caller's transaction. */
  async write(client: Pick<PoolClient, 'query'>, entry: AuditEntry): Promise<void> {
    await client.query(
      `INSERT INTO admin_audit (at, via, actor_id, action, target_player_id, target_game_id, target_token_id, target_app_id,
                                reason)
       VALUES ($1, $2, $3::uuid, $4, $5::uuid, $6::uuid, $7::uuid, $8::uuid, $9)`,
      [
        entry.at,
        entry.actor.via,
        entry.actor.via === 'API' ? entry.actor.playerId : null,
        entry.action,
        entry.targetPlayerId,
        entry.targetGameId,
        entry.targetTokenId,
        entry.targetAppId ?? null,
        entry.reason,
      ],
    );
  }

  /** Up to `first` actions, newest first, from before the row `before` (an id from an earlier page). */
  async page(first: number, before: bigint | null): Promise<AuditRecord[]> {
    const rows = await this.prisma.adminAudit.findMany({
      where: before === null ? {} : { id: { lt: before } },
      orderBy: { id: 'desc' },
      take: first,
      include: { actor: { select: PLAYER_FIELDS }, targetPlayer: { select: PLAYER_FIELDS } },
    });
    return rows.map((row) => ({
      id: row.id.toString(),
      at: row.at,
      via: known(AUDIT_VIAS, row.via, 'via'),
      action: known(ADMIN_ACTIONS, row.action, 'action'),
      actor: row.actor,
      targetPlayer: row.targetPlayer,
      targetGameId: row.targetGameId,
      targetTokenId: row.targetTokenId,
      targetAppId: row.targetAppId,
      reason: row.reason,
    }));
  }
}

/** A stored name, checked against its list (a row from a newer version would be a bug to hear of). */
function known<const V extends string>(list: readonly V[], value: string, column: string): V {
  if (!(list as readonly string[]).includes(value))
    throw new Error(`admin_audit.${column} ${value} is unknown`);
  return value as V;
}
