/**
 * A lean GraphQL-over-HTTP client for the bots: `node:http` with one keep-alive agent, JSON in and out. It is
 * deliberately cheaper than `fetch` (undici), because the bots share two cores with the server and Postgres;
 * every millisecond the client burns is one the server does not get.
 */
import * as http from 'node:http';

export interface GraphQLErrorBody {
  readonly message: string;
  readonly code: string;
}

/** How the bots reach the server: GraphQL over HTTP, or over graphql-ws (bench/api/graphql-ws.ts). */
export interface GraphQLTransport {
  /** Sends one operation with `token`'s identity. GraphQL errors resolve with their codes. */
  request(
    token: string | null,
    query: string,
    variables: Readonly<Record<string, unknown>>,
  ): Promise<GraphQLResult>;
  close(): void;
}

/** What came back: data when there is any, the errors' codes, and the HTTP status. */
export interface GraphQLResult {
  readonly status: number;
  readonly data: Readonly<Record<string, unknown>> | null;
  readonly errors: readonly GraphQLErrorBody[];
}

export class GraphQLHttpClient implements GraphQLTransport {
  private readonly agent: http.Agent;
  private readonly target: URL;

  constructor(graphqlUrl: string, maxSockets: number) {
    this.target = new URL(graphqlUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  /** Sends one operation. Transport failures reject; GraphQL errors resolve with their codes. */
  request(
    token: string | null,
    query: string,
    variables: Readonly<Record<string, unknown>>,
  ): Promise<GraphQLResult> {
    const body = JSON.stringify({ query, variables });
    const headers: http.OutgoingHttpHeaders = {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          agent: this.agent,
          hostname: this.target.hostname,
          port: this.target.port,
          path: this.target.pathname,
          method: 'POST',
          headers,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve(parseResult(response.statusCode ?? 0, text));
            } catch (error) {
              reject(error);
            }
          });
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A GraphQL response body, checked field by field (the server is under test: nothing is taken on trust). */
export function parseResult(status: number, text: string): GraphQLResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { status, data: null, errors: [{ message: text.slice(0, 200), code: `HTTP_${status}` }] };
  }
  if (!isRecord(parsed)) {
    return { status, data: null, errors: [{ message: 'not a JSON object', code: `HTTP_${status}` }] };
  }
  const data = isRecord(parsed.data) ? parsed.data : null;
  const errors: GraphQLErrorBody[] = [];
  if (Array.isArray(parsed.errors)) {
    for (const error of parsed.errors as unknown[]) {
      const message = isRecord(error) && typeof error.message === 'string' ? error.message : '(no message)';
      const extensions = isRecord(error) && isRecord(error.extensions) ? error.extensions : {};
      const code = typeof extensions.code === 'string' ? extensions.code : 'NO_CODE';
      errors.push({ message, code });
    }
  }
  if (data === null && errors.length === 0) {
    errors.push({ message: 'neither data nor errors', code: `HTTP_${status}` });
  }
  return { status, data, errors };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
