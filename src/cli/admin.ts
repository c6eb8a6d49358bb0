/**
 * `npm run admin -- <command>`: moderation from the operator's shell (docs/operations.md#moderation). It acts on
 * DATABASE_URL's database, or the embedded Postgres in DATA_DIR that `npm start` uses (the running server's while
 * it runs), applies any missing migration, and goes through the same ModerationService
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
import { toolDatabase } from './tool-database';
import { migrate } from '../db/migrator';
import { asApiError } from '../errors/api-error';
import { GamesModule } from '../games/games.module';
import { MetricsModule } from '../metrics/metrics.module';
import { ModerationModule } from '../moderation/moderation.module';
import { ModerationService } from '../moderation/moderation.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { EventsModule } from '../events/events.module';
import { PrismaModule } from '../prisma/prisma.module';
import { PlayersModule } from '../players/players.module';
import { RatingsModule } from '../ratings/ratings.module';
import { AuthModule } from '../auth/auth.module';
import { AdminCommand, PASSWORD_VARIABLE, USAGE, UsageError, auditLine, parseAdminArgs } from './admin-args';
import { runTool } from './run-tool';

/** What the command line needs of the app: the services moderation uses, none of the API or the workers. */
@Module({})
class AdminCliModule {
  static forRoot(config: RuntimeConfig): DynamicModule {
    return {
      module: AdminCliModule,
      global: true,
      imports: [
        PrismaModule,
        // Its changes (a disabled account's tokens, resignations) are announced to the running copies.
        EventsModule,
        MetricsModule,
        NotificationsModule,
        AuthModule,
        PlayersModule,
        GamesModule,
        // A resignation it makes (a disabled account's games) finishes rated games: FinishRatings.
        RatingsModule,
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
    case 'revoke':
      return (await moderation.revokeAdmin(actor, command.username))
        ? [`${command.username} is no admin now: its ADMIN tokens no longer count as such`]
        : [`${command.username} was no admin: nothing changed`];
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
  // The running server's embedded Postgres while it runs, as the other tools do (src/cli/tool-database.ts).
  const database = await toolDatabase(process.env);
  let context: INestApplicationContext | null = null;
  try {
    const url = database.url;
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
    const refusal = asApiError(error);
    if (refusal !== null) {
      console.error(`refused (${refusal.code}): ${refusal.message}`);
      return 1;
    }
    throw error;
  } finally {
    await context?.close();
    await database.close();
  }
}

function unreachable(command: never): never {
  throw new Error(`unknown command ${JSON.stringify(command)}`);
}

if (require.main === module) runTool(main, 'admin failed');
