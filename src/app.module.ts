import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import {
  ExecutionResult,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLObjectType,
  GraphQLSchema,
} from 'graphql';
import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { AuthModule } from './auth/auth.module';
import { AuthService } from './auth/auth.service';
import { ANONYMOUS, RequestContext, Viewer } from './auth/viewer';
import { RUNTIME_CONFIG, RuntimeConfig } from './common/app-config.token';
import { Clock, ManualClock, SystemClock } from './clock/clock';
import { ApiError, formatApiError, formatSocketErrors, formatSocketResultErrors } from './errors/api-error';
import { ApiErrorFilter } from './errors/api-error.filter';
import { DatabaseAvailability, asUnavailable } from './db/availability';
import { GamesModule } from './games/games.module';
import { apiValidationRules, validateWithLimits } from './graphql/limits';
import { NUL_MESSAGE, hasNul } from './graphql/nul';
import { HealthController } from './health/health.controller';
import { PlayersModule } from './players/players.module';
import { PrismaModule } from './prisma/prisma.module';
import { CorrespondenceModule } from './correspondence/correspondence.module';
import { EventsModule, PlayerEventsModule } from './events/events.module';
import { RatingsModule } from './ratings/ratings.module';
import { ExportModule } from './export/export.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { BotsModule } from './bots/bots.module';
import { ExplorerController } from './http/explorer.controller';
import { GateRequest, RequestGate } from './http/request-gate';
import { SendingSocket, coalesceSends } from './http/coalesced-sends';
import { GraphQLFastPath } from './http/graphql-fast-path';
import type { Socket } from 'node:net';

/** A graphql-ws connection: the viewer onConnect found, and the HTTP upgrade request. */
interface SocketContext {
  readonly extra: { viewer?: Viewer; request?: { socket: { remoteAddress?: string } } };
}

/** The HTTP request (or graphql-ws connection) a GraphQL context is built from. */
interface ContextSource {
  req?: { headers: Record<string, string | string[] | undefined>; viewer?: Viewer };
  connectionParams?: Readonly<Record<string, unknown>>;
  extra?: { viewer?: Viewer };
}

type ApolloPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

/** The WebSocket close code "Try Again Later" (a registered close code): a new connection while the database is down. */
const TRY_AGAIN_LATER = 1013;

