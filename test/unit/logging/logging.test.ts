/** The log's pieces (docs/operations.md#logs): request ids, the two formats, the fence of redaction, Nest's lines. */
import { createLogger, prettyLine } from '../../../src/logging/logger';
import { NestLogger } from '../../../src/logging/nest-logger';
import { RequestLog, requestIdOf } from '../../../src/logging/request-log';

function capture(format: 'json' | 'pretty' | 'auto', isTTY = false, level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const logger = createLogger({ level, format }, { write: (line) => lines.push(line), isTTY });
  return { logger, lines };
}

describe('request ids', () => {
  it('keeps a client’s plain X-Request-Id and makes one for anything else', () => {
    expect(requestIdOf('abc-123_x.y:z')).toBe('abc-123_x.y:z');
    for (const bad of [undefined, '', 'has space', 'x'.repeat(129), 'new\nline', ['a', 'b']]) {
      expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });
});

describe('formats', () => {
  it('writes JSON lines off a terminal, readable ones on it, and what LOG_FORMAT says otherwise', () => {
    const json = capture('auto', false);
    json.logger.info({ context: 'Sweeper', games: 2 }, 'timed out');
    expect(JSON.parse(json.lines[0]!)).toMatchObject({
      level: 'info',
      context: 'Sweeper',
      games: 2,
      msg: 'timed out',
    });

    const tty = capture('auto', true);
    tty.logger.warn({ context: 'Sweeper', games: 2 }, 'timed out');
    expect(tty.lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN {2}\[Sweeper\] timed out games=2\n$/);

    const forced = capture('json', true);
    forced.logger.info('x');
    expect(() => JSON.parse(forced.lines[0]!)).not.toThrow();
  });

  it('puts an error’s stack under its readable line', () => {
    const line = prettyLine(
      JSON.stringify({
        time: '2026-12-02T05:00:00.000Z',
        level: 'error',
        msg: 'failed',
        err: { stack: 'Error: x\n    at y' },
      }),
    );
    expect(line).toBe('05:00:00.000 ERROR failed\nError: x\n    at y\n');
  });

  it('redacts a secret-named field that slipped into a line', () => {
    const { logger, lines } = capture('json');
    logger.info(
      { password: 'hunter2', nested: { token: 'mls_x', secret: 's' }, authorization: 'Bearer y' },
      'oops',
    );
    expect(lines[0]).not.toMatch(/hunter2|mls_x|"s"|Bearer/);
    expect(JSON.parse(lines[0]!).password).toBe('[redacted]');
  });
});

describe("Nest's lines", () => {
  it('keeps the context, sends start-up wiring to debug, and keeps an error’s stack', () => {
    const { logger, lines } = capture('json', false, 'info');
    const nest = new NestLogger(logger);
    nest.log('Mapped {/graphql, POST} route', 'RouterExplorer');
    nest.log('swept', 'Sweeper');
    nest.error(new Error('boom'), 'internal error', 'HTTP');
    nest.error('plain failure', 'Error: plain\n    at z', 'BotWorker');
    const parsed = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(parsed.map((line) => line.msg)).toEqual(['swept', 'internal error', 'plain failure']);
    expect(parsed[0]).toMatchObject({ level: 'info', context: 'Sweeper' });
    expect(parsed[1]).toMatchObject({ level: 'error', context: 'HTTP' });
    expect(String((parsed[1]!.err as { stack: string }).stack)).toContain('Error: boom');
    expect(parsed[2]).toMatchObject({ context: 'BotWorker', err: { stack: 'Error: plain\n    at z' } });
  });
});

describe('request lines', () => {
  const operation = {
    labels: { fields: ['game'], type: 'query' as const },
    operationName: 'Game',
    code: 'OK',
    viewerId: 'player-1',
  };
  const answered = (log: RequestLog, requestId: string) =>
    log.answered({ requestId, method: 'POST', route: '/graphql', status: 200, ms: 1.26 });

  it('writes the GraphQL part with its request’s line, once', () => {
    const { logger, lines } = capture('json');
    const log = new RequestLog(logger);
    log.graphqlOverHttp('r1', operation);
    answered(log, 'r1');
    answered(log, 'r1');
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({
      requestId: 'r1',
      op: 'query',
      fields: 'game',
      operation: 'Game',
      code: 'OK',
      ms: 1.3,
    });
    expect(second).not.toHaveProperty('op');
  });

  it('writes what a client sent only when it is a plain name (its lines skip the redaction fence); other lines keep it', () => {
    const { logger, lines } = capture('json');
    const log = new RequestLog(logger);
    log.graphqlOverHttp('r1', { ...operation, operationName: 'token mls_leaked' });
    answered(log, 'r1');
    log.overSocket('r2', { ...operation, operationName: '{ password: "hunter2" }' }, 2);
    log.logger.error({ err: { message: 'failed', password: 'hunter2' } }, 'internal error');
    const [http, socket, error] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(http).not.toHaveProperty('operation');
    expect(socket).not.toHaveProperty('operation');
    expect(lines.slice(0, 2).join('')).not.toMatch(/mls_leaked|hunter2/);
    expect(error).toMatchObject({ err: { password: '[redacted]' } });
  });

  it('keeps at most 10,000 GraphQL parts waiting for their lines, dropping the oldest', () => {
    const { logger, lines } = capture('json');
    const log = new RequestLog(logger);
    for (let index = 0; index <= 10_000; index++) log.graphqlOverHttp(`r${index}`, operation);
    answered(log, 'r0');
    answered(log, 'r10000');
    const [oldest, newest] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(oldest).not.toHaveProperty('op');
    expect(newest).toMatchObject({ op: 'query' });
  });
});
