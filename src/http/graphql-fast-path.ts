/**
 * The common GraphQL request — a POST of a JSON body to /graphql — handed straight from Node's HTTP server to
 * Apollo, past Fastify's and Nest's per-request layers (routing, hooks, the body parser, Nest's adapter and
 * middleware runner, the Fastify integration's request copy). Those layers cost about as much server CPU per
 * move as Apollo and graphql-js together (docs/performance.md); everything they add for this one route is
 * done here: the body limit, the JSON check, the NUL refusal, and the same GraphQL-shaped refusals.
 *
 * What makes the answer is unchanged: the same Apollo server, with the same schema, validation rules, limits,
 * context function (authentication, rate limit), error formatting and status codes. Any other request — another
 * path or method, a body that is not JSON or has no Content-Length, one over the limit, a WebSocket upgrade —
 * goes to Fastify as before.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HeaderMap, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import type { RequestContext } from '../auth/viewer';
import type { ApiErrorCode } from '../errors/api-error';
import { NUL_MESSAGE, hasNul } from '../graphql/nul';
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

export class GraphQLFastPath {
  private apollo: HttpGraphQLExecutor | null = null;
  private context: HttpContextFunction | null = null;

  constructor(
    private readonly path: string,
    private readonly maxBodyBytes: number,
  ) {}

  /** The context function Apollo is configured with (src/app.module.ts). */
  useContext(context: HttpContextFunction): void {
    this.context = context;
  }

  /** Starts taking requests, once Apollo has started. */
  attach(apollo: HttpGraphQLExecutor): void {
    this.apollo = apollo;
  }

  /** Answers the request if it is one this path takes (true); false leaves it, untouched, to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const apollo = this.apollo;
    const context = this.context;
    if (apollo === null || context === null || request.method !== 'POST' || request.url !== this.path)
      return false;
    if (!isJsonType(request.headers['content-type'])) return false;
    const length = Number(request.headers['content-length'] ?? NaN);
    if (!Number.isInteger(length) || length > this.maxBodyBytes) return false;
    void this.answer(apollo, context, request, response, length).catch((error: unknown) => {
      console.error('internal error:', error);
      if (!response.headersSent) refuse(response, 500, 'INTERNAL', 'Internal server error');
      else response.destroy();
    });
    return true;
  }

  private async answer(
    apollo: HttpGraphQLExecutor,
    context: HttpContextFunction,
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
      refuse(response, 400, 'BAD_USER_INPUT', 'the request body is not valid JSON');
      return;
    }
    if (hasNul((body as { variables?: unknown } | null)?.variables)) {
      refuse(response, 400, 'BAD_USER_INPUT', NUL_MESSAGE);
      return;
    }
    const headers = new HeaderMap();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search: '', body },
      context: () => context(request),
    });
    const outgoing: Record<string, string> = {};
    for (const [name, value] of answer.headers) outgoing[name] = value;
    if (answer.body.kind === 'complete') {
      outgoing['content-length'] = String(Buffer.byteLength(answer.body.string));
      response.writeHead(answer.status ?? 200, outgoing);
      response.end(answer.body.string);
      return;
    }
    // Incremental delivery (@defer) is not enabled in this schema; stream it all the same should it ever be.
    response.writeHead(answer.status ?? 200, outgoing);
    for await (const chunk of answer.body.asyncIterator) response.write(chunk);
    response.end();
  }
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
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
  });
  response.end(body);
}
