/**
 * The graphql-ws server on the HTTP server's GraphQL path: `ws`'s WebSocketServer, whose `maxPayload` bounds a
 * message as the HTTP body cap bounds a request (GRAPHQL_MAX_BODY_BYTES; a larger message closes the socket with
 * 1009 before any of it is read as JSON), carrying graphql-ws's protocol (`makeServer`, with the hooks of
 * src/graphql/transports.ts).
 *
 * The socket glue is graphql-ws's documented one for `makeServer` (what its `useServer` does for `ws`: the
 * subprotocol, a ping every 12 s, a connection closed when its pong is 12 s late), with differences that keep every
 * protocol error a 4400-class close and out of stderr: a client that sends a message only a server may send
 * (`next`, `error`, `connection_ack`) gets 4400 "Invalid message received", as for any other message graphql-ws
 * cannot accept, where `useServer` answers 4500; a close reason is cut to the 123 bytes a close frame holds
 * (graphql-ws names the operation id in some, and `ws` throws on a longer one); and the error `ws` reports once it
 * has closed a socket with its own code (1009, 1007, 1002) is not printed to stderr. Only a fault of our own is a
 * 4500, logged as an internal error.
 *
 * Started and stopped with Apollo (an Apollo plugin, as Apollo's own subscriptions guide wires graphql-ws), so the
 * schema is the one Apollo serves and shutdown closes every socket with 1001 ("going away").
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { ApolloServerPlugin } from '@apollo/server';
import { CloseCode, MessageType, ServerOptions, handleProtocols, makeServer } from 'graphql-ws';
import type { GraphQLSchema } from 'graphql';
import { RawData, WebSocket, WebSocketServer } from 'ws';
import type { SocketExtra } from './transports';

/** The close reason graphql-ws gives a message it cannot accept (with CloseCode.BadRequest, 4400). */
export const INVALID_MESSAGE_REASON = 'Invalid message received';

/** A ping this often; a connection whose pong is this late is ended. */
export const KEEP_ALIVE_MS = 12_000;

/** The longest close reason a close frame can carry (RFC 6455: 125 bytes, 2 of them the code). */
const MAX_CLOSE_REASON_BYTES = 123;

/** The messages only a server sends: from a client they are a protocol error. */
const SERVER_ONLY_TYPES: ReadonlySet<string> = new Set([
  MessageType.ConnectionAck,
  MessageType.Next,
  MessageType.Error,
]);

export interface GraphqlWsServerOptions {
  /** The HTTP server to take upgrades from (asked once Apollo starts). */
  readonly httpServer: () => HttpServer;
  /** The path the server answers on; an upgrade to another path is answered 400. */
  readonly path: string;
  /** The largest message in bytes (GRAPHQL_MAX_BODY_BYTES). */
  readonly maxPayload: number;
  /** graphql-ws's hooks, parse and validate, for the schema Apollo serves. */
  readonly protocol: GraphqlWsProtocol;
  /** Where a fault of our own goes (the log, at error level). */
  readonly logInternalError: (error: unknown) => void;
}

/** graphql-ws's options but the schema: `ctx.extra` is the socket and its upgrade request. */
export type GraphqlWsProtocol = Omit<ServerOptions<Record<string, unknown>, SocketExtra>, 'schema'>;

/** The Apollo plugin that serves graphql-ws while Apollo runs. */
export function graphqlWsServer(options: GraphqlWsServerOptions): ApolloServerPlugin {
  return {
    serverWillStart: async ({ schema }) => {
      const server = serveGraphqlWs(schema, options);
      return { drainServer: () => server.dispose() };
    },
  };
}

/** The running server: `dispose` closes every connection (1001) and stops taking new ones. */
export interface RunningWsServer {
  dispose(): Promise<void>;
}

