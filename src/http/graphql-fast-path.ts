/**
 * The common GraphQL request — a POST of a JSON body to /graphql — served straight from Node's HTTP server, past
 * Fastify's and Nest's per-request layers (routing, hooks, body parser, Nest's adapter and middleware runner) and,
 * for the plain successful case, past Apollo's request pipeline too. Together those cost more server CPU per move
 * than executing the operation (docs/performance.md). What they add for this route is done here: the body limit,
 * the JSON check, the NUL refusal, the same GraphQL-shaped refusals.
 *
 * Two tiers, one answer:
 * - **Executed here**: a body of `query` (and optionally `variables`, `operationName`) whose document parses and
 *   validates — with the very rules Apollo applies (limits, NUL, introspection switch) — naming a query or a
 *   mutation, for a client that accepts `application/json`. It runs on the same schema with the same context
 *   function (authentication, rate limit), and errors are formatted by the same function, the way Apollo does:
 *   status 200 (or what an error asks for in `extensions.http`), `{"errors":…,"data":…}` and a newline.
 * - **Handed to Apollo** (its executeHTTPGraphQLRequest, without Fastify): everything else that reached this path
 *   — documents that do not parse or validate, persisted queries and other extensions, subscriptions, other
 *   `Accept` headers, a refused token or rate limit (the error already met is handed over, so nothing counts
 *   twice), variables that do not fit — so every unusual answer is Apollo's own.
 *
 * Any other request — another path or method, a body that is not JSON or has no Content-Length, one over the
 * limit, a WebSocket upgrade — goes to Fastify as before. test/service/http-paths.e2e.test.ts holds the three
 * ways to the same answers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import {
  DocumentNode,
  GraphQLError,
  GraphQLFormattedError,
  GraphQLSchema,
  OperationTypeNode,
  execute,
  getOperationAST,
  parse,
} from 'graphql';
import type { RequestContext } from '../auth/viewer';
import { executionErrorShape, type ApiErrorCode } from '../errors/api-error';
import { NUL_MESSAGE, hasNul } from '../graphql/nul';
import { NOT_JSON_MESSAGE, graphQLErrorBody } from './graphql-error-response';
import type { GateRequest } from './request-gate';

/** What this path needs of the Apollo server. */
export interface HttpGraphQLExecutor {
  executeHTTPGraphQLRequest(request: {
    httpGraphQLRequest: HTTPGraphQLRequest;
    context: () => Promise<RequestContext>;
  }): Promise<HTTPGraphQLResponse>;
}

/** Builds the GraphQL context of an HTTP request (the same function Apollo's Fastify route uses). */
export type HttpContextFunction = (request: GateRequest) => Promise<RequestContext>;

/** What Apollo is configured with (src/app.module.ts), so that this path answers as Apollo would. */
export interface GraphQLRules {
  readonly context: HttpContextFunction;
  /** Apollo's validation: graphql-js's rules plus ours (src/graphql/limits.ts validateWithLimits). */
  readonly validate: (schema: GraphQLSchema, document: DocumentNode) => readonly GraphQLError[];
  /** Apollo's formatError. */
  readonly formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError;
}

/** A body this path executes itself. */
interface PlainRequest {
  readonly query: string;
  readonly variables: Record<string, unknown> | undefined;
  readonly operationName: string | undefined;
}

/** Documents kept parsed and validated, by text (a client sends the same few again and again). */
const DOCUMENTS_KEPT = 1000;

export class GraphQLFastPath {
  private apollo: HttpGraphQLExecutor | null = null;
  private schema: GraphQLSchema | null = null;
  private rules: GraphQLRules | null = null;
  /** Parsed documents that passed validation, by text; null for texts that did not (Apollo answers those). */
  private readonly documents = new Map<string, DocumentNode | null>();

  constructor(
    private readonly path: string,
    private readonly maxBodyBytes: number,
  ) {}

  /** The rules Apollo is configured with. */
  useRules(rules: GraphQLRules): void {
    this.rules = rules;
  }

  /** Starts taking requests, once Apollo has started, with the schema it serves. */
  attach(apollo: HttpGraphQLExecutor, schema: GraphQLSchema): void {
    this.apollo = apollo;
    this.schema = schema;
  }

