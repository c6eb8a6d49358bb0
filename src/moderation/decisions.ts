/**
 * What moderation may do to whom (docs/operations.md#moderation). Pure: the service reads the account under its
 * locks and asks here, and a refusal is thrown with nothing written.
 */
import { builtinBotById } from '../players/builtin-bots';
import { ApiError } from '../errors/api-error';
import type { DisableTarget, PlayerRecord } from '../players/players.service';
import { AdminActor, MAX_REASON_LENGTH } from './vocabulary';

/** The reason as stored (trimmed), or BAD_USER_INPUT on `reason`: 1–MAX_REASON_LENGTH characters. */
export function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0 || [...trimmed].length > MAX_REASON_LENGTH) {
    throw new ApiError('BAD_USER_INPUT', `a reason is 1–${MAX_REASON_LENGTH} characters`, {
      field: 'reason',
    });
  }
  return trimmed;
}

/**
 * Why an account may not be disabled now, or null:
 * - a deleted account has nothing left to disable (NOT_FOUND, as for an unknown name);
 * - a built-in bot is the service's own opponent: disabling it would resign every game people play against it;
 * - an admin may not disable their own account over the API, and nobody may disable the last enabled admin (the
 *   command line could make another, but the API would be left with nobody to moderate it);
 * - an account disabled already is BAD_USER_INPUT (nothing changes).
 */
export function disableRefusal(
  { player, otherEnabledAdmins }: DisableTarget,
  actor: AdminActor,
): ApiError | null {
  if (player.deletedAt !== null)
    return new ApiError('NOT_FOUND', `the account ${player.username} was deleted`);
  if (builtinBotById(player.id) !== undefined) {
    return new ApiError('FORBIDDEN', `${player.username} is a built-in bot: it cannot be disabled`);
  }
  if (actor.via === 'API' && actor.playerId === player.id) {
    return new ApiError('FORBIDDEN', 'an admin cannot disable their own account');
  }
  if (player.disabledAt !== null) {
    return new ApiError('BAD_USER_INPUT', `the account ${player.username} is disabled already`, {
      field: 'username',
    });
  }
  if (player.isAdmin && otherEnabledAdmins === 0) {
    return new ApiError('FORBIDDEN', `${player.username} is the last enabled admin: it cannot be disabled`);
  }
  return null;
}

/** Why an account may not be enabled now, or null: only a disabled account can be. */
export function enableRefusal(player: PlayerRecord): ApiError | null {
  if (player.deletedAt !== null)
    return new ApiError('NOT_FOUND', `the account ${player.username} was deleted`);
  if (player.disabledAt === null) {
    return new ApiError('BAD_USER_INPUT', `the account ${player.username} is not disabled`, {
      field: 'username',
    });
  }
  return null;
}

/** Why an account may not become an admin, or null: a bot account (built-in or not) or a deleted one. */
export function grantRefusal(player: PlayerRecord): ApiError | null {
  if (player.deletedAt !== null)
    return new ApiError('NOT_FOUND', `the account ${player.username} was deleted`);
  if (player.isBot)
    return new ApiError('FORBIDDEN', `${player.username} is a bot account: it cannot be an admin`);
  if (player.disabledAt !== null) {
    return new ApiError('FORBIDDEN', `${player.username} is disabled: enable it first`);
  }
  return null;
}
