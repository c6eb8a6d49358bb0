/**
 * The client's only way to the server: the public GraphQL API at /graphql on the page's own origin, over fetch
 * (the token in the `Authorization` header) and graphql-ws for live updates (the token in `connection_init`).
 * The token lives in localStorage, never in a cookie: nothing is sent unless this code sends it.
 */
import { Client, createClient } from 'graphql-ws/client';

/**
 * Each operation the client sends, by name: its answer and its variables. Every part of the client keeps its
 * operations in its own `.graphql` file (typed by `npm run codegen` into generated/graphql.ts) and adds them here
 * by declaration merging, e.g. `declare module '../api' { interface Operations { Me: [MeQuery, MeQueryVariables] } }`,
 * so `request` checks each name against its variables and answer.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface Operations {}

/** An operation document (a part's `.graphql` file, imported with `?raw`) and one operation's name in it. */
export type Document = string;

const TOKEN_KEY = 'malice.token';

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token === null) localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, token);
}

/**
 * What the client itself found wrong with a request, before the API could say anything: no connection, an
 * answer that is not GraphQL's JSON, an answer without data. ErrorBox writes it in the reader's language
 * (web/src/strings.ts `clientFault`); the English message is for the console only.
 */
export type ClientFault =
  | { readonly kind: 'UNREACHABLE' }
  | { readonly kind: 'HTTP_STATUS'; readonly status: number }
  | { readonly kind: 'EMPTY_ANSWER' };

/** The fault in English, for the console. */
function faultMessage(fault: ClientFault): string {
  switch (fault.kind) {
    case 'UNREACHABLE':
      return 'the server cannot be reached';
    case 'HTTP_STATUS':
      return `the server answered ${fault.status}`;
    case 'EMPTY_ANSWER':
      return 'empty answer';
    default: {
      const never: never = fault;
      return never;
    }
  }
}

/**
 * A GraphQL error (or a failed request) as the API said it: its message, `extensions.code`, and the whole
 * `extensions` (a refused move's `rule` and `params`, docs/api/errors.md#rule-codes); or a fault the client found
 * itself (`fault`, with the API's code where there is one, e.g. `NETWORK`).
 */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly extensions: Readonly<Record<string, unknown>> = {},
    readonly fault: ClientFault | null = null,
  ) {
    super(message);
  }

  /** A fault the client found itself (the message in English for the console; the page translates `fault`). */
  static ofClient(fault: ClientFault, code: string | null = null): ApiFailure {
    return new ApiFailure(faultMessage(fault), code, {}, fault);
  }
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: unknown; [key: string]: unknown } }[];
}

/** Runs one operation of a document; a GraphQL error becomes an ApiFailure. */
export async function request<K extends keyof Operations>(
  document: Document,
  operationName: K,
  variables: Operations[K][1],
): Promise<Operations[K][0]> {
  const token = storedToken();
  let response: Response;
  try {
    response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify({ query: document, operationName, variables }),
    });
  } catch {
    throw ApiFailure.ofClient({ kind: 'UNREACHABLE' }, 'NETWORK');
  }
  let answer: GraphQLAnswer<Operations[K][0]>;
  try {
    answer = (await response.json()) as GraphQLAnswer<Operations[K][0]>;
  } catch {
    throw ApiFailure.ofClient({ kind: 'HTTP_STATUS', status: response.status });
  }
  const error = answer.errors?.[0];
  if (error !== undefined) {
    const code = error.extensions?.code;
    throw new ApiFailure(error.message, typeof code === 'string' ? code : null, error.extensions);
  }
  if (answer.data === undefined || answer.data === null) throw ApiFailure.ofClient({ kind: 'EMPTY_ANSWER' });
  return answer.data;
}

let socket: Client | null = null;

/** The page's one graphql-ws connection, opened with the current token (closed again by `closeSocket`). */
function liveSocket(): Client {
  socket ??= createClient({
    url: `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/graphql`,
    connectionParams: () => {
      const token = storedToken();
      return token === null ? {} : { authorization: `Bearer ${token}` };
    },
  });
  return socket;
}

/** Follows the connection: `onUp` when the server acknowledges it, `onDown` when it closes. Returns the unsubscribe. */
export function watchSocket(onUp: () => void, onDown: () => void): () => void {
  const client = liveSocket();
  const offUp = client.on('connected', onUp);
  const offDown = client.on('closed', onDown);
  return () => {
    offUp();
    offDown();
  };
}

export function closeSocket(): void {
  void socket?.dispose();
  socket = null;
}

/**
 * Follows a subscription of a document: `onData` for each answer, `onError` when it fails (a GraphQL error or a
 * closed socket that will not reconnect). Returns the unsubscribe.
 */
export function subscribe<K extends keyof Operations>(
  document: Document,
  operationName: K,
  variables: Operations[K][1],
  onData: (data: Operations[K][0]) => void,
  onError: (error: unknown) => void,
): () => void {
  return liveSocket().subscribe<Operations[K][0]>(
    { query: document, operationName, variables: variables as Record<string, unknown> },
    {
      next: (message) => {
        if (message.errors !== undefined && message.errors.length > 0) {
          const error = message.errors[0]!;
          const code = error.extensions?.code;
          onError(new ApiFailure(error.message, typeof code === 'string' ? code : null, error.extensions));
        } else if (message.data) onData(message.data);
      },
      error: onError,
      complete: () => {},
    },
  );
}

/** Any failure as an ApiFailure, for the one way the page shows errors (ErrorBox). */
export function asFailure(failure: unknown): ApiFailure {
  return failure instanceof ApiFailure ? failure : new ApiFailure(String(failure), null);
}
