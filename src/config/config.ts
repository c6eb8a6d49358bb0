/**
 * Configuration from the environment, read and validated once at boot (docs/operations.md#configuration): nothing
 * else in the service reads `process.env`. Every problem is reported at once, by variable name.
 */
import { createECDH } from 'node:crypto';
import * as os from 'node:os';
import * as path from 'node:path';
import { LOG_FORMATS, LOG_LEVELS, type LogFormat, type LogLevel, type LogSettings } from '../logging/logger';
import proxyAddr from '@fastify/proxy-addr';
import { formatNetwork, parseNetwork } from './networks';

export type NodeEnv = 'development' | 'production' | 'test';

/**
 * Guests (docs/api/players-and-accounts.md#startguest): how many, for how long, and how much of the expert
 * bot's time they share.
 */
export interface GuestSettings {
  /** Guests one address may start in a day; 0 turns guests off. */
  readonly perAddressPerDay: number;
  /** A guest left alone this many days is removed (its games stay, as a deleted account's). */
  readonly inactiveDays: number;
  /**
   * The expert bot's thinking time, in milliseconds per minute, that all guests' games on one app copy share; past
   * it, a guest's expert move waits for the next minute (src/bots/thinking-budget.ts).
   */
  readonly expertMsPerMinute: number;
}

/**
 * How announcements travel between app copies (src/events/transport.ts): Postgres's LISTEN/NOTIFY, or a NATS server
 * (`EVENTS_URL=nats://host:port`, several comma-separated for a cluster).
 */
export type EventsSettings =
  { readonly transport: 'postgres' } | { readonly transport: 'nats'; readonly servers: readonly string[] };

export const DATABASE_POOLERS = ['none', 'transaction'] as const;
/** DATABASE_POOLER: `none` (Postgres itself, or a pooler in session mode) or `transaction` (PgBouncer's). */
export type DatabasePooler = (typeof DATABASE_POOLERS)[number];