export function serveGraphqlWs(schema: GraphQLSchema, options: GraphqlWsServerOptions): RunningWsServer {
  const sockets = new WebSocketServer({
    server: options.httpServer(),
    path: options.path,
    maxPayload: options.maxPayload,
    handleProtocols: (protocols) => handleProtocols(protocols),
  });
  // `ws` passes the HTTP server's own errors (a port in use) on to here: they are its listener's to report.
  sockets.on('error', () => undefined);
  const protocol = makeServer<Record<string, unknown>, SocketExtra>({ ...options.protocol, schema });
  sockets.on('connection', (socket: WebSocket, request: IncomingMessage) => {
    // `ws` emits this after it has closed the socket with the code that says why (1009 a message over
    // `maxPayload`, 1007 text that is not UTF-8, 1002 a broken frame): the client's doing, and the close says it.
    socket.on('error', () => undefined);
    const stopKeepAlive = keepAlive(socket);
    const extra: SocketExtra = { socket, request };
    const closed = protocol.opened(
      {
        protocol: socket.protocol,
        send: (data) =>
          new Promise<void>((resolve, reject) => {
            if (socket.readyState !== WebSocket.OPEN) return resolve();
            socket.send(data, (error) => (error ? reject(error) : resolve()));
          }),
        close: (code, reason) => socket.close(code, closeReason(reason)),
        onMessage: (received) =>
          socket.on('message', (data: RawData) => {
            const text = textOf(data);
            received(text).catch((error: unknown) => {
              // A send that failed because the socket closed meanwhile: nothing is left to tell.
              if (socket.readyState !== WebSocket.OPEN) return;
              if (isServerOnlyMessage(text)) {
                socket.close(CloseCode.BadRequest, INVALID_MESSAGE_REASON);
                return;
              }
              options.logInternalError(error);
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            });
          }),
      },
      extra,
    );
    socket.once('close', (code: number, reason: Buffer) => {
      stopKeepAlive();
      closed(code, reason.toString()).catch(options.logInternalError);
    });
  });
  return {
    dispose: async () => {
      for (const socket of sockets.clients) socket.close(1001, 'Going away');
      await new Promise<void>((resolve, reject) =>
        sockets.close((error) => (error === undefined ? resolve() : reject(error))),
      );
    },
  };
}

/** Pings every KEEP_ALIVE_MS; ends the connection when a pong is that late. Answers a function that stops it. */
function keepAlive(socket: WebSocket): () => void {
  let pongWait: NodeJS.Timeout | null = null;
  const ping = setInterval(() => {
    if (socket.readyState !== WebSocket.OPEN) return;
    pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
    socket.once('pong', () => {
      if (pongWait !== null) clearTimeout(pongWait);
      pongWait = null;
    });
    socket.ping();
  }, KEEP_ALIVE_MS);
  return () => {
    clearInterval(ping);
    if (pongWait !== null) clearTimeout(pongWait);
  };
}

/** A message's text (`ws` hands a Buffer to a server that keeps its default binary type). */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString();
  return Array.isArray(data) ? Buffer.concat(data).toString() : Buffer.from(data).toString();
}

/** Whether `text` is a message of a type only a server sends (read only when graphql-ws has refused it). */
function isServerOnlyMessage(text: string): boolean {
  try {
    const message = JSON.parse(text) as unknown;
    return (
      typeof message === 'object' &&
      message !== null &&
      SERVER_ONLY_TYPES.has(String((message as { type?: unknown }).type))
    );
  } catch {
    return false;
  }
}

/** `reason` cut, at a character's boundary, to what a close frame holds. */
function closeReason(reason: string | undefined): string | undefined {
  if (reason === undefined || Buffer.byteLength(reason) <= MAX_CLOSE_REASON_BYTES) return reason;
  let cut = reason.slice(0, MAX_CLOSE_REASON_BYTES);
  while (Buffer.byteLength(cut) > MAX_CLOSE_REASON_BYTES) cut = cut.slice(0, -1);
  return cut;
}
