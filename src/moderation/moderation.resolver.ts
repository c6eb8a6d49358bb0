import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { requirePlayer } from '../auth/auth.service';
import type { RequestContext, Viewer } from '../auth/viewer';
import { isUuid } from '../common/ids';
import { cursorParts, cursorTime, encodeCursor, notACursor } from '../graphql/cursor';
import { GameType } from '../games/api/game.types';
import { GameParent, toGame } from '../games/api/games.resolver';
import { pageInfoOf } from '../graphql/page-info';
import { AFTER_ARG, FIRST_ARG, pageSize } from '../graphql/page-size';
import { PlayerType } from '../players/player.types';
import { toPlayer } from '../players/players.resolver';
import type { DisabledRecord } from '../players/players.service';
import { AuditRecord } from './audit-log.repository';
import { ModerationService } from './moderation.service';
import {
  AuditEntryConnectionType,
  AuditEntryType,
  DisabledAccountConnectionType,
  DisabledAccountType,
} from './moderation.types';
import { AdminActor, MAX_REASON_LENGTH } from './vocabulary';

const REASON_ARG = {
  description: `Why (1–${MAX_REASON_LENGTH} characters): kept in the audit log, never shown to the players.`,
} as const;

/**
 * The admin operations (docs/api/admin.md#admin-operations, docs/operations.md#moderation): thin, each checks
 * the viewer first (requireAdmin) and hands the rest to ModerationService, which audits every action.
 */
@Resolver()
export class ModerationResolver {
  constructor(private readonly moderation: ModerationService) {}

  @Mutation(() => DisabledAccountType, {
    description:
      'Admin: disable an account. At once its tokens and sessions are revoked and its open WebSocket connections ' +
      'closed; it can no longer sign in (ACCOUNT_DISABLED); its running games are resigned (the opponents win, as ' +
      'in any resignation) and its waiting games, seeks and invitations called off. Not a built-in bot, not your ' +
      'own account, not the last enabled admin (FORBIDDEN). Needs an ADMIN token.',
  })
  async adminDisableAccount(
    @Context() context: RequestContext,
    @Args('username', { description: 'The account’s username (any case).' }) username: string,
    @Args('reason', REASON_ARG) reason: string,
  ): Promise<DisabledAccountType> {
    const actor = requireAdmin(context.viewer);
    return toDisabled(await this.moderation.disable(actor, username, reason));
  }

  @Mutation(() => PlayerType, {
    description:
      'Admin: enable a disabled account again: it can sign in. Its old tokens and sessions stay revoked. ' +
      'Needs an ADMIN token.',
  })
  async adminEnableAccount(
    @Context() context: RequestContext,
    @Args('username', { description: 'The account’s username (any case).' }) username: string,
  ): Promise<PlayerType> {
    return toPlayer(await this.moderation.enable(requireAdmin(context.viewer), username));
  }

  @Mutation(() => GameType, {
    description:
      'Admin: call off a game that is not over, waiting or being played: it ends ABORTED (abortReason MODERATED) ' +
      'with no result and no rating change; its players are told GAME_OVER. Needs an ADMIN token.',
  })
  async adminAbortGame(
    @Context() context: RequestContext,
    @Args('gameId', { type: () => ID, description: 'The game’s id.' }) gameId: string,
    @Args('reason', REASON_ARG) reason: string,
  ): Promise<GameParent> {
    const actor = requireAdmin(context.viewer);
    return toGame(await this.moderation.abortGame(actor, gameId, reason), context.viewer);
  }

  @Query(() => DisabledAccountConnectionType, {
    description: 'Admin: the disabled accounts, most recently disabled first. Needs an ADMIN token.',
  })
  async adminDisabledAccounts(
    @Context() context: RequestContext,
    @Args('first', FIRST_ARG) first: number | null | undefined,
    @Args('after', AFTER_ARG) after: string | null | undefined,
  ): Promise<DisabledAccountConnectionType> {
    requireAdmin(context.viewer);
    const size = pageSize(first);
    const rows = await this.moderation.disabledPage(
      size + 1,
      after === undefined || after === null ? null : disabledKey(after),
    );
    const page = rows.slice(0, size);
    const cursors = page.map((row) => encodeCursor([row.disabledAt.toISOString(), row.player.id]));
    return {
      edges: page.map((row, index) => ({ cursor: cursors[index]!, node: toDisabled(row) })),
      pageInfo: pageInfoOf(cursors, rows.length > size, after),
    };
  }

  @Query(() => AuditEntryConnectionType, {
    description:
      'Admin: the audit log, every admin action (over the API and from the command line), newest first. ' +
      'Needs an ADMIN token.',
  })
  async adminAuditLog(
    @Context() context: RequestContext,
    @Args('first', FIRST_ARG) first: number | null | undefined,
    @Args('after', AFTER_ARG) after: string | null | undefined,
  ): Promise<AuditEntryConnectionType> {
    requireAdmin(context.viewer);
    const size = pageSize(first);
    const rows = await this.moderation.auditPage(
      size + 1,
      after === undefined || after === null ? null : auditKey(after),
    );
    const page = rows.slice(0, size);
    const cursors = page.map((row) => encodeCursor([row.id]));
    return {
      edges: page.map((row, index) => ({ cursor: cursors[index]!, node: toAuditEntry(row) })),
      pageInfo: pageInfoOf(cursors, rows.length > size, after),
    };
  }
}

/**
 * An admin with the admin scope, as the actor of what follows. The scope counts only while the account is an admin
 * (effectiveScopes), and a session never carries it (SESSION_SCOPES): so this needs an ADMIN API token of an
 * account that is an admin now. Anonymous is UNAUTHENTICATED, anything else FORBIDDEN with `scope: ADMIN`.
 */
export function requireAdmin(viewer: Viewer): AdminActor {
  return { via: 'API', playerId: requirePlayer(viewer, 'admin').id };
}

function toDisabled(row: DisabledRecord): DisabledAccountType {
  return { player: toPlayer(row.player), disabledAt: row.disabledAt, reason: row.reason };
}

function toAuditEntry(row: AuditRecord): AuditEntryType {
  return {
    id: row.id,
    at: row.at,
    action: row.action,
    via: row.via,
    actor: row.actor === null ? null : toPlayer(row.actor),
    targetPlayer: row.targetPlayer === null ? null : toPlayer(row.targetPlayer),
    targetGameId: row.targetGameId,
    targetTokenId: row.targetTokenId,
    targetAppId: row.targetAppId,
    reason: row.reason,
  };
}

function disabledKey(after: string): { at: Date; id: string } {
  const [at, id] = cursorParts(after, [2], 'list of disabled accounts');
  const time = cursorTime(at);
  if (time === null || id === undefined || !isUuid(id)) throw notACursor('list of disabled accounts');
  return { at: time, id };
}

function auditKey(after: string): bigint {
  const [id] = cursorParts(after, [1], 'audit log');
  if (id === undefined || !/^[1-9]\d{0,18}$/.test(id)) throw notACursor('audit log');
  return BigInt(id);
}