export interface AppConfig {
  readonly nodeEnv: NodeEnv;
  readonly port: number;
  readonly host: string;
  /** Null: start an embedded Postgres with its data in `dataDir`. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  /** Port of the embedded Postgres (when `databaseUrl` is null). */
  readonly embeddedPostgresPort: number;
  readonly graphql: {
    readonly introspection: boolean;
    readonly explorer: boolean;
    readonly maxDepth: number;
    readonly maxAliases: number;
    readonly maxCost: number;
    /** Database reads or game replays one operation may cause. */
    readonly maxWork: number;
    /** The largest HTTP body, and the largest graphql-ws message. */
    readonly maxBodyBytes: number;
    /** Tokens of one document, counted before it is parsed (src/graphql/document-bounds.ts). */
    readonly maxTokens: number;
    /** Selections of one document, its fragments spread, counted before it is validated. */
    readonly maxSelections: number;
  };
  readonly rateLimit: {
    /** Operations allowed per window for one player (or one address without a token). */
    readonly requests: number;
    readonly windowSeconds: number;
  };
  /**
   * The proxies whose `X-Forwarded-For` is believed (addresses, CIDR ranges, or `loopback`, `linklocal`,
   * `uniquelocal`); empty: the TCP peer is the client.
   */
  readonly trustedProxies: readonly string[];
  /**
   * Which web pages may call the API from a browser (CORS, and the Origin of a graphql-ws connection): `any`, or
   * the listed origins (`https://play.example.com`). Any is safe because no credential travels in a cookie: a token
   * goes in the Authorization header, which a page of another origin cannot read or make up
   * (docs/api/endpoints-and-auth.md#browsers).
   */
  readonly allowedOrigins: 'any' | readonly string[];
  /** Bounds on graphql-ws connections (per app copy). */
  readonly sockets: {
    readonly perAddress: number;
    readonly perPlayer: number;
    /** Operations one socket may have running at once (live subscriptions included). */
    readonly operationsPerSocket: number;
    /** `gameUpdated` subscribers without a token on one game. */
    readonly anonymousWatchersPerGame: number;
    /**
     * Every open socket's token is checked again this often: the bound on a revocation whose announcement was lost
     * (docs/scaling.md#pushes-between-copies).
     */
    readonly recheckMs: number;
  };
  /**
   * The NDJSON streams (docs/api/subscriptions-and-streams.md#streams): a keep-alive line (an empty one) this
   * often.
   */
  readonly streams: { readonly keepAliveMs: number };
  /** Plain HTTP connections (docs/operations.md#http-connections): how long a client may take, how many it holds. */
  readonly http: {
    /** A request's headers must have arrived this long after it began (or after the connection opened). */
    readonly headersTimeoutMs: number;
    /** A whole request, body included, must have arrived this long after it began. */
    readonly requestTimeoutMs: number;
    /** A keep-alive connection with no request is closed after this. */
    readonly keepAliveTimeoutMs: number;
    /** Open connections per client address that is not a trusted proxy (the TCP peer); WebSockets not counted. */
    readonly maxConnectionsPerAddress: number;
  };
  /** argon2 hashes and checks (sign-up, sign-in, password change, account deletion) at once in this app copy. */
  readonly passwordHashing: { readonly maxConcurrent: number };
  /** How long a login session token lives. */
  readonly sessionTtlDays: number;
  /** The estimated heap this copy's game cache may hold (docs/operations.md#the-game-cache). */
  readonly gameCacheBytes: number;
  /** Background work every app copy runs (docs/correspondence.md). */
  readonly workers: {
    /** `manual`: time moves only when a test advances it (the test controls' POST /test/clock); never in production. */
    readonly clock: 'system' | 'manual';
    /** How often the deadline sweeper looks for missed deadlines and due reminders; 0 turns it off. */
    readonly sweepIntervalMs: number;
    /** How long a built-in bot waits after its turn begins before it moves. */
    readonly botDelayMs: number;
    /** How often webhook deliveries that are due are looked for; 0 turns delivery off. */
    readonly webhookIntervalMs: number;
    /** How often Web Push deliveries that are due are looked for; 0 turns sending pushes off. */
    readonly pushIntervalMs: number;
    /** How often mails that are due are looked for (and digests queued); 0 turns sending mail off. */
    readonly mailIntervalMs: number;
    /** How often the retention pass runs (docs/operations.md#retention); 0 turns it off. */
    readonly retentionIntervalMs: number;
    /** How often the archiver looks for finished games to archive (docs/operations.md#archive); 0 turns it off. */
    readonly archiveIntervalMs: number;
    /** How often tournaments are moved on: started, their next round paired, finished (docs/social.md); 0: off. */
    readonly tournamentIntervalMs: number;
  };
  /** A finished game's log moves into its compact archive once the game has been over this long. */
  readonly archiveAfterMinutes: number;
  /**
   * Delivered or given-up webhook deliveries (with their attempts) and player events of games no longer running
   * are removed once older than this; the move log never is.
   */
  readonly retentionDays: number;
  /** Chat messages of games over for longer than this are removed (docs/social.md#exports-and-retention). */
  readonly chatRetentionDays: number;
  /**
   * Networks webhooks may reach besides public addresses (CIDR blocks, normalised), e.g. a local receiver in
   * tests; empty by default. Metadata services stay refused (src/webhooks/webhook-address.ts).
   */
  readonly webhookAllowedNetworks: readonly string[];
  /** Web Push (docs/correspondence.md#web-push). */
  readonly push: PushSettings;
  /** E-mail (docs/correspondence.md#e-mail); null: no SMTP server is set, and the service sends no mail. */
  readonly mail: MailSettings | null;
  /** The address players reach this server at (links in mails), e.g. https://play.example.com; no path. */
  readonly publicUrl: string;
  /** Vacation days a player may take in any 365 days (docs/correspondence.md#vacation); 0 turns vacation off. */
  readonly vacationDays: number;
  /** Guests (docs/api/players-and-accounts.md#startguest). */
  readonly guests: GuestSettings;
  /**
   * `GET /metrics` (docs/operations.md#metrics) is served only when this is set, and only to
   * `Authorization: Bearer <it>`; null: no such route.
   */
  readonly metricsToken: string | null;
  /** The log's level and format (docs/operations.md#logs). */
  readonly logging: LogSettings;
  /** A shutdown (docs/operations.md#shutdown): not ready for `delayMs`, then requests finish within `timeoutMs`. */
  readonly shutdown: { readonly delayMs: number; readonly timeoutMs: number };
  /** How announcements travel between app copies (docs/scaling.md#pushes-between-copies): `EVENTS_URL`. */
  readonly events: EventsSettings;
  /**
   * Streaming read replicas (docs/scaling.md#read-replicas): the reads that may be late go to one of them while it
   * answers, is in recovery and lags less than `maxLagMs`; with none usable (or none set) they go to the primary.
   */
  readonly replicas: {
    /** DATABASE_REPLICA_URL: each replica's postgres:// URL; empty: no replicas. */
    readonly urls: readonly string[];
    /** DATABASE_REPLICA_MAX_LAG_MS: a replica whose replay lags the primary by more than this is skipped. */
    readonly maxLagMs: number;
  };
  /** How the app's connections to Postgres give up, so that a database outage is an answer, not a hang. */
  readonly database: {
    /** A new connection that is not ready within this gives up. */
    readonly connectTimeoutMs: number;
    /** A query without an answer within this fails on the client side (Postgres may still run it). */
    readonly queryTimeoutMs: number;
    /** Idle time before TCP keep-alive probes start on each connection; 0 turns them off. */
    readonly keepAliveMs: number;
    /** While the database is unreachable, how often it is tried again. */
    readonly probeIntervalMs: number;
    /** Connections of the pool for requests (docs/operations.md#connection-pools). */
    readonly poolSize: number;
    /** Connections of the background workers' own pool. */
    readonly workerPoolSize: number;
    /** How long a request (or a worker) waits for a free pooled connection while the database is up. */
    readonly queueMs: number;
    /** How many may wait for one pool's connections at once; the next is refused at once (UNAVAILABLE). */
    readonly queueMax: number;
    /**
     * What `DATABASE_URL` reaches: Postgres itself, or a pooler in transaction mode (PgBouncer), which hands each
     * transaction any server connection: then no statement is prepared by name (docs/operations.md#failover).
     */
    readonly pooler: DatabasePooler;
    /**
     * A URL to Postgres itself, for what needs a session of its own past a pooler: the LISTEN connection of the
     * Postgres event transport. Null: `DATABASE_URL` serves.
     */
    readonly directUrl: string | null;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

/** Web Push settings (docs/correspondence.md#web-push). */
export interface PushSettings {
  /**
   * The VAPID key pair (RFC 8292), base64url: the public key as the uncompressed P-256 point browsers subscribe with,
   * the private key as the 32-byte scalar. Null: the pair stored in the database (made once by the first copy).
   */
  readonly vapid: { readonly publicKey: string; readonly privateKey: string } | null;
  /** Who runs this server, for push services to reach (the VAPID `sub` claim): a mailto: or https: URL. */
  readonly subject: string;
  /**
   * Networks push endpoints may be at besides public addresses (CIDR blocks), e.g. a local push service in tests;
   * an endpoint there may also be http://. Metadata services stay refused.
   */
  readonly allowedNetworks: readonly string[];
}

/** E-mail settings (docs/operations.md#e-mail). */
export interface MailSettings {
  /** smtp:// or smtps:// with the user and password, if any (SMTP_URL). */
  readonly smtpUrl: string;
  /** The From of every mail: `Malice <play@example.com>` or an address. */
  readonly from: string;
  /** DKIM signing (RFC 6376) when a key is set. */
  readonly dkim: { readonly domain: string; readonly selector: string; readonly privateKey: string } | null;
}

type Env = Readonly<Record<string, string | undefined>>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  string(name: string, fallback: string): string {
    const value = this.env[name];
    return value === undefined || value === '' ? fallback : value;
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const text = this.env[name];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!/^-?\d+$/.test(text) || value < min || value > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${text}")`);
      return fallback;
    }
    return value;
  }

