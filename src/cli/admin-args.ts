/**
 * The command line of `npm run admin` (src/cli/admin.ts): what it accepts and how it prints the audit log. Pure, so
 * it is unit-tested without the app.
 */
import { MAX_PAGE_SIZE } from '../graphql/limits';
import type { AuditRecord } from '../moderation/audit-log.repository';

export const PASSWORD_VARIABLE = 'MALICE_ADMIN_PASSWORD';

export const USAGE = `Usage: npm run admin -- <command>
  create-admin <username>            a new admin account; the password is read from ${PASSWORD_VARIABLE}
                                     or from stdin (never from the command line)
  grant <username>                   make an existing account an admin
  revoke <username>                  take the admin role from an account (its ADMIN tokens stop counting)
  disable <username> --reason <why>  disable an account: its tokens and sessions revoked, its sockets
                                     closed, its running games resigned; it can no longer sign in
  enable <username>                  let a disabled account sign in again (its old tokens stay revoked)
  audit [--first N]                  the audit log, newest first (default 50, at most ${MAX_PAGE_SIZE})
  help                               this text
The database is DATABASE_URL's, else the embedded Postgres in DATA_DIR (stop the server first).`;

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export type AdminCommand =
  | { readonly name: 'create-admin'; readonly username: string }
  | { readonly name: 'grant'; readonly username: string }
  | { readonly name: 'revoke'; readonly username: string }
  | { readonly name: 'disable'; readonly username: string; readonly reason: string }
  | { readonly name: 'enable'; readonly username: string }
  | { readonly name: 'audit'; readonly first: number }
  | { readonly name: 'help' };

/** Reads the command line (without `node` and the script); throws `UsageError`. */
export function parseAdminArgs(args: readonly string[]): AdminCommand {
  const [name, ...rest] = args;
  const positional = (count: number): string[] => {
    const found = rest.filter((arg) => !arg.startsWith('--'));
    if (found.length !== count || rest.length !== count) {
      throw new UsageError(`${name} takes ${count === 1 ? 'a username' : `${count} arguments`}`);
    }
    return found;
  };
  switch (name) {
    case undefined:
    case 'help':
    case '--help':
      return { name: 'help' };
    case 'create-admin':
    case 'grant':
    case 'revoke':
    case 'enable':
      return { name, username: positional(1)[0]! };
    case 'disable': {
      const at = rest.indexOf('--reason');
      const reason = at === -1 ? undefined : rest[at + 1];
      const others = rest.filter((_, index) => index !== at && index !== at + 1);
      if (reason === undefined || others.length !== 1 || others[0]!.startsWith('--')) {
        throw new UsageError('disable takes a username and --reason <why>');
      }
      return { name, username: others[0]!, reason };
    }
    case 'audit': {
      if (rest.length === 0) return { name, first: 50 };
      const [flag, value] = rest;
      const first = Number(value);
      if (
        rest.length !== 2 ||
        flag !== '--first' ||
        !/^\d+$/.test(value ?? '') ||
        first < 1 ||
        first > MAX_PAGE_SIZE
      ) {
        throw new UsageError(`audit takes --first N (1–${MAX_PAGE_SIZE}) or nothing`);
      }
      return { name, first };
    }
    default:
      throw new UsageError(`unknown command ${name}`);
  }
}

/** One line of the audit log, as `audit` prints it (tab-separated: time, via, actor, action, target, reason). */
export function auditLine(entry: AuditRecord): string {
  const actor = entry.actor?.username ?? 'command line';
  // An ADMIN token made is named by its id (its owner is the actor), an app by its id, a call-off by its game.
  const target =
    entry.targetTokenId !== null
      ? `token ${entry.targetTokenId}`
      : entry.targetAppId !== null
        ? `app ${entry.targetAppId}`
        : (entry.targetPlayer?.username ??
          (entry.targetGameId === null ? '-' : `game ${entry.targetGameId}`));
  return [entry.at.toISOString(), entry.via, actor, entry.action, target, entry.reason ?? ''].join('\t');
}
