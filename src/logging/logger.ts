/**
 * The server's one logger (pino): JSON lines for a log collector, or, on a terminal, one readable line per event
 * (LOG_FORMAT, docs/operations.md#logs). Every part of the server logs through it: Nest's own logger is routed
 * here (src/logging/nest-logger.ts), and so are the request lines (src/logging/request-log.ts).
 *
 * What never goes into a line — tokens, passwords, webhook secrets, seeds, cards — is kept out by what the callers
 * log (ids, names, codes, counts; never variables, headers or answers). The redaction below is a second fence for
 * a field of that name that slipped in anyway.
 */
import { pino, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** `auto`: readable lines on a terminal (stdout is a TTY), JSON otherwise. */
export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogSettings {
  readonly level: LogLevel;
  readonly format: LogFormat;
}

/** Where lines go: stdout, or a test's buffer. */
export interface LogOutput {
  write(line: string): unknown;
  readonly isTTY?: boolean;
}

const REDACTED_KEYS = [
  'authorization',
  'token',
  'password',
  'secret',
  'seed',
  'serverSeed',
  'clientSeed',
  'hand',
];

export type { Logger };

export function createLogger(settings: LogSettings, output: LogOutput = process.stdout): Logger {
  const pretty = settings.format === 'pretty' || (settings.format === 'auto' && output.isTTY === true);
  return pino(
    {
      level: settings.level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: [...REDACTED_KEYS, ...REDACTED_KEYS.map((key) => `*.${key}`)], censor: '[redacted]' },
    },
    { write: (line: string) => output.write(pretty ? prettyLine(line) : line) },
  );
}

// An HTTP line's method, route and status are its message already.
const PRETTY_SKIPPED = new Set(['time', 'level', 'msg', 'context', 'err', 'method', 'route', 'status']);

/**
 * One JSON line as a person reads it: `12:01:02.345 INFO  [Sweeper] timed out 2 games key=value …`, and an
 * error's stack on the lines after it.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : '';
  const level = String(record.level ?? '')
    .toUpperCase()
    .padEnd(5);
  const context = typeof record.context === 'string' ? ` [${record.context}]` : '';
  const fields = Object.entries(record)
    .filter(([key]) => !PRETTY_SKIPPED.has(key))
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const err = record.err as { stack?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' ? `\n${err.stack}` : '';
  return `${time} ${level}${context} ${String(record.msg ?? '')}${fields.length > 0 ? ' ' : ''}${fields.join(' ')}${stack}\n`;
}