  boolean(name: string, fallback: boolean): boolean {
    const text = this.env[name]?.toLowerCase();
    if (text === undefined || text === '') return fallback;
    if (['1', 'true', 'yes', 'on'].includes(text)) return true;
    if (['0', 'false', 'no', 'off'].includes(text)) return false;
    this.problems.push(`${name} must be true or false (got "${this.env[name]}")`);
    return fallback;
  }

  /** A comma-separated list of items `valid` accepts, described as `what`. */
  list(name: string, what: string, valid: (item: string) => boolean): string[] {
    const text = this.env[name];
    if (text === undefined || text.trim() === '') return [];
    const items = text.split(',').map((item) => item.trim());
    if (items.every(valid)) return items;
    this.problems.push(`${name} must be a comma-separated list of ${what} (got "${text}")`);
    return [];
  }

  /**
   * `*` (the default) or a comma-separated list of origins, each `scheme://host[:port]` as a browser sends it in
   * `Origin` (no path, no trailing slash); normalised to that form.
   */
  origins(name: string): 'any' | string[] {
    const text = (this.env[name] ?? '*').trim();
    if (text === '*' || text === '') return 'any';
    const origins: string[] = [];
    for (const entry of text.split(',').map((part) => part.trim())) {
      const origin = originOf(entry);
      if (origin === null) {
        this.problems.push(
          `${name} must be * or a comma-separated list of origins such as https://play.example.com (got "${entry}")`,
        );
      } else origins.push(origin);
    }
    return origins;
  }

