/**
 * The client's only way to the server: the public GraphQL API at /graphql on the page's own origin, over fetch
 * (the token in the `Authorization` header) and graphql-ws for live updates (the token in `connection_init`).
 * The token lives in localStorage, never in a cookie: nothing is sent unless this code sends it.
 */
import { Client, createClient } from 'graphql-ws/client';
import DOCUMENT from './operations.graphql?raw';
import type {
  AcceptInvitationMutation,
  AcceptInvitationMutationVariables,
  DeclineInvitationMutation,
  DeclineInvitationMutationVariables,
  HomeQuery,
  HomeQueryVariables,
  LoginMutation,
  LoginMutationVariables,
  LogoutMutation,
  LogoutMutationVariables,
  MeQuery,
  MeQueryVariables,
  MyEventsSubscription,
  RegisterMutation,
  RegisterMutationVariables,
} from './generated/graphql';

/** Each operation of operations.graphql: its answer and its variables. */
interface Operations {
  Register: [RegisterMutation, RegisterMutationVariables];
  Login: [LoginMutation, LoginMutationVariables];
  Logout: [LogoutMutation, LogoutMutationVariables];
  Me: [MeQuery, MeQueryVariables];
  Home: [HomeQuery, HomeQueryVariables];
  AcceptInvitation: [AcceptInvitationMutation, AcceptInvitationMutationVariables];
  DeclineInvitation: [DeclineInvitationMutation, DeclineInvitationMutationVariables];
}

const TOKEN_KEY = 'malice.token';

export function storedToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function storeToken(token: string | null): void {
  if (token === null) localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, token);
}

/** A GraphQL error (or a failed request) as the API said it: its message and `extensions.code`. */
export class ApiFailure extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: unknown } }[];
}

/** Runs one operation of operations.graphql; a GraphQL error becomes an ApiFailure. */
export async function request<K extends keyof Operations>(
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
      body: JSON.stringify({ query: DOCUMENT, operationName, variables }),
    });
  } catch {
    throw new ApiFailure('the server cannot be reached', 'NETWORK');
  }
  let answer: GraphQLAnswer<Operations[K][0]>;
  try {
    answer = (await response.json()) as GraphQLAnswer<Operations[K][0]>;
  } catch {
    throw new ApiFailure(`the server answered ${response.status}`, null);
  }
  const error = answer.errors?.[0];
  if (error !== undefined) {
    const code = error.extensions?.code;
    throw new ApiFailure(error.message, typeof code === 'string' ? code : null);
  }
  if (answer.data === undefined || answer.data === null) throw new ApiFailure('empty answer', null);
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

/** Calls `onEvent` for each of my events as it happens; returns the unsubscribe. */
export function subscribeMyEvents(
  onEvent: (event: MyEventsSubscription['myEvents']) => void,
  onError: (error: unknown) => void,
): () => void {
  return liveSocket().subscribe<MyEventsSubscription>(
    { query: DOCUMENT, operationName: 'MyEvents' },
    {
      next: (message) => {
        if (message.data) onEvent(message.data.myEvents);
      },
      error: onError,
      complete: () => {},
    },
  );
}