@Module({})
export class AppModule {
  static forRoot(config: RuntimeConfig, fastPath: GraphQLFastPath): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        PrismaModule,
        EventsModule,
        AuthModule,
        PlayersModule,
        GamesModule,
        RatingsModule,
        PlayerEventsModule,
        CorrespondenceModule.forRoot(config.workers.clock === 'manual'),
        ExportModule,
        WebhooksModule,
        BotsModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule],
          inject: [AuthService, DatabaseAvailability],
          useFactory: (auth: AuthService, availability: DatabaseAvailability): ApolloDriverConfig => {
            const gate = new RequestGate(auth, config.rateLimit);
            const httpContext = async (request: GateRequest): Promise<RequestContext> => {
              // Availability hook (src/db/availability.ts): refused at once (503) while the database is down; a
              // database failure while the token is looked up is UNAVAILABLE (503) too.
              const unavailable = availability.refusal();
              if (unavailable !== null) throw unavailable;
              try {
                return { viewer: await gate.admit(request) };
              } catch (error) {
                throw asUnavailable(error) ?? error;
              }
            };
            const formatError = (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError =>
              formatApiError(formatted, error, logInternal);
            const validate = validateWithLimits(config.graphql, config.graphql.introspection);
            fastPath.useRules({ context: httpContext, validate, formatError });
            return {
              autoSchemaFile: true,
              sortSchema: true,
              path: '/graphql',
              playground: false,
              graphiql: false,
              introspection: config.graphql.introspection,
              includeStacktraceInErrorResponses: false,
              // Answers depend on who asks (hands, legal moves), so no HTTP cache may keep them; and the cache-control
              // plugin, on by default, wraps every field resolver to collect hints nobody uses. (The cast: Nest's
              // types name Apollo's ESM build, ours its CommonJS one; the plugin is a plain marker object.)
              plugins: [ApolloServerPluginCacheControlDisabled() as unknown as ApolloPlugin],
              // The same set validateWithLimits applies where Apollo does not validate (graphql-ws, the fast path).
              validationRules: apiValidationRules(config.graphql),
              formatError,
              context: async (source: ContextSource): Promise<RequestContext> => {
                if (source.extra !== undefined) return { viewer: source.extra.viewer ?? ANONYMOUS };
                // Apollo's Fastify integration hands the context function the Fastify request itself.
                return httpContext(source.req ?? (source as GateRequest));
              },
              subscriptions: {
                'graphql-ws': {
                  // The token travels in the connection_init payload: { "authorization": "Bearer …" }.
                  onConnect: async (ctx) => {
                    const { socket, request } = ctx.extra as unknown as {
                      socket: SendingSocket & { close(code: number, reason: string): void };
                      request: { socket: Socket };
                    };
                    coalesceSends(socket, request.socket);
                    try {
                      // Availability hook: no token can be checked while the database is down.
                      const unavailable = availability.refusal();
                      if (unavailable !== null) throw unavailable;
                      (ctx.extra as { viewer?: Viewer }).viewer = await auth.authenticate(
                        ctx.connectionParams?.authorization,
                      );
                      return true;
                    } catch (error) {
                      const unavailable = asUnavailable(error);
                      // 1013 "try again later": graphql-ws clients retry it (4403 would read as a refused token).
                      if (unavailable !== null) socket.close(TRY_AGAIN_LATER, unavailable.message);
                      return error instanceof ApiError || unavailable !== null
                        ? false
                        : Promise.reject(error);
                    }
                  },
                  // Not in Nest's narrowed type, but passed through to graphql-ws's useServer.
                  ...({
                    validate,
                    onSubscribe: (ctx: SocketContext, _id: unknown, payload: { variables?: unknown }) => {
                      if (hasNul(payload.variables)) return [new ApiError('BAD_USER_INPUT', NUL_MESSAGE)];
                      // Availability hook: refused at once while the database is down.
                      const unavailable = availability.refusal();
                      if (unavailable !== null) return [unavailable];
                      const viewer = ctx.extra.viewer ?? ANONYMOUS;
                      const refusal = gate.refusalOnSocket(viewer, ctx.extra.request?.socket.remoteAddress);
                      return refusal === null ? undefined : [refusal];
                    },
                    // Errors over the socket get the same shape (codes, no internals) as over HTTP.
                    onError: (
                      _ctx: unknown,
                      _id: unknown,
                      _payload: unknown,
                      errors: readonly GraphQLError[],
                    ) => formatSocketErrors(errors, logInternal),
                    onNext: (
                      _ctx: unknown,
                      _id: unknown,
                      _payload: unknown,
                      _args: unknown,
                      result: ExecutionResult,
                    ) =>
                      result.errors === undefined
                        ? result
                        : { ...result, errors: formatSocketResultErrors(result, logInternal) },
                  } as object),
                },
              },
              transformSchema: describeRootTypes,
            };
          },
        }),
      ],
      controllers: [HealthController, ...(config.graphql.explorer ? [ExplorerController] : [])],
      providers: [
        { provide: RUNTIME_CONFIG, useValue: config },
        {
          provide: Clock,
          useValue: config.workers.clock === 'manual' ? new ManualClock() : new SystemClock(),
        },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
      ],
      exports: [RUNTIME_CONFIG, Clock],
    };
  }
}

const ROOT_DESCRIPTIONS = {
  Query: 'Reading: players, games, views, legal moves, history and fairness checks.',
  Mutation: 'Acting: accounts and tokens, creating and joining games, moves, resignations.',
  Subscription: 'Pushes over graphql-ws (token in the connection_init payload as { authorization }).',
} as const;

/** Code-first resolvers cannot describe the root types themselves; every type of our schema has a description. */
function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  const config = schema.toConfig();
  const describe = (type: GraphQLObjectType | null | undefined): GraphQLObjectType | undefined =>
    type
      ? new GraphQLObjectType({
          ...type.toConfig(),
          description: ROOT_DESCRIPTIONS[type.name as keyof typeof ROOT_DESCRIPTIONS],
        })
      : undefined;
  const query = describe(config.query);
  const mutation = describe(config.mutation);
  const subscription = describe(config.subscription);
  const roots = new Set(['Query', 'Mutation', 'Subscription']);
  return new GraphQLSchema({
    ...config,
    query,
    mutation,
    subscription,
    types: config.types.filter((type) => !roots.has(type.name)),
  });
}

function logInternal(error: unknown): void {
  console.error('internal error:', error);
}