  /** A comma-separated list of CIDR blocks (`10.0.0.0/8,::1/128`), each checked and normalised. */
  networks(name: string): string[] {
    const entries = (this.env[name] ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    const networks: string[] = [];
    for (const entry of entries) {
      const parsed = parseNetwork(entry);
      if (typeof parsed === 'string') {
        this.problems.push(
          `${name} must be a comma-separated list of CIDR blocks (e.g. 127.0.0.0/8,::1/128): ${parsed}`,
        );
      } else networks.push(formatNetwork(parsed));
    }
    return networks;
  }

  /** A secret of at least 16 visible characters (no spaces: it travels in a header), or null when unset. */
  token(name: string): string | null {
    const text = this.env[name];
    if (text === undefined || text === '') return null;
    if (!/^[\x21-\x7e]{16,512}$/.test(text)) {
      this.problems.push(`${name} must be 16 to 512 visible ASCII characters without spaces`);
      return null;
    }
    return text;
  }

  /**
   * An http(s) origin, without a path or a trailing slash (links in mails are made on it, and it is the OAuth
   * issuer). Unset, this machine on the port served (`port`; 0, a port chosen at start, names none).
   */
  publicUrl(name: string, port: number): string {
    const fallback = port === 0 ? 'http://localhost' : `http://localhost:${port}`;
    const text = this.string(name, fallback);
    const origin = originOf(text);
    if (origin === null) {
      this.problems.push(`${name} must be an origin such as https://play.example.com (got "${text}")`);
      return fallback;
    }
    return origin;
  }

  /** A mailto: or https: URL (a push service's way to reach the operator); a placeholder by default. */
  pushSubject(name: string): string {
    const text = this.string(name, 'mailto:operator@malice.invalid');
    if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/.test(text)) {
      this.problems.push(`${name} must be a mailto: or https: URL (got "${text}")`);
    }
    return text;
  }