  /** Answers the request if it is one this path takes (true); false leaves it, untouched, to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const apollo = this.apollo;
    const schema = this.schema;
    const rules = this.rules;
    if (apollo === null || schema === null || rules === null) return false;
    if (request.method !== 'POST' || request.url !== this.path) return false;
    if (!isJsonType(request.headers['content-type'])) return false;
    const length = Number(request.headers['content-length'] ?? NaN);
    if (!Number.isInteger(length) || length > this.maxBodyBytes) return false;
    void this.answer(apollo, schema, rules, request, response, length).catch((error: unknown) => {
      console.error('internal error:', error);
      if (!response.headersSent) refuse(response, 500, 'INTERNAL', 'Internal server error');
      else response.destroy();
    });
    return true;
  }

  private async answer(
    apollo: HttpGraphQLExecutor,
    schema: GraphQLSchema,
    rules: GraphQLRules,
    request: IncomingMessage,
    response: ServerResponse,
    length: number,
  ): Promise<void> {
    const text = await readBody(request, length);
    if (text === null) return; // the client went away, or sent more than it announced: nothing to answer
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      refuse(response, 400, 'BAD_USER_INPUT', NOT_JSON_MESSAGE);
      return;
    }
    if (hasNul((body as { variables?: unknown } | null)?.variables)) {
      refuse(response, 400, 'BAD_USER_INPUT', NUL_MESSAGE);
      return;
    }
    const plain = plainRequest(body);
    const document =
      plain === null || !acceptsJson(request.headers.accept) ? null : this.document(schema, rules, plain);
    if (plain === null || document === null) {
      await this.viaApollo(apollo, request, response, body, () => rules.context(request));
      return;
    }
    let contextValue: RequestContext;
    try {
      contextValue = await rules.context(request);
    } catch (refusal) {
      // A refused token or the rate limit: Apollo words it (status, headers) from the error already met.
      await this.viaApollo(apollo, request, response, body, () => Promise.reject(refusal));
      return;
    }
    const result = await execute({
      schema,
      document,
      operationName: plain.operationName,
      variableValues: plain.variables,
      contextValue,
    });
    if (result.data === undefined) {
      // Refused before anything ran (variables that do not fit the operation): Apollo's own answer, 400.
      await this.viaApollo(apollo, request, response, body, () => Promise.resolve(contextValue));
      return;
    }
    // As Apollo formats execution errors: each shaped as its errorNormalize.js does, then formatError.
    const errors = result.errors?.map((error) => rules.formatError(executionErrorShape(error), error));
    const status = statusAskedFor(result.errors);
    send(
      response,
      status,
      { 'content-type': JSON_UTF8 },
      `${JSON.stringify({ errors, data: result.data })}\n`,
    );
  }

  /** A parsed document that validates and names one query or mutation, or null (Apollo answers). */
  private document(schema: GraphQLSchema, rules: GraphQLRules, plain: PlainRequest): DocumentNode | null {
    let document = this.documents.get(plain.query);
    if (document === undefined) {
      try {
        document = parse(plain.query);
        if (rules.validate(schema, document).length > 0) document = null;
      } catch {
        document = null;
      }
      if (this.documents.size >= DOCUMENTS_KEPT)
        this.documents.delete(this.documents.keys().next().value as string);
      this.documents.set(plain.query, document);
    }
    if (document === null) return null;
    const operation = getOperationAST(document, plain.operationName);
    return operation !== null &&
      operation !== undefined &&
      operation.operation !== OperationTypeNode.SUBSCRIPTION
      ? document
      : null;
  }

  private async viaApollo(
    apollo: HttpGraphQLExecutor,
    request: IncomingMessage,
    response: ServerResponse,
    body: unknown,
    context: () => Promise<RequestContext>,
  ): Promise<void> {
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search: '', body },
      context,
    });
    const outgoing: Record<string, string> = {};
    for (const [name, value] of answer.headers) outgoing[name] = value;
    if (answer.body.kind === 'complete') {
      send(response, answer.status ?? 200, outgoing, answer.body.string);
      return;
    }
    // Incremental delivery (@defer) is not enabled in this schema; stream it all the same should it ever be.
    response.writeHead(answer.status ?? 200, outgoing);
    for await (const chunk of answer.body.asyncIterator) response.write(chunk);
    response.end();
  }
}

const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * As Apollo does: an execution error may ask for an HTTP status in `extensions.http` (UNAVAILABLE's 503,
 * src/db/availability.ts); the last one asking wins, else 200.
 */
function statusAskedFor(errors: readonly GraphQLError[] | undefined): number {
  let status = 200;
  for (const error of errors ?? []) {
    const asked = (error.extensions.http as { status?: unknown } | undefined)?.status;
    if (typeof asked === 'number') status = asked;
  }
  return status;
}

/** `{ query, variables?, operationName? }` and nothing else (extensions, such as persisted queries, go to Apollo). */
function plainRequest(body: unknown): PlainRequest | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { query, variables, operationName, ...rest } = body as Record<string, unknown>;
  if (typeof query !== 'string' || query === '' || Object.keys(rest).length > 0) return null;
  const isObject = typeof variables === 'object' && variables !== null && !Array.isArray(variables);
  if (variables !== undefined && variables !== null && !isObject) return null;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return null;
  return {
    query,
    variables: isObject ? (variables as Record<string, unknown>) : undefined,
    operationName: typeof operationName === 'string' ? operationName : undefined,
  };
}

/**
 * No Accept header, or one naming exactly application/json or anything: Apollo would answer application/json.
 * Anything else (application/graphql-response+json, multipart) is negotiated by Apollo.
 */
function acceptsJson(accept: string | undefined): boolean {
  return accept === undefined || accept === '*/*' || accept === 'application/json';
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  response.writeHead(status, { ...headers, 'content-length': String(Buffer.byteLength(body)) });
  response.end(body);
}

/** application/json, with or without parameters (charset). */
function isJsonType(type: string | undefined): boolean {
  if (type === undefined) return false;
  const semicolon = type.indexOf(';');
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}

/** The body as text, or null if the request ended early, failed, or ran past its Content-Length. */
function readBody(request: IncomingMessage, length: number): Promise<string | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > length) {
        request.destroy();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    });
    request.on('end', () =>
      resolve(received === length ? Buffer.concat(chunks, received).toString('utf8') : null),
    );
    request.on('error', () => resolve(null));
    request.on('aborted', () => resolve(null));
  });
}

/** The same GraphQL-shaped refusal the Fastify path sends (src/http/graphql-error-response.ts). */
function refuse(response: ServerResponse, status: number, code: ApiErrorCode, message: string): void {
  send(response, status, { 'content-type': JSON_UTF8 }, graphQLErrorBody(code, message));
}
