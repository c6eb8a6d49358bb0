/**
 * `npm run admin -- <command>`: moderation from the operator's shell (docs/operations.md#moderation). It acts on
 * DATABASE_URL's database, or the embedded Postgres in DATA_DIR that `npm start` uses (stop the server first: one
 * process at a time owns that folder), applies any missing migration, and goes through the same ModerationService
 * as the API, so every action is checked and audited alike — the audit row records the command line as the actor.
 * Disabling from here closes the account's sockets on every running app copy too (the token change is announced
 * through Postgres) and resigns its games through the games service's own path.
 * The password of create-admin is read from MALICE_ADMIN_PASSWORD or from stdin, never from the command line
 * (which other users of the machine can read in the process list).
 * Exit codes: 0 done, 2 bad arguments, 1 refused (the error's code and message) or failed.
 */
import 'reflect-metadata';
import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { RUNTIME_CONFIG, RuntimeConfig } from '../common/app-config.token';
import { Clock, SystemClock } from '../clock/clock';
import { loadConfig } from '../config/config';
import { RunningPostgres, reachableDataDir, startEmbeddedPostgres } from '../db/embedded-postgres';
import { migrate } from '../db/migrator';
import { ApiError } from '../errors/api-error';
import { GamesModule } from '../games/games.module';
import { MetricsModule } from '../metrics/metrics.module';
import { AuditRecord } from '../moderation/audit-log';
import { ModerationModule } from '../moderation/moderation.module';
import { ModerationService } from '../moderation/moderation.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { PrismaModule } from '../prisma/prisma.module';
import { PlayersModule } from '../players/players.module';
import { AuthModule } from '../auth/auth.module';
import { MAX_PAGE_SIZE } from '../graphql/page-size';

export const PASSWORD_VARIABLE = 'MALICE_ADMIN_PASSWORD';

export const USAGE = `Usage: npm run admin -- <command>
  create-admin <username>            a new admin account; the password is read from ${PASSWORD_VARIABLE}
                                     or from stdin (never from the command line)
  grant <username>                   make an existing account an admin
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

/** What the command line needs of the app: the services moderation uses, none of the API or the workers. */
@Module({})
class AdminCliModule {
  static forRoot(config: RuntimeConfig): DynamicModule {
    return {
      module: AdminCliModule,
      global: true,
      imports: [
        PrismaModule,
        MetricsModule,
        NotificationsModule,
        AuthModule,
        PlayersModule,
        GamesModule,
        ModerationModule,
      ],
      providers: [
        { provide: RUNTIME_CONFIG, useValue: config },
        { provide: Clock, useValue: new SystemClock() },
      ],
      exports: [RUNTIME_CONFIG, Clock],
    };
  }
}

/** One line of the audit log, as `audit` prints it (tab-separated: time, via, actor, action, target, reason). */
export function auditLine(entry: AuditRecord): string {
  const actor = entry.actor?.username ?? 'command line';
  const target =
    entry.targetPlayer?.username ?? (entry.targetGameId === null ? '-' : `game ${entry.targetGameId}`);
  return [entry.at.toISOString(), entry.via, actor, entry.action, target, entry.reason ?? ''].join('\t');
}

/** Runs `command` on the app context; the lines to print. */
async function run(
  moderation: ModerationService,
  command: Exclude<AdminCommand, { name: 'help' }>,
  password: () => Promise<string>,
): Promise<string[]> {
  const actor = { via: 'CLI' } as const;
  switch (command.name) {
    case 'create-admin': {
      const player = await moderation.createAdmin(actor, command.username, await password());
      return [`created the admin account ${player.username}`];
    }
    case 'grant':
      return (await moderation.grantAdmin(actor, command.username))
        ? [`${command.username} is an admin now`]
        : [`${command.username} was an admin already: nothing changed`];
    case 'disable': {
      const disabled = await moderation.disable(actor, command.username, command.reason);
      return [`disabled ${disabled.player.username}: its tokens are revoked and its open games settled`];
    }
    case 'enable': {
      const player = await moderation.enable(actor, command.username);
      return [`enabled ${player.username}: it can sign in again (its old tokens stay revoked)`];
    }
    case 'audit': {
      const entries = await moderation.auditPage(command.first, null);
      return entries.length === 0 ? ['the audit log is empty'] : entries.map(auditLine);
    }
    default:
      return unreachable(command);
  }
}

/** The password for create-admin: MALICE_ADMIN_PASSWORD, else stdin's first line. */
async function readPassword(): Promise<string> {
  const fromEnv = process.env[PASSWORD_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') return fromEnv;
  if (process.stdin.isTTY) process.stderr.write('password (one line, then Enter and Ctrl-D): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const line = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  if (line === '')
    throw new UsageError(`create-admin needs a password: set ${PASSWORD_VARIABLE} or pipe it to stdin`);
  return line;
}

async function main(): Promise<number> {
  let command: AdminCommand;
  try {
    command = parseAdminArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n${USAGE}`);
    return 2;
  }
  if (command.name === 'help') {
    console.log(USAGE);
    return 0;
  }
  const config = loadConfig(process.env);
  let embedded: RunningPostgres | null = null;
  let context: INestApplicationContext | null = null;
  try {
    let url = config.databaseUrl;
    if (url === null) {
      embedded = await startEmbeddedPostgres(
        reachableDataDir(config.dataDir, () => {}),
        config.embeddedPostgresPort,
      );
      url = embedded.url;
    }
    await migrate(url);
    context = await NestFactory.createApplicationContext(
      AdminCliModule.forRoot({ ...config, databaseUrl: url }),
      { logger: ['error', 'warn'] },
    );
    for (const line of await run(context.get(ModerationService), command, readPassword)) console.log(line);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    if (error instanceof ApiError) {
      console.error(`refused (${error.code}): ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await context?.close();
    await embedded?.stop();
  }
}

function unreachable(command: never): never {
  throw new Error(`unknown command ${JSON.stringify(command)}`);
}

if (require.main === module) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
