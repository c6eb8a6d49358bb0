import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginInlineTraceDisabled,
} from '@apollo/server/plugin/disabled';
import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { GraphQLObjectType, GraphQLSchema } from 'graphql';
import type { Server } from 'node:http';
import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, HttpAdapterHost } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { AccountsModule } from './accounts/accounts.module';
import { AuthModule } from './auth/auth.module';
import { AccessGate } from './auth/access-gate';
import { OpenSockets } from './auth/open-sockets';
import { RUNTIME_CONFIG, RuntimeConfig } from './common/app-config.token';
import { Clock, ManualClock, SystemClock } from './clock/clock';
import { errorShaper } from './errors/api-error';
import { ApiErrorFilter } from './errors/api-error.filter';
import { DateTimeScalar } from './graphql/date-time.scalar';
import { GamesModule } from './games/games.module';
import { BoundedParser } from './graphql/document-bounds';
import { VALIDATION_OPTIONS, apiValidationRules } from './graphql/limits';
import { graphqlWsOptions, httpContext, httpAnswers } from './graphql/transports';
import { graphqlWsServer } from './graphql/ws-server';
import { meterDatabaseWork } from './graphql/work-meter';
import { HealthController } from './health/health.controller';
import { PlayersModule } from './players/players.module';
import { PrismaModule } from './prisma/prisma.module';
import { EventsModule } from './events/events.module';
import { CorrespondenceModule } from './correspondence/correspondence.module';
import { NotificationsModule, PlayerEventsModule } from './notifications/notifications.module';
import { RatingsModule } from './ratings/ratings.module';
import { ExportModule } from './export/export.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { PushModule } from './push/push.module';
import { MailModule } from './mail/mail.module';
import { VacationsModule } from './vacations/vacations.module';
import { SocialModule } from './social/social.module';
import { ChatModule } from './chat/chat.module';
import { TournamentsModule } from './tournaments/tournaments.module';
import { OAuthModule } from './oauth/oauth.module';
import { RetentionModule } from './retention/retention.module';
import { ArchiveModule } from './archive/archive.module';
import { BotsModule } from './bots/bots.module';
import { StreamsModule } from './streams/streams.module';
import { StreamsService } from './streams/streams.service';
import { SchemaController } from './http/schema.controller';
import { ExplorerController } from './http/explorer.controller';
import { AppMetrics } from './metrics/app-metrics';
import { httpOperations, wsOperations } from './metrics/graphql-metrics';
import { RequestLog } from './logging/request-log';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsModule } from './metrics/metrics.module';
import { ModerationModule } from './moderation/moderation.module';

type ApolloPlugin = NonNullable<ApolloDriverConfig['plugins']>[number];