  /** Base64url of exactly `bytes` bytes, or null when unset. */
  base64url(name: string, bytes: number): string | null {
    const text = this.env[name];
    if (text === undefined || text === '') return null;
    if (!/^[A-Za-z0-9_-]+$/.test(text) || Buffer.from(text, 'base64url').length !== bytes) {
      this.problems.push(`${name} must be ${bytes} bytes in base64url`);
      return null;
    }
    return text;
  }

  oneOf<T extends string>(name: string, values: readonly T[], fallback: T): T {
    const text = this.env[name];
    if (text === undefined || text === '') return fallback;
    if ((values as readonly string[]).includes(text)) return text as T;
    this.problems.push(`${name} must be one of ${values.join(', ')} (got "${text}")`);
    return fallback;
  }
}

/** Whether the private scalar `privateKey` has the public point `publicKey` on P-256. */
function vapidPairMatches(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, 'base64url'));
  } catch {
    return false;
  }
}

/** SMTP_URL turns mail on; MAIL_FROM is then needed, and the DKIM settings come as three or none. */
function mailSettings(read: Reader): MailSettings | null {
  const smtpUrl = read.string('SMTP_URL', '');
  const from = read.string('MAIL_FROM', '');
  const dkim = {
    domain: read.string('DKIM_DOMAIN', ''),
    selector: read.string('DKIM_SELECTOR', ''),
    privateKey: read.string('DKIM_PRIVATE_KEY', ''),
  };
  const dkimParts = Object.values(dkim).filter((part) => part !== '').length;
  if (dkimParts !== 0 && dkimParts !== 3)
    read.problems.push('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set together or not at all');
  if (smtpUrl === '') {
    if (from !== '' || dkimParts > 0)
      read.problems.push('MAIL_FROM and DKIM_* need SMTP_URL (mail is off without it)');
    return null;
  }
  if (!/^smtps?:\/\/[^\s]+$/.test(smtpUrl) || !URL.canParse(smtpUrl))
    read.problems.push('SMTP_URL must be an smtp:// or smtps:// URL');
  if (!/^([^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(from.trim()))
    read.problems.push('MAIL_FROM must be an address, or a name and <address> (it is needed with SMTP_URL)');
  return { smtpUrl, from: from.trim(), dkim: dkimParts === 3 ? dkim : null };
}

/** DATABASE_DIRECT_URL: a postgres:// URL, or unset. */
function directUrl(read: Reader): string | null {
  const url = read.string('DATABASE_DIRECT_URL', '');
  if (url === '') return null;
  if (!/^postgres(ql)?:\/\//.test(url))
    read.problems.push('DATABASE_DIRECT_URL must be a postgres:// or postgresql:// URL');
  return url;
}

/**
 * DATABASE_REPLICA_URL: unset for no replicas; one or more postgres:// URLs, comma-separated, each a hot standby of
 * DATABASE_URL's database. DATABASE_REPLICA_MAX_LAG_MS bounds how late a replica's answers may be.
 */
function replicaSettings(read: Reader): AppConfig['replicas'] {
  const maxLagMs = read.integer('DATABASE_REPLICA_MAX_LAG_MS', 5000, 100, 3_600_000);
  const text = read.string('DATABASE_REPLICA_URL', '').trim();
  if (text === '') return { urls: [], maxLagMs };
  const urls = text.split(',').map((part) => part.trim());
  if (!urls.every((url) => /^postgres(ql)?:\/\/[^\s]+$/.test(url) && URL.canParse(url))) {
    read.problems.push(
      'DATABASE_REPLICA_URL must be postgres:// or postgresql:// URLs (several comma-separated)',
    );
    return { urls: [], maxLagMs };
  }
  // The embedded Postgres (no DATABASE_URL) has no standbys: a replica of something else would answer wrongly.
  if (read.string('DATABASE_URL', '') === '')
    read.problems.push('DATABASE_REPLICA_URL needs DATABASE_URL (the embedded Postgres has no replicas)');
  return { urls, maxLagMs };
}

/** EVENTS_URL: unset for Postgres's LISTEN/NOTIFY; one or more `nats://host:port`, comma-separated. */
function eventsSettings(read: Reader): EventsSettings {
  const text = read.string('EVENTS_URL', '').trim();
  if (text === '') return { transport: 'postgres' };
  const servers = text.split(',').map((part) => part.trim());
  const valid = servers.every((server) => {
    if (!/^nats:\/\/[^\s/]+$/.test(server) || !URL.canParse(server)) return false;
    const url = new URL(server);
    return url.hostname !== '' && url.pathname === '';
  });
  if (!valid) {
    read.problems.push(
      'EVENTS_URL must be nats://host:port (several comma-separated), or unset for Postgres LISTEN/NOTIFY',
    );
    return { transport: 'postgres' };
  }
  return { transport: 'nats', servers };
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: both or neither, and one pair. */
function vapidKeys(read: Reader): PushSettings['vapid'] {
  const publicKey = read.base64url('VAPID_PUBLIC_KEY', 65);
  const privateKey = read.base64url('VAPID_PRIVATE_KEY', 32);
  if ((publicKey === null) !== (privateKey === null)) {
    read.problems.push('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all');
    return null;
  }
  if (publicKey !== null && privateKey !== null && !vapidPairMatches(publicKey, privateKey)) {
    read.problems.push(
      'VAPID_PUBLIC_KEY must be the P-256 public key of VAPID_PRIVATE_KEY (uncompressed, base64url)',
    );
    return null;
  }
  return publicKey === null || privateKey === null ? null : { publicKey, privateKey };
}

export function loadConfig(env: Env, cwd: string = process.cwd()): AppConfig {
  const read = new Reader(env);
  const nodeEnv = read.oneOf<NodeEnv>('NODE_ENV', ['development', 'production', 'test'], 'development');
  const production = nodeEnv === 'production';
  const databaseUrl = read.string('DATABASE_URL', '');
  if (databaseUrl !== '' && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    read.problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const port = read.integer('PORT', 3000, 0, 65535);
  const config: AppConfig = {
    nodeEnv,
    port,
    host: read.string('HOST', '0.0.0.0'),
    databaseUrl: databaseUrl === '' ? null : databaseUrl,
    dataDir: path.resolve(cwd, read.string('DATA_DIR', '.data')),
    embeddedPostgresPort: read.integer('EMBEDDED_POSTGRES_PORT', 54329, 1024, 65535),
    graphql: {
      // The schema is public (docs/api/endpoints-and-auth.md#endpoints): introspection stays on in production
      // unless switched off.
      introspection: read.boolean('GRAPHQL_INTROSPECTION', true),
      explorer: read.boolean('GRAPHQL_EXPLORER', !production),
      maxDepth: read.integer('GRAPHQL_MAX_DEPTH', 15, 2, 100),
      maxAliases: read.integer('GRAPHQL_MAX_ALIASES', 30, 0, 1000),
      maxCost: read.integer('GRAPHQL_MAX_COST', 100_000, 10, 10_000_000),
      maxWork: read.integer('GRAPHQL_MAX_WORK', 500, 1, 100_000),
      maxBodyBytes: read.integer('GRAPHQL_MAX_BODY_BYTES', 64 * 1024, 1024, 10 * 1024 * 1024),
      // Each well above the largest committed document (docs/api/limits.md#limits gives the margins).
      maxTokens: read.integer('GRAPHQL_MAX_TOKENS', 2000, 100, 1_000_000),
      maxSelections: read.integer('GRAPHQL_MAX_SELECTIONS', 1000, 10, 1_000_000),
    },
    rateLimit: {
      requests: read.integer('RATE_LIMIT_REQUESTS', 600, 1, 1_000_000),
      windowSeconds: read.integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, 3600),
    },
    trustedProxies: read.list(
      'TRUSTED_PROXIES',
      'addresses, CIDR ranges, loopback, linklocal or uniquelocal',
      isProxyAddress,
    ),
    allowedOrigins: read.origins('CORS_ORIGINS'),
    sockets: {
      perAddress: read.integer('WS_MAX_SOCKETS_PER_ADDRESS', 64, 1, 100_000),
      perPlayer: read.integer('WS_MAX_SOCKETS_PER_PLAYER', 16, 1, 10_000),
      operationsPerSocket: read.integer('WS_MAX_OPERATIONS_PER_SOCKET', 32, 1, 10_000),
      anonymousWatchersPerGame: read.integer('WS_MAX_ANONYMOUS_WATCHERS_PER_GAME', 32, 0, 100_000),
      recheckMs: read.integer('WS_TOKEN_RECHECK_MS', 60_000, 500, 3_600_000),
    },
    streams: { keepAliveMs: read.integer('STREAM_KEEPALIVE_MS', 7000, 10, 600_000) },
    http: {
      headersTimeoutMs: read.integer('HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000),
      requestTimeoutMs: read.integer('HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
      keepAliveTimeoutMs: read.integer('HTTP_KEEPALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000),
      maxConnectionsPerAddress: read.integer('HTTP_MAX_CONNECTIONS_PER_ADDRESS', 128, 1, 100_000),
    },
    // Twice the cores: enough to keep every core hashing through a burst of sign-ins (a hash is about 50 ms of one
    // core and 19 MiB), and no longer a line of them waiting (docs/operations.md#password-hashing).
    passwordHashing: {
      maxConcurrent: read.integer('PASSWORD_MAX_CONCURRENT_HASHES', 2 * os.availableParallelism(), 1, 1024),
    },
    sessionTtlDays: read.integer('SESSION_TTL_DAYS', 30, 1, 3650),
    gameCacheBytes: read.integer('GAME_CACHE_MB', 64, 1, 65_536) * 1024 * 1024,
    workers: {
      clock: read.oneOf('CLOCK', ['system', 'manual'], 'system'),
      sweepIntervalMs: read.integer('SWEEP_INTERVAL_MS', 5000, 0, 3_600_000),
      botDelayMs: read.integer('BOT_DELAY_MS', 500, 0, 60_000),
      webhookIntervalMs: read.integer('WEBHOOK_INTERVAL_MS', 1000, 0, 3_600_000),
      pushIntervalMs: read.integer('PUSH_INTERVAL_MS', 1000, 0, 3_600_000),
      mailIntervalMs: read.integer('MAIL_INTERVAL_MS', 1000, 0, 3_600_000),
      retentionIntervalMs: read.integer('RETENTION_INTERVAL_MS', 3_600_000, 0, 86_400_000),
      // Test servers archive only when a test asks (a test that reads game_events finds the rows it wrote).
      archiveIntervalMs: read.integer('ARCHIVE_INTERVAL_MS', nodeEnv === 'test' ? 0 : 60_000, 0, 86_400_000),
      tournamentIntervalMs: read.integer('TOURNAMENT_INTERVAL_MS', 15_000, 0, 3_600_000),
    },
    archiveAfterMinutes: read.integer('ARCHIVE_AFTER_MINUTES', 60, 0, 5_256_000),
    retentionDays: read.integer('RETENTION_DAYS', 90, 1, 36_500),
    chatRetentionDays: read.integer('CHAT_RETENTION_DAYS', 180, 1, 36_500),
    webhookAllowedNetworks: read.networks('WEBHOOK_ALLOWED_NETWORKS'),
    vacationDays: read.integer('VACATION_DAYS', 30, 0, 365),
    guests: {
      perAddressPerDay: read.integer('GUESTS_PER_ADDRESS_PER_DAY', 5, 0, 10_000),
      inactiveDays: read.integer('GUEST_INACTIVE_DAYS', 30, 1, 3650),
      expertMsPerMinute: read.integer('GUEST_EXPERT_MS_PER_MINUTE', 20_000, 1000, 600_000),
    },
    mail: mailSettings(read),
    publicUrl: read.publicUrl('PUBLIC_URL', port),
    push: {
      vapid: vapidKeys(read),
      subject: read.pushSubject('VAPID_SUBJECT'),
      allowedNetworks: read.networks('PUSH_ALLOWED_NETWORKS'),
    },
    metricsToken: read.token('METRICS_TOKEN'),
    logging: {
      // Test servers log warnings and errors unless a test asks for more (its output stays short).
      level: read.oneOf<LogLevel>('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'warn' : 'info'),
      format: read.oneOf<LogFormat>('LOG_FORMAT', LOG_FORMATS, 'auto'),
    },
    shutdown: {
      delayMs: read.integer('SHUTDOWN_DELAY_MS', 0, 0, 600_000),
      timeoutMs: read.integer('SHUTDOWN_TIMEOUT_MS', 20_000, 1000, 600_000),
    },
    events: eventsSettings(read),
    replicas: replicaSettings(read),
    // The defaults answer a request within 5 s while Postgres is stopped (docs/operations.md#settings).
    database: {
      connectTimeoutMs: read.integer('DATABASE_CONNECT_TIMEOUT_MS', 2000, 100, 60_000),
      queryTimeoutMs: read.integer('DATABASE_QUERY_TIMEOUT_MS', 3000, 100, 600_000),
      keepAliveMs: read.integer('DATABASE_KEEPALIVE_MS', 10_000, 0, 3_600_000),
      probeIntervalMs: read.integer('DATABASE_PROBE_INTERVAL_MS', 1000, 50, 60_000),
      // Under load a request waits for a connection rather than being refused (docs/operations.md#connection-pools).
      poolSize: read.integer('DATABASE_POOL_SIZE', 10, 1, 1000),
      workerPoolSize: read.integer('DATABASE_WORKER_POOL_SIZE', 3, 1, 100),
      queueMs: read.integer('DATABASE_QUEUE_MS', 30_000, 100, 600_000),
      queueMax: read.integer('DATABASE_QUEUE_MAX', 2000, 0, 1_000_000),
      pooler: read.oneOf<DatabasePooler>('DATABASE_POOLER', DATABASE_POOLERS, 'none'),
      directUrl: directUrl(read),
    },
  };
  if (
    config.database.pooler === 'transaction' &&
    config.events.transport === 'postgres' &&
    config.database.directUrl === null
  ) {
    read.problems.push(
      'DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL (the LISTEN connection needs a session of its own), or ' +
        'EVENTS_URL naming a broker',
    );
  }
  if (
    config.databaseUrl === null &&
    (config.database.directUrl !== null || config.database.pooler !== 'none')
  ) {
    read.problems.push(
      'DATABASE_DIRECT_URL and DATABASE_POOLER need DATABASE_URL (the embedded Postgres has no pooler)',
    );
  }
  if (config.http.headersTimeoutMs > config.http.requestTimeoutMs) {
    read.problems.push(
      'HTTP_HEADERS_TIMEOUT_MS must not be more than HTTP_REQUEST_TIMEOUT_MS (headers come first)',
    );
  }
  if (production && config.workers.clock === 'manual') {
    read.problems.push('CLOCK=manual is for tests: it cannot be used with NODE_ENV=production');
  }
  if (read.problems.length > 0) throw new ConfigError(read.problems);
  return config;
}

/** An origin as a browser sends it (`https://host[:port]`), or null when `text` is not exactly one. */
function originOf(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // Exactly the origin: no path, query or credentials (a trailing slash and upper-case letters are forgiven).
  return url.origin === text.replace(/\/$/, '').toLowerCase() ? url.origin : null;
}

/** Whether proxy-addr (the library Fastify's trustProxy uses) reads `item` as an address, a range or a name. */
function isProxyAddress(item: string): boolean {
  try {
    proxyAddr.compile(item);
    return true;
  } catch {
    return false;
  }
}
