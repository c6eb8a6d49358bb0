/**
 * GraphQL operations counted and logged where each one is already answered: over HTTP by an Apollo plugin (every
 * request Apollo answers, refusals before execution included), over graphql-ws by the server's own hooks
 * (src/graphql/transports.ts calls `wsOperations`). Both label alike (src/metrics/operation-labels.ts), and the
 * log line (src/logging/request-log.ts) carries the same labels and code as the count.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import type { DocumentNode, GraphQLFormattedError } from 'graphql';
import type { RequestContext } from '../auth/viewer';
import type { WsOperations } from '../graphql/transports';
import type { OperationLabels, RequestLog } from '../logging/request-log';
import { getOperationAST } from 'graphql';
import { AppMetrics } from './app-metrics';
import { operationLabels, operationLabelsOfText, resultCode, shapedCode } from './operation-labels';

const OTHER_OPERATION: OperationLabels = { fields: ['other'], type: 'other' };

function secondsSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** The Apollo plugin: one count per HTTP operation, when its answer is sent. */
export function httpOperations(metrics: AppMetrics, log: RequestLog): ApolloServerPlugin<RequestContext> {
  return {
    // The schema as served, for the graphql-ws hooks that must label a document before it is executed.
    serverWillStart: async ({ schema }) => {
      metrics.schema = schema;
    },
    // Refused by the context function (the access gate: a bad token, the rate limit): no document was looked at.
    contextCreationDidFail: async ({ error }) => {
      metrics.operation(OTHER_OPERATION, resultCode([errorLike(error)]), 'http', 0);
    },
    requestDidStart: async () => {
      const start = process.hrtime.bigint();
      return {
        willSendResponse: async ({ schema, document, request, response, contextValue, operationName }) => {
          const body = response.body;
          const errors = body.kind === 'single' ? body.singleResult.errors : body.initialResult.errors;
          const labels = operationLabels(schema, document, request.operationName);
          const code = resultCode(errors);
          metrics.operation(labels, code, 'http', secondsSince(start));
          log.graphqlOverHttp(contextValue.requestId, {
            labels,
            // The operation's own name as the document gives it (Apollo resolved it), else what the client sent.
            operationName: operationName ?? request.operationName,
            code,
            viewerId: contextValue.viewer.player?.id ?? null,
          });
        },
      };
    },
  };
}

function errorLike(error: unknown): { extensions?: unknown } {
  return typeof error === 'object' && error !== null && 'extensions' in error
    ? { extensions: (error as { extensions: unknown }).extensions }
    : {};
}

interface WsOperation {
  readonly start: bigint;
  counted: boolean;
  end?: () => void;
}

/**
 * graphql-ws's hooks for counting: `started` from onSubscribe, `executed` from onOperation (the result, or a
 * subscription's stream, which counts as live until onComplete), `refused` from onError (an error before
 * execution: a refusal, a syntax or validation error; a failure of a running subscription was counted already).
 */
export function wsOperations(
  metrics: AppMetrics,
  log: RequestLog,
  shape: (error: unknown) => GraphQLFormattedError,
  parseText?: (text: string) => DocumentNode,
): WsOperations {
  const running = new WeakMap<object, Map<string, WsOperation>>();
  const of = (socket: object): Map<string, WsOperation> => {
    let operations = running.get(socket);
    if (operations === undefined) running.set(socket, (operations = new Map()));
    return operations;
  };
  return {
    // Parameter types come from WsOperations (src/graphql/transports.ts): written once there.
    started(socket, id) {
      of(socket).set(id, { start: process.hrtime.bigint(), counted: false });
    },
    executed(socket, id, args, result) {
      const operation = of(socket).get(id);
      if (operation === undefined || operation.counted) return;
      operation.counted = true;
      const stream = Symbol.asyncIterator in result;
      const code = stream ? 'OK' : shapedCode(result.errors, shape);
      if (stream) operation.end = metrics.subscriptionStarted();
      const labels = operationLabels(args.schema, args.document, args.operationName);
      const seconds = secondsSince(operation.start);
      metrics.operation(labels, code, 'ws', seconds);
      const context = args.contextValue as RequestContext;
      const operationName = getOperationAST(args.document, args.operationName ?? undefined)?.name?.value;
      log.overSocket(
        context.requestId,
        { labels, operationName, code, viewerId: context.viewer.player?.id ?? null },
        seconds * 1000,
      );
    },
    refused(socket, id, payload, errors, who) {
      const operations = of(socket);
      const operation = operations.get(id);
      if (operation?.counted === true) return;
      // Refused before execution: graphql-ws calls no onComplete for it, so it is forgotten here.
      operations.delete(id);
      const schema = metrics.schema;
      const labels =
        schema === null
          ? OTHER_OPERATION
          : operationLabelsOfText(schema, payload.query, payload.operationName, parseText);
      const seconds = operation === undefined ? 0 : secondsSince(operation.start);
      const code = shapedCode(errors, shape);
      metrics.operation(labels, code, 'ws', seconds);
      const operationName = typeof payload.operationName === 'string' ? payload.operationName : null;
      log.overSocket(who.requestId, { labels, operationName, code, viewerId: who.viewerId }, seconds * 1000);
    },
    completed(socket, id) {
      const operations = of(socket);
      operations.get(id)?.end?.();
      operations.delete(id);
    },
  };
}
