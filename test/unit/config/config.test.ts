/**
 * Configuration from the environment (src/config/config.ts): the defaults, every invalid value named in one
 * error, and production switching introspection and the explorer off unless asked for.
 */
import { createECDH } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { AppConfig, ConfigError, loadConfig } from '../../../src/config/config';

const CWD = '/srv/malice';

/**
 * A P-256 private key as its 32 bytes: node's getPrivateKey drops leading zero bytes (one key in 256 has one), and
 * the configuration rightly wants all 32.
 */
function privateKeyOf(ecdh: ReturnType<typeof createECDH>): string {
  const key = ecdh.getPrivateKey();
  return Buffer.concat([Buffer.alloc(32 - key.length), key]).toString('base64url');
}

/** A VAPID key pair, as an operator would set it (both halves, base64url). */
const VAPID = (() => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: privateKeyOf(ecdh),
  };
})();

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, CWD);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error(`no ConfigError for ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has a sound default for everything', () => {
    const expected: AppConfig = {
      nodeEnv: 'development',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: path.resolve(CWD, '.data'),
      embeddedPostgresPort: 54329,
      graphql: {
        introspection: true,
        explorer: true,
        maxDepth: 15,
        maxAliases: 30,
        maxCost: 100_000,
        maxWork: 500,
        maxBodyBytes: 64 * 1024,
        maxTokens: 2000,
        maxSelections: 1000,
      },
      rateLimit: { requests: 600, windowSeconds: 60 },
      trustedProxies: [],
      allowedOrigins: 'any',
      sockets: {
        perAddress: 64,
        perPlayer: 16,
        operationsPerSocket: 32,
        anonymousWatchersPerGame: 32,
        recheckMs: 60_000,
      },
      streams: { keepAliveMs: 7000 },
      http: {
        headersTimeoutMs: 10_000,
        requestTimeoutMs: 30_000,
        keepAliveTimeoutMs: 72_000,
        maxConnectionsPerAddress: 128,
      },
      passwordHashing: { maxConcurrent: 2 * os.availableParallelism() },
      sessionTtlDays: 30,
      gameCacheBytes: 64 * 1024 * 1024,
      workers: {
        clock: 'system',
        sweepIntervalMs: 5000,
        botDelayMs: 500,
        webhookIntervalMs: 1000,
        pushIntervalMs: 1000,
        mailIntervalMs: 1000,
        retentionIntervalMs: 3_600_000,
        archiveIntervalMs: 60_000,
        tournamentIntervalMs: 15_000,
      },
      archiveAfterMinutes: 60,
      retentionDays: 90,
      chatRetentionDays: 180,
      webhookAllowedNetworks: [],
      push: { vapid: null, subject: 'mailto:operator@malice.invalid', allowedNetworks: [] },
      vacationDays: 30,
      guests: { perAddressPerDay: 5, inactiveDays: 30, expertMsPerMinute: 20_000 },
      mail: null,
      publicUrl: 'http://localhost:3000',
      metricsToken: null,
      logging: { level: 'info', format: 'auto' },
      shutdown: { delayMs: 0, timeoutMs: 20_000 },
      events: { transport: 'postgres' },
      replicas: { urls: [], maxLagMs: 5000 },
      database: {
        connectTimeoutMs: 2000,
        queryTimeoutMs: 3000,
        keepAliveMs: 10_000,
        probeIntervalMs: 1000,
        poolSize: 10,
        workerPoolSize: 3,
        queueMs: 30_000,
        queueMax: 2000,
        pooler: 'none',
        directUrl: null,
      },
    };
    expect(loadConfig({}, CWD)).toEqual(expected);
    // An empty value counts as unset (a common way to blank a variable in compose files).
    expect(loadConfig({ PORT: '', DATABASE_URL: '', NODE_ENV: '', GRAPHQL_INTROSPECTION: '' }, CWD)).toEqual(
      expected,
    );
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgresql://u:p@db:5432/malice',
        DATA_DIR: '/var/lib/malice',
        EMBEDDED_POSTGRES_PORT: '6000',
        GRAPHQL_INTROSPECTION: 'off',
        GRAPHQL_EXPLORER: 'NO',
        GRAPHQL_MAX_DEPTH: '20',
        GRAPHQL_MAX_ALIASES: '0',
        GRAPHQL_MAX_COST: '5000',
        GRAPHQL_MAX_WORK: '40',
        GRAPHQL_MAX_BODY_BYTES: '1024',
        GRAPHQL_MAX_TOKENS: '500',
        GRAPHQL_MAX_SELECTIONS: '200',
        RATE_LIMIT_REQUESTS: '5',
        RATE_LIMIT_WINDOW_SECONDS: '3600',
        TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,fd00::1',
        CORS_ORIGINS: 'https://play.example.com, HTTP://LOCALHOST:5173/',
        WS_MAX_SOCKETS_PER_ADDRESS: '3',
        WS_MAX_SOCKETS_PER_PLAYER: '2',
        WS_MAX_OPERATIONS_PER_SOCKET: '4',
        WS_MAX_ANONYMOUS_WATCHERS_PER_GAME: '0',
        WS_TOKEN_RECHECK_MS: '5000',
        SESSION_TTL_DAYS: '7',
        GAME_CACHE_MB: '8',
        STREAM_KEEPALIVE_MS: '250',
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_KEEPALIVE_TIMEOUT_MS: '9000',
        HTTP_MAX_CONNECTIONS_PER_ADDRESS: '12',
        PASSWORD_MAX_CONCURRENT_HASHES: '3',
        CLOCK: 'manual',
        SWEEP_INTERVAL_MS: '0',
        BOT_DELAY_MS: '20',
        WEBHOOK_INTERVAL_MS: '250',
        PUSH_INTERVAL_MS: '750',
        MAIL_INTERVAL_MS: '500',
        RETENTION_INTERVAL_MS: '0',
        ARCHIVE_INTERVAL_MS: '300000',
        ARCHIVE_AFTER_MINUTES: '1440',
        RETENTION_DAYS: '30',
        CHAT_RETENTION_DAYS: '365',
        TOURNAMENT_INTERVAL_MS: '2000',
        WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8,::1/128',
        VAPID_PUBLIC_KEY: VAPID.publicKey,
        VAPID_PRIVATE_KEY: VAPID.privateKey,
        VAPID_SUBJECT: 'mailto:ops@play.example.com',
        PUSH_ALLOWED_NETWORKS: '127.0.0.1/32',
        VACATION_DAYS: '14',
        GUESTS_PER_ADDRESS_PER_DAY: '2',
        GUEST_INACTIVE_DAYS: '7',
        GUEST_EXPERT_MS_PER_MINUTE: '5000',
        SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525',
        MAIL_FROM: 'Malice <play@play.example.com>',
        DKIM_DOMAIN: 'play.example.com',
        DKIM_SELECTOR: 'malice',
        DKIM_PRIVATE_KEY: 'a-pem-key',
        PUBLIC_URL: 'https://play.example.com/',
        DATABASE_CONNECT_TIMEOUT_MS: '800',
        DATABASE_QUERY_TIMEOUT_MS: '1500',
        DATABASE_KEEPALIVE_MS: '0',
        DATABASE_PROBE_INTERVAL_MS: '200',
        DATABASE_POOL_SIZE: '4',
        DATABASE_WORKER_POOL_SIZE: '1',
        DATABASE_QUEUE_MS: '2000',
        DATABASE_QUEUE_MAX: '0',
        DATABASE_POOLER: 'transaction',
        DATABASE_DIRECT_URL: 'postgresql://u:p@db-direct:5432/malice',
        DATABASE_REPLICA_URL: 'postgresql://u:p@replica-1:5432/malice, postgres://u:p@replica-2/malice',
        DATABASE_REPLICA_MAX_LAG_MS: '2000',
        METRICS_TOKEN: 'scrape-me-0123456789',
        LOG_LEVEL: 'debug',
        LOG_FORMAT: 'pretty',
        SHUTDOWN_DELAY_MS: '5000',
        SHUTDOWN_TIMEOUT_MS: '30000',
        UNRELATED_VARIABLE: 'ignored',
      },
      CWD,
    );
    expect(config).toEqual({
      nodeEnv: 'test',
      port: 0,
      host: '127.0.0.1',
      databaseUrl: 'postgresql://u:p@db:5432/malice',
      dataDir: '/var/lib/malice',
      embeddedPostgresPort: 6000,
      graphql: {
        introspection: false,
        explorer: false,
        maxDepth: 20,
        maxAliases: 0,
        maxCost: 5000,
        maxWork: 40,
        maxBodyBytes: 1024,
        maxTokens: 500,
        maxSelections: 200,
      },
      rateLimit: { requests: 5, windowSeconds: 3600 },
      trustedProxies: ['loopback', '10.0.0.0/8', 'fd00::1'],
      allowedOrigins: ['https://play.example.com', 'http://localhost:5173'],
      sockets: {
        perAddress: 3,
        perPlayer: 2,
        operationsPerSocket: 4,
        anonymousWatchersPerGame: 0,
        recheckMs: 5000,
      },
      streams: { keepAliveMs: 250 },
      http: {
        headersTimeoutMs: 2000,
        requestTimeoutMs: 5000,
        keepAliveTimeoutMs: 9000,
        maxConnectionsPerAddress: 12,
      },
      passwordHashing: { maxConcurrent: 3 },
      sessionTtlDays: 7,
      gameCacheBytes: 8 * 1024 * 1024,
      workers: {
        clock: 'manual',
        sweepIntervalMs: 0,
        botDelayMs: 20,
        webhookIntervalMs: 250,
        pushIntervalMs: 750,
        mailIntervalMs: 500,
        retentionIntervalMs: 0,
        archiveIntervalMs: 300_000,
        tournamentIntervalMs: 2000,
      },
      archiveAfterMinutes: 1440,
      retentionDays: 30,
      chatRetentionDays: 365,
      webhookAllowedNetworks: ['127.0.0.0/8', '::1/128'],
      push: { vapid: VAPID, subject: 'mailto:ops@play.example.com', allowedNetworks: ['127.0.0.1/32'] },
      vacationDays: 14,
      guests: { perAddressPerDay: 2, inactiveDays: 7, expertMsPerMinute: 5000 },
      mail: {
        smtpUrl: 'smtp://mailer:secret@127.0.0.1:2525',
        from: 'Malice <play@play.example.com>',
        dkim: { domain: 'play.example.com', selector: 'malice', privateKey: 'a-pem-key' },
      },
      publicUrl: 'https://play.example.com',
      events: { transport: 'postgres' },
      replicas: {
        urls: ['postgresql://u:p@replica-1:5432/malice', 'postgres://u:p@replica-2/malice'],
        maxLagMs: 2000,
      },
      database: {
        connectTimeoutMs: 800,
        queryTimeoutMs: 1500,
        keepAliveMs: 0,
        probeIntervalMs: 200,
        poolSize: 4,
        workerPoolSize: 1,
        queueMs: 2000,
        queueMax: 0,
        pooler: 'transaction',
        directUrl: 'postgresql://u:p@db-direct:5432/malice',
      },
      metricsToken: 'scrape-me-0123456789',
      logging: { level: 'debug', format: 'pretty' },
      shutdown: { delayMs: 5000, timeoutMs: 30_000 },
    });
    // A test server logs warnings and errors unless told more; any other server logs from info up.
    expect(loadConfig({ NODE_ENV: 'test' }, CWD).logging.level).toBe('warn');
    // Test servers archive only when a test asks (a test reading game_events sees the rows it wrote).
    expect(loadConfig({ NODE_ENV: 'test' }, CWD).workers.archiveIntervalMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'production' }, CWD).logging.level).toBe('info');
    expect(problemsOf({ LOG_LEVEL: 'loud' })).toEqual([expect.stringContaining('LOG_LEVEL')]);
    expect(() => loadConfig({ NODE_ENV: 'production', CLOCK: 'manual' }, CWD)).toThrow(/CLOCK=manual/);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/x' }, CWD).databaseUrl).toBe(
      'postgres://localhost/x',
    );
    expect(loadConfig({ DATA_DIR: 'data/pg' }, CWD).dataDir).toBe(path.resolve(CWD, 'data/pg'));
  });

  it('asks a direct URL of a transaction pooler unless a broker carries the announcements', () => {
    const behindPooler = {
      DATABASE_URL: 'postgresql://u@bouncer:6432/malice',
      DATABASE_POOLER: 'transaction',
    };
    expect(problemsOf(behindPooler)).toEqual([
      'DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL (the LISTEN connection needs a session of its own), or ' +
        'EVENTS_URL naming a broker',
    ]);
    expect(loadConfig({ ...behindPooler, EVENTS_URL: 'nats://10.0.0.5:4222' }, CWD).database.pooler).toBe(
      'transaction',
    );
    expect(problemsOf({ DATABASE_POOLER: 'transaction', EVENTS_URL: 'nats://10.0.0.5:4222' })).toEqual([
      'DATABASE_DIRECT_URL and DATABASE_POOLER need DATABASE_URL (the embedded Postgres has no pooler)',
    ]);
    expect(problemsOf({ DATABASE_URL: 'postgresql://u@db/m', DATABASE_DIRECT_URL: 'mysql://db' })).toEqual([
      'DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL',
    ]);
  });

  it('takes DATABASE_REPLICA_URL as postgres:// URLs of replicas of DATABASE_URL, and names what is not one', () => {
    const primary = { DATABASE_URL: 'postgresql://u@db/malice' };
    for (const wrong of [
      'mysql://replica/malice',
      'replica:5432',
      'postgresql://a/m,,',
      'postgres://[bad/m',
    ]) {
      expect(problemsOf({ ...primary, DATABASE_REPLICA_URL: wrong })).toEqual([
        'DATABASE_REPLICA_URL must be postgres:// or postgresql:// URLs (several comma-separated)',
      ]);
    }
    expect(problemsOf({ DATABASE_REPLICA_URL: 'postgresql://u@replica/malice' })).toEqual([
      'DATABASE_REPLICA_URL needs DATABASE_URL (the embedded Postgres has no replicas)',
    ]);
    expect(problemsOf({ ...primary, DATABASE_REPLICA_MAX_LAG_MS: '50' })).toEqual([
      expect.stringMatching(/^DATABASE_REPLICA_MAX_LAG_MS must be a whole number/),
    ]);
  });

  it('takes EVENTS_URL as one or more nats:// servers, and names what is not one', () => {
    expect(loadConfig({ EVENTS_URL: 'nats://10.0.0.5:4222, nats://10.0.0.6:4222' }, CWD).events).toEqual({
      transport: 'nats',
      servers: ['nats://10.0.0.5:4222', 'nats://10.0.0.6:4222'],
    });
    for (const wrong of ['redis://127.0.0.1:6379', 'nats://', 'nats://host:4222/path', 'nats://a:1,,']) {
      expect(problemsOf({ EVENTS_URL: wrong })).toEqual([
        'EVENTS_URL must be nats://host:port (several comma-separated), or unset for Postgres LISTEN/NOTIFY',
      ]);
    }
  });

  it('takes a METRICS_TOKEN of 16 or more visible characters, and names one that is not', () => {
    for (const bad of ['short', 'sixteen chars ok?', `${'x'.repeat(20)}\u00e9`, 'x'.repeat(513)]) {
      expect(problemsOf({ METRICS_TOKEN: bad })).toEqual([expect.stringMatching(/^METRICS_TOKEN must be/)]);
    }
    expect(loadConfig({}, CWD).metricsToken).toBeNull();
  });

  it('takes * or a list of exact origins for CORS_ORIGINS, and names what is not one', () => {
    expect(loadConfig({ CORS_ORIGINS: '*' }, CWD).allowedOrigins).toBe('any');
    for (const bad of [
      'play.example.com',
      'https://play.example.com/app',
      'ftp://files.example.com',
      '*,https://a.example',
    ]) {
      expect(problemsOf({ CORS_ORIGINS: bad })).toEqual([
        expect.stringMatching(/^CORS_ORIGINS must be \* or/),
      ]);
    }
  });

  it('accepts the usual spellings of true and false', () => {
    for (const yes of ['1', 'true', 'TRUE', 'yes', 'On']) {
      expect(loadConfig({ NODE_ENV: 'production', GRAPHQL_EXPLORER: yes }, CWD).graphql.explorer).toBe(true);
    }
    for (const no of ['0', 'false', 'False', 'no', 'OFF']) {
      expect(loadConfig({ GRAPHQL_EXPLORER: no }, CWD).graphql.explorer).toBe(false);
    }
  });

  it('keeps the schema public in production but turns the explorer off there, unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' }, CWD).graphql).toMatchObject({
      introspection: true,
      explorer: false,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'off' }, CWD).graphql.introspection,
    ).toBe(false);
    expect(
      loadConfig({ NODE_ENV: 'production', GRAPHQL_INTROSPECTION: 'true', GRAPHQL_EXPLORER: 'true' }, CWD)
        .graphql,
    ).toMatchObject({ introspection: true, explorer: true });
    expect(loadConfig({ NODE_ENV: 'test' }, CWD).graphql).toMatchObject({
      introspection: true,
      explorer: true,
    });
  });

  it('names every invalid variable in one error, with the value it got', () => {
    const invalid: Record<string, string> = {
      NODE_ENV: 'staging',
      PORT: '70000',
      DATABASE_URL: 'mysql://localhost/malice',
      EMBEDDED_POSTGRES_PORT: '80',
      GRAPHQL_INTROSPECTION: 'maybe',
      GRAPHQL_EXPLORER: '2',
      GRAPHQL_MAX_DEPTH: '1',
      GRAPHQL_MAX_ALIASES: '-1',
      GRAPHQL_MAX_COST: '5',
      GRAPHQL_MAX_WORK: '0',
      GRAPHQL_MAX_BODY_BYTES: '10',
      RATE_LIMIT_REQUESTS: '0',
      RATE_LIMIT_WINDOW_SECONDS: '3601',
      TRUSTED_PROXIES: '10.0.0.0/8,proxy.internal',
      WS_MAX_SOCKETS_PER_ADDRESS: '0',
      SESSION_TTL_DAYS: '1.5',
      RETENTION_DAYS: '0',
      RETENTION_INTERVAL_MS: '86400001',
      ARCHIVE_INTERVAL_MS: '-1',
      WEBHOOK_ALLOWED_NETWORKS: '10.0.0.1/8',
      DATABASE_CONNECT_TIMEOUT_MS: '50',
      DATABASE_QUERY_TIMEOUT_MS: '600001',
      DATABASE_KEEPALIVE_MS: '-1',
      DATABASE_PROBE_INTERVAL_MS: '10',
      DATABASE_POOL_SIZE: '0',
      DATABASE_WORKER_POOL_SIZE: '101',
      DATABASE_QUEUE_MS: '99',
      DATABASE_QUEUE_MAX: '-1',
      HTTP_HEADERS_TIMEOUT_MS: '99',
      HTTP_REQUEST_TIMEOUT_MS: '3600001',
      HTTP_KEEPALIVE_TIMEOUT_MS: '0',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      PASSWORD_MAX_CONCURRENT_HASHES: '0',
    };
    const problems = problemsOf(invalid);
    expect(problems).toHaveLength(Object.keys(invalid).length);
    for (const [name, value] of Object.entries(invalid)) {
      const problem = problems.find((candidate) => candidate.startsWith(`${name} `));
      expect({ name, problem }).toEqual({ name, problem: expect.any(String) as string });
      // The URL may hold a password: it is not echoed. Everything else says what it got.
      if (name !== 'DATABASE_URL') expect(problem).toContain(`"${value}"`);
    }
    let message = '';
    try {
      loadConfig(invalid, CWD);
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of Object.keys(invalid)) expect(message).toContain(name);
  });

  it('reads WEBHOOK_ALLOWED_NETWORKS as CIDR blocks, normalised, and names each one that is not', () => {
    expect(
      loadConfig({ WEBHOOK_ALLOWED_NETWORKS: ' 10.0.0.0/8 , 0:0:0:0:0:0:0:1/128,FD00::/8,' }, CWD)
        .webhookAllowedNetworks,
    ).toEqual(['10.0.0.0/8', '::1/128', 'fd00::/8']);
    expect(loadConfig({ WEBHOOK_ALLOWED_NETWORKS: '  ' }, CWD).webhookAllowedNetworks).toEqual([]);
    const problems = problemsOf({
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.1,10.0.0.1/8,::1/129,localhost/8,192.168.0.0/16',
    });
    expect(problems).toHaveLength(4);
    for (const [entry, why] of [
      ['127.0.0.1', 'is not an address/prefix block'],
      ['10.0.0.1/8', 'did you mean 10.0.0.0/8?'],
      ['::1/129', 'at most /128'],
      ['localhost/8', 'is not an address/prefix block'],
    ] as const) {
      const problem = problems.find((candidate) => candidate.includes(`"${entry}"`));
      expect({ entry, problem }).toEqual({
        entry,
        problem: expect.stringMatching(
          /^WEBHOOK_ALLOWED_NETWORKS must be a comma-separated list of CIDR blocks/,
        ),
      });
      expect(problem).toContain(why);
    }
  });

  it('takes a VAPID key pair only whole and matching, and a contact push services can reach', () => {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const publicKey = ecdh.getPublicKey().toString('base64url');
    const privateKey = privateKeyOf(ecdh);
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(
      loadConfig(
        { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'https://ops.example' },
        CWD,
      ).push,
    ).toEqual({ vapid: { publicKey, privateKey }, subject: 'https://ops.example', allowedNetworks: [] });
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey }, CWD)).toThrow(/set together/);
    expect(() =>
      loadConfig(
        { VAPID_PUBLIC_KEY: other.getPublicKey().toString('base64url'), VAPID_PRIVATE_KEY: privateKey },
        CWD,
      ),
    ).toThrow(/VAPID_PUBLIC_KEY must be the P-256 public key of VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ VAPID_PRIVATE_KEY: 'short', VAPID_PUBLIC_KEY: publicKey }, CWD)).toThrow(
      /VAPID_PRIVATE_KEY must be 32 bytes/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'ops@example.com' }, CWD)).toThrow(
      /VAPID_SUBJECT must be a mailto:/,
    );
  });

  it('turns mail on with SMTP_URL and MAIL_FROM together, DKIM whole or not at all', () => {
    expect(loadConfig({}, CWD).mail).toBeNull();
    expect(() => loadConfig({ SMTP_URL: 'smtp://127.0.0.1:25' }, CWD)).toThrow(
      /MAIL_FROM must be an address/,
    );
    expect(() => loadConfig({ MAIL_FROM: 'a@b.example' }, CWD)).toThrow(/need SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'http://x', MAIL_FROM: 'a@b.example' }, CWD)).toThrow(
      /SMTP_URL must be/,
    );
    expect(() =>
      loadConfig(
        { SMTP_URL: 'smtp://127.0.0.1:25', MAIL_FROM: 'a@b.example', DKIM_DOMAIN: 'b.example' },
        CWD,
      ),
    ).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
    expect(loadConfig({ SMTP_URL: 'smtps://127.0.0.1:465', MAIL_FROM: 'a@b.example' }, CWD).mail).toEqual({
      smtpUrl: 'smtps://127.0.0.1:465',
      from: 'a@b.example',
      dkim: null,
    });
    // Unset, it is this machine on the port served: the OAuth issuer must be the address a client reached.
    expect(loadConfig({ PORT: '3917' }, CWD).publicUrl).toBe('http://localhost:3917');
    expect(loadConfig({}, CWD).publicUrl).toBe('http://localhost:3000');
    expect(() => loadConfig({ PUBLIC_URL: 'https://play.example.com/path' }, CWD)).toThrow(
      /PUBLIC_URL must be/,
    );
  });

  it('refuses numbers that are not plain whole numbers in range', () => {
    for (const text of [
      'abc',
      '1e3',
      '0x10',
      '3000.0',
      ' 3000',
      '3000 ',
      '+3000',
      '-1',
      '65536',
      '99999999999999999999',
    ]) {
      expect({ text, problems: problemsOf({ PORT: text }) }).toEqual({
        text,
        problems: [`PORT must be a whole number from 0 to 65535 (got "${text}")`],
      });
    }
    expect(loadConfig({ PORT: '65535' }, CWD).port).toBe(65535);
    expect(loadConfig({ GRAPHQL_MAX_BODY_BYTES: String(10 * 1024 * 1024) }, CWD).graphql.maxBodyBytes).toBe(
      10 * 1024 * 1024,
    );
  });

  it('refuses a headers timeout longer than the request timeout (the headers are part of the request)', () => {
    expect(problemsOf({ HTTP_HEADERS_TIMEOUT_MS: '5001', HTTP_REQUEST_TIMEOUT_MS: '5000' })).toEqual([
      'HTTP_HEADERS_TIMEOUT_MS must not be more than HTTP_REQUEST_TIMEOUT_MS (headers come first)',
    ]);
    expect(
      loadConfig({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '5000' }, CWD).http,
    ).toMatchObject({ headersTimeoutMs: 5000, requestTimeoutMs: 5000 });
  });

  it('does not echo a DATABASE_URL that may carry a password', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://admin:s3cret@db/malice' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^DATABASE_URL /);
    expect(problems[0]).not.toContain('s3cret');
  });

  it('reads only the environment it is given', () => {
    const saved = process.env.PORT;
    process.env.PORT = 'not a port';
    try {
      expect(loadConfig({}, CWD).port).toBe(3000);
    } finally {
      if (saved === undefined) delete process.env.PORT;
      else process.env.PORT = saved;
    }
  });
});
