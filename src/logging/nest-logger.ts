/**
 * Nest's logger interface onto ours: every `new Logger('Sweeper')` of the workers and services, and Nest's own
 * messages, become lines of the one logger (src/logging/logger.ts) with the context as a field. Nest's start-up
 * chatter (each module loaded, each route mapped) goes to `debug`: at the default level a start prints what an
 * operator needs, not forty lines of wiring.
 */
import type { LoggerService } from '@nestjs/common';
import type { Logger } from './logger';

const WIRING_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
  'GraphQLModule',
]);

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug';

export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...rest: unknown[]): void {
    const context = contextOf(rest);
    this.write(context !== undefined && WIRING_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }

  /**
   * Nest calls `error(message, stack?, context?)`; ours call `error(thrown, 'what failed')`, the thrown value first
   * (Error or not), so its stack is kept.
   */
  error(message: unknown, ...rest: unknown[]): void {
    const context = rest.length >= 2 ? contextOf(rest) : undefined;
    const stack = typeof rest[0] === 'string' && rest[0].includes('\n') ? rest[0] : undefined;
    if (typeof message !== 'string') {
      const what = typeof rest[0] === 'string' && stack === undefined ? rest[0] : undefined;
      const err = message instanceof Error ? message : { message: String(message) };
      this.logger.error({ context, err }, what ?? err.message);
      return;
    }
    this.logger.error({ context, ...(stack === undefined ? {} : { err: { stack } }) }, String(message));
  }

  warn(message: unknown, ...rest: unknown[]): void {
    this.write('warn', message, contextOf(rest));
  }

  debug(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, contextOf(rest));
  }

  verbose(message: unknown, ...rest: unknown[]): void {
    this.write('debug', message, contextOf(rest));
  }

  fatal(message: unknown, ...rest: unknown[]): void {
    this.write('fatal', message, contextOf(rest));
  }

  private write(level: Level, message: unknown, context: string | undefined): void {
    if (message instanceof Error) this.logger[level]({ context, err: message }, message.message);
    else this.logger[level]({ context }, typeof message === 'string' ? message : JSON.stringify(message));
  }
}

/** Nest passes the context as the last argument. */
function contextOf(rest: readonly unknown[]): string | undefined {
  const last = rest[rest.length - 1];
  return typeof last === 'string' ? last : undefined;
}
