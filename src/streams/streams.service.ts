/**
 * The NDJSON streams (docs/api/subscriptions-and-streams.md#streams): `myEvents` and `gameUpdated` for
 * clients that speak plain HTTP, one JSON value a line. Each stream *is* the subscription: it is executed
 * against the app's own schema with the caller's viewer, so the redaction (what the caller may see), the
 * scopes, the anonymous watcher bound and the catch-up after a lost LISTEN connection are the subscription's
 * own. What the stream adds:
 *
 * - the gate first, as for any request (src/auth/access-gate.ts): the token, the rate limit (a stream is one
 *   operation) and the open-connection bounds graphql-ws has (per address, per player), held while it is open;
 * - the events stream opens with where the player's running games stand (their latest event each), since a bot
 *   that connects needs to know which games wait for it — or, resumed with `?after=<event id>`, with the events
 *   stored since that one (`myEvents(after:)`); the game stream opens with the game, as `gameUpdated`;
 * - a keep-alive line (an empty one) every `STREAM_KEEPALIVE_MS`, so proxies keep the connection and the client
 *   notices a dead one;
 * - the stream ends when the client hangs up, when its token stops working (revoked, logged out, expired: the
 *   same check as an open WebSocket's, src/auth/open-sockets.ts; a last line says why), when the server shuts
 *   down, when a game stream's game is over, and when a client reads too slowly to keep up.
 */
import { AppMetrics } from '../metrics/app-metrics';
import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ExecutionResult, GraphQLSchema, execute, subscribe } from 'graphql';
import { PassThrough } from 'node:stream';
import { AccessGate, Release, withStatus } from '../auth/access-gate';
import { OpenSockets } from '../auth/open-sockets';
import type { RequestContext, Viewer } from '../auth/viewer';
import { RUNTIME_CONFIG, type RuntimeConfig } from '../common/app-config.token';
import { ApiError } from '../errors/api-error';
import { WorkMeter } from '../graphql/work-meter';
import { PlayerEventsService } from '../notifications/player-events.service';
import { StreamDocuments, streamDocuments } from './stream-documents';

/** The subscription field each stream's lines are. */
const FIELDS = { events: 'myEvents', game: 'gameUpdated', chat: 'chatMessages' } as const satisfies Record<
  StreamKind,
  string
>;

export const NDJSON_TYPE = 'application/x-ndjson; charset=utf-8';
/** A client whose unread lines pass this many bytes is cut off: it would hold the server's memory. */
const MAX_UNREAD_BYTES = 4 * 1024 * 1024;

export type StreamKind = 'events' | 'game' | 'chat';

/** What a stream line is: the GraphQL object under its field names (null-prototype objects from graphql-js). */
type Line = Readonly<Record<string, unknown>>;

/** The last line of a stream whose token stopped working. */
interface ErrorLine {
  readonly error: { readonly code: string; readonly message: string };
}

@Injectable()
export class StreamsService implements OnModuleDestroy {
  private readonly logger = new Logger(StreamsService.name);
  private documents: StreamDocuments | null = null;
  /** Every open stream: its end, and when its response is closed. For the shutdown. */
  private readonly open = new Map<() => void, Promise<void>>();

  constructor(
    private readonly modules: ModuleRef,
    private readonly gate: AccessGate,
    private readonly sockets: OpenSockets,
    private readonly events: PlayerEventsService,
    @Inject(RUNTIME_CONFIG) private readonly config: RuntimeConfig,
    metrics: AppMetrics,
  ) {
    metrics.countStreamsWith(() => this.open.size);
  }

  /** How many streams are open on this copy (for tests and diagnostics). */
  get size(): number {
    return this.open.size;
  }

  onModuleDestroy(): Promise<void> {
    return this.endAll();
  }

  /**
   * Ends every stream, and waits (a little) for the last bytes to leave before the server closes the sockets. Run
   * by the shutdown while Apollo drains the HTTP server (it waits for open responses: src/app.module.ts), and
   * again when this module is destroyed.
   */
  async endAll(): Promise<void> {
    const closed = [...this.open].map(([end, closed]) => {
      end();
      return closed;
    });
    await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  }

  /**
   * Admits the request and starts the stream on `reply`, or throws the refusal (an ApiError, answered as an HTTP
   * error by the controller) before anything is sent.
   */
  async start(
    kind: StreamKind,
    request: FastifyRequest,
    reply: FastifyReply,
    gameId?: string,
  ): Promise<void> {
    const address = this.gate.addressOf(request.raw);
    const authorization = request.headers.authorization;
    const viewer = await this.gate.authenticate(authorization, address);
    const counted = this.gate.admit(viewer, address, { variables: request.query });
    // Where the allowance stands goes back with the stream's head, as with any counted answer.
    reply.headers(this.gate.headersOf(counted));
    const releases: Release[] = [];
    const releaseAll = (): void => {
      for (const release of releases.splice(0)) release();
    };
    try {
      releases.push(tooMany(() => this.gate.openSocket(address)));
      releases.push(tooMany(() => this.gate.openPlayerSocket(viewer)));
      const context = (): RequestContext => ({
        viewer,
        address,
        work: new WorkMeter(this.config.graphql.maxWork),
        // Every event of the stream runs under the stream's own request (its one line, when it ends).
        requestId: request.id,
      });
      const documents = this.streamDocuments();
      const subscribed = await subscribe({
        schema: this.schema(),
        document: documents[kind === 'events' ? 'events' : kind],
        variableValues: kind === 'events' ? { after: afterOf(request.query) } : { gameId },
        contextValue: context(),
      });
      if (!(Symbol.asyncIterator in subscribed)) throw refusalOf(subscribed);
      const pushes = subscribed;
      releases.push(() => void pushes.return?.());
      // Resuming after an event, the stored events since then are the opening; from now on, each running game's latest.
      const opening =
        kind === 'events' && afterOf(request.query) === null ? await this.runningGames(viewer, context) : [];
      this.serve(kind, reply, viewer, authorization, opening, pushes, releaseAll);
    } catch (error) {
      releaseAll();
      throw error;
    }
  }

