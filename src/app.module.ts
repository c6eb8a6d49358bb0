import { ApolloDriver, ApolloDriverConfig } from '@nestjs/apollo';
import { DynamicModule, Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import { AuthModule } from './auth/auth.module';
import { AuthService } from './auth/auth.service';
import { ANONYMOUS, RequestContext, Viewer } from './auth/viewer';
import { RUNTIME_CONFIG, RuntimeConfig } from './common/app-config.token';
import { ApiError, formatApiError } from './errors/api-error';
import { GamesModule } from './games/games.module';
import { queryLimitRule, validateWithLimits } from './graphql/limits';
import { HealthController } from './health/health.controller';
import { PlayersModule } from './players/players.module';
import { PrismaModule } from './prisma/prisma.module';
import { ExplorerController } from './http/explorer.controller';

/** The HTTP request (or graphql-ws connection) a GraphQL context is built from. */
interface ContextSource {
  req?: { headers: Record<string, string | string[] | undefined>; viewer?: Viewer };
  connectionParams?: Readonly<Record<string, unknown>>;
  extra?: { viewer?: Viewer };
}

@Module({})
export class AppModule {
  static forRoot(config: RuntimeConfig): DynamicModule {
    const limits = queryLimitRule(config.graphql);
    return {
      module: AppModule,
      global: true,
      imports: [
        PrismaModule,
        AuthModule,
        PlayersModule,
        GamesModule,
        GraphQLModule.forRootAsync<ApolloDriverConfig>({
          driver: ApolloDriver,
          imports: [AuthModule],
          inject: [AuthService],
          useFactory: (auth: AuthService): ApolloDriverConfig => ({
            autoSchemaFile: true,
            sortSchema: true,
            path: '/graphql',
            playground: false,
            graphiql: false,
            introspection: config.graphql.introspection,
            includeStacktraceInErrorResponses: false,
            validationRules: [limits],
            formatError: (formatted, error) => formatApiError(formatted, error, logInternal),
            context: async (source: ContextSource): Promise<RequestContext> => {
              if (source.extra !== undefined) return { viewer: source.extra.viewer ?? ANONYMOUS };
              return { viewer: await auth.authenticate(source.req?.headers.authorization) };
            },
            subscriptions: {
              'graphql-ws': {
                // The token travels in the connection_init payload: { "authorization": "Bearer …" }.
                onConnect: async (ctx) => {
                  try {
                    (ctx.extra as { viewer?: Viewer }).viewer = await auth.authenticate(
                      ctx.connectionParams?.authorization,
                    );
                    return true;
                  } catch (error) {
                    return error instanceof ApiError ? false : Promise.reject(error);
                  }
                },
                // Not in Nest's narrowed type, but passed through to graphql-ws's useServer.
                ...({ validate: validateWithLimits(config.graphql) } as object),
              },
            },
          }),
        }),
      ],
      controllers: [HealthController, ...(config.graphql.explorer ? [ExplorerController] : [])],
      providers: [{ provide: RUNTIME_CONFIG, useValue: config }],
      exports: [RUNTIME_CONFIG],
    };
  }
}

function logInternal(error: unknown): void {
  console.error('internal error:', error);
}