@Module({})
export class AppModule {
  /** `extraModules`: what only a test build adds (src/testing/test-controls.module.ts). */
  static forRoot(
    config: RuntimeConfig,
    requestLog: RequestLog,
    extraModules: readonly Type[] = [],
  ): DynamicModule {
    return {
      module: AppModule,
      global: true,
      imports: [
        PrismaModule,
        EventsModule,
        MetricsModule,
        NotificationsModule,
        AuthModule,
        PlayersModule,
        GamesModule,
        RatingsModule,
        PlayerEventsModule,
        VacationsModule,
        SocialModule,
        ChatModule,
        TournamentsModule,
        OAuthModule,
        CorrespondenceModule,
        ExportModule,
        AccountsModule,
        ModerationModule,
        WebhooksModule,
        PushModule,
        MailModule,
        RetentionModule,
        ArchiveModule,
        BotsModule,
        StreamsModule,
        ...extraModules,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule, StreamsModule, MetricsModule],
          inject: [AccessGate, OpenSockets, StreamsService, AppMetrics, HttpAdapterHost],
          useFactory: (
            gate: AccessGate,
            sockets: OpenSockets,
            streams: StreamsService,
            metrics: AppMetrics,
            adapterHost: HttpAdapterHost,
          ): ApolloDriverConfig => {
            const { introspection } = config.graphql;
            const logInternalError = (error: unknown): void =>
              requestLog.logger.error({ err: error }, 'internal error');
            const shape = errorShaper({ revealSchema: introspection, log: logInternalError });
            // One parser for both ways in: every document is held to the same bounds before it is validated.
            const documents = new BoundedParser(config.graphql);
            return {
              autoSchemaFile: true,
              sortSchema: true,
              path: '/graphql',
              playground: false,
              graphiql: false,
              // Open here so that our validation rules alone decide (apiValidationRules refuses introspection when
              // it is switched off, on HTTP and graphql-ws alike).
              introspection: true,
              includeStacktraceInErrorResponses: false,
              // An error raised while the operation ran may ask for its status (`extensions.http`): UNAVAILABLE is 503
              // and a throttled sign-in 429 whether the refusal came before execution or during it. (Nest's default
              // resets every executed operation to 200.)
              preserveHttpStatusForExecutionErrors: false,
              // Answers depend on who asks (hands, legal moves), so no HTTP cache may keep them; and the cache-control
              // plugin, on by default, wraps every field resolver to collect hints nobody uses. (The cast: Nest's
              // types name Apollo's ESM build, ours its CommonJS one; the plugin is a plain marker object.) Inline
              // traces are for federated subgraphs, which this schema is not: without the marker Apollo installs
              // their plugin anyway, and every request pays its start.
              plugins: [
                ApolloServerPluginCacheControlDisabled() as unknown as ApolloPlugin,
                ApolloServerPluginInlineTraceDisabled() as unknown as ApolloPlugin,
                endStreamsOnDrain(streams),
                httpOperations(metrics, requestLog) as unknown as ApolloPlugin,
                httpAnswers() as unknown as ApolloPlugin,
                // graphql-ws on /graphql, served by us rather than through Nest's `subscriptions` option, which
                // passes no options to `ws` (its messages would be unbounded: src/graphql/ws-server.ts).
                graphqlWsServer({
                  httpServer: () => adapterHost.httpAdapter.getHttpServer() as Server,
                  path: '/graphql',
                  maxPayload: config.graphql.maxBodyBytes,
                  logInternalError,
                  protocol: graphqlWsOptions(gate, sockets, config.graphql, documents, shape, {
                    ...wsOperations(metrics, requestLog, shape, (text) => documents.parse(text)),
                    socketOpened: (connectionId, viewerId) => {
                      const closedForMetrics = metrics.socketOpened();
                      requestLog.socket('opened', connectionId, viewerId);
                      return (code?: number) => {
                        closedForMetrics();
                        requestLog.socket('closed', connectionId, viewerId, code);
                      };
                    },
                  }),
                }) as unknown as ApolloPlugin,
              ],
              validationRules: apiValidationRules(config.graphql, introspection),
              validationOptions: VALIDATION_OPTIONS,
              // The parser's own bound, behind the same count made before (src/graphql/document-bounds.ts).
              parseOptions: { maxTokens: config.graphql.maxTokens },
              formatError: (_formatted, error) => shape(error),
              context: httpContext(gate, config.graphql, documents),
              transformSchema: (schema) => meterDatabaseWork(describeRootTypes(schema)),
            };
          },
        }),
      ],
      controllers: [
        HealthController,
        ...(config.graphql.explorer ? [ExplorerController] : []),
        ...(config.graphql.introspection ? [SchemaController] : []),
        // Absent (404) unless a token is set: docs/operations.md#metrics.
        ...(config.metricsToken !== null ? [MetricsController] : []),
      ],
      providers: [
        { provide: RUNTIME_CONFIG, useValue: config },
        { provide: RequestLog, useValue: requestLog },
        {
          provide: Clock,
          useValue: config.workers.clock === 'manual' ? new ManualClock() : new SystemClock(),
        },
        { provide: APP_FILTER, useClass: ApiErrorFilter },
        // The whole schema's DateTime: strict ISO 8601 (src/common/iso-time.ts), as the REST downloads read it.
        DateTimeScalar,
      ],
      exports: [RUNTIME_CONFIG, Clock, RequestLog],
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

/**
 * On shutdown Apollo drains the HTTP server first (Nest's driver adds its drain plugin: up to 10 s for open
 * responses to finish), before any other module is destroyed: the NDJSON streams, which never finish by
 * themselves, are ended then.
 */
function endStreamsOnDrain(streams: StreamsService): ApolloPlugin {
  return { serverWillStart: async () => ({ drainServer: () => streams.endAll() }) } as ApolloPlugin;
}