  /** The events stream's opening lines: the latest event of each running game, with the game as it is now. */
  private async runningGames(viewer: Viewer, context: () => RequestContext): Promise<Line[]> {
    const lines: Line[] = [];
    for (const event of await this.events.running(viewer.player!.id)) {
      const result = await execute({
        schema: this.schema(),
        document: this.streamDocuments().gameNow,
        variableValues: { id: event.gameId },
        contextValue: context(),
      });
      if (result.errors !== undefined) throw refusalOf(result);
      const game = (result.data as { game: Line | null } | null)?.game ?? null;
      lines.push({ ...event, createdAt: event.createdAt.toISOString(), game });
    }
    return lines;
  }

  private serve(
    kind: StreamKind,
    reply: FastifyReply,
    viewer: Viewer,
    authorization: unknown,
    opening: readonly Line[],
    pushes: AsyncGenerator<ExecutionResult>,
    releaseAll: () => void,
  ): void {
    const out = new PassThrough();
    let ended = false;
    const keepAlive = setInterval(() => write('\n'), this.config.streams.keepAliveMs);
    const end = (last?: ErrorLine): void => {
      if (ended) return;
      ended = true;
      clearInterval(keepAlive);
      this.open.delete(end);
      forget();
      releaseAll();
      if (last !== undefined) out.write(`${JSON.stringify(last)}\n`);
      out.end();
    };
    const write = (text: string): void => {
      if (ended) return;
      if (out.writableLength + out.readableLength + reply.raw.writableLength > MAX_UNREAD_BYTES) {
        end();
        return;
      }
      out.write(text);
    };
    // The token is held to account like an open WebSocket's: refused now (revoked, expired), the stream ends.
    const forget =
      viewer.player === null
        ? () => undefined
        : this.sockets.add({
            socket: {
              close: (_code, reason) => end({ error: { code: 'UNAUTHENTICATED', message: reason } }),
            },
            authorization,
            viewer,
          });
    this.open.set(end, new Promise((resolve) => reply.raw.once('close', resolve)));
    reply.raw.once('close', () => end());
    void reply
      .type(NDJSON_TYPE)
      .header('cache-control', 'no-store')
      // Proxies that buffer answers (nginx) pass this one on line by line.
      .header('x-accel-buffering', 'no')
      .send(out);

    // An event the opening lines already stand for (it committed while they were read) is not sent again.
    const shown = new Map(opening.map((line) => [line.gameId as string, BigInt(line.id as string)]));
    // A keep-alive line first: the response's head leaves with it, so the client knows the stream is open even
    // before anything happens (the chat stream opens with nothing else).
    write('\n');
    for (const line of opening) write(`${JSON.stringify(line)}\n`);
    const field = FIELDS[kind];
    void (async () => {
      try {
        for await (const result of pushes) {
          if (ended) break;
          const line = (result.data as Record<string, Line | null> | null | undefined)?.[field] ?? null;
          // A push that could not be built (the database failed meanwhile) is skipped: gameUpdated pushes the
          // game again once the database answers, and an event's game is fetched again with game(id).
          if (line === null) continue;
          if (kind === 'events' && isShown(shown, line)) continue;
          write(`${JSON.stringify(line)}\n`);
          if (kind === 'game' && (line.status === 'FINISHED' || line.status === 'ABORTED')) break;
        }
      } catch (error) {
        this.logger.error(`a ${kind} stream failed: ${String(error)}`);
      } finally {
        end();
      }
    })();
  }

  /** The app's schema, as served (GraphQLModule's own provider, known once the app is initialised). */
  private schema(): GraphQLSchema {
    return this.modules.get(GraphQLSchemaHost, { strict: false }).schema;
  }

  private streamDocuments(): StreamDocuments {
    this.documents ??= streamDocuments(this.schema());
    return this.documents;
  }
}

function isShown(shown: ReadonlyMap<string, bigint>, line: Line): boolean {
  const before = typeof line.gameId === 'string' ? shown.get(line.gameId) : undefined;
  return before !== undefined && BigInt(line.id as string) <= before;
}

/** A bound on open connections refuses with 429, as the WebSocket upgrade past it is answered. */
function tooMany(take: () => Release): Release {
  try {
    return take();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
      const retryAfter = String(error.extensions.retryAfter ?? 60);
      throw withStatus(error, 429, { 'Retry-After': retryAfter });
    }
    throw error;
  }
}

/** The events stream's `?after=<event id>` (checked by myEvents), or null. */
function afterOf(query: unknown): string | null {
  const after = (query as Record<string, unknown> | null)?.['after'];
  return typeof after === 'string' ? after : null;
}

/** The error a subscription or query was refused with (its resolver's ApiError), to answer over HTTP. */
function refusalOf(result: ExecutionResult): unknown {
  const first = result.errors?.[0];
  if (first === undefined) return new Error('the stream query answered nothing');
  return first.originalError ?? first;
}
