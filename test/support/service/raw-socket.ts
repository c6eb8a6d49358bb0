/**
 * A bare graphql-transport-ws socket, for messages a client library would never send (out of order, of a server's
 * type, malformed, oversized): every message the server sends is queued, and the close is seen with its code.
 */
import WebSocket from 'ws';

/** A message from the server, parsed, or how the socket ended. */
export type Received =
  | { readonly kind: 'message'; readonly type: string; readonly id?: string; readonly payload?: unknown }
  | { readonly kind: 'closed'; readonly code: number; readonly reason: string };

export interface RawSocket {
  send(data: string | Buffer): void;
  /** The next message from the server, or the close (then again the close): at most `ms` waited. */
  next(ms?: number): Promise<Received>;
  /** The close, once it comes. */
  readonly closed: Promise<{ readonly code: number; readonly reason: string }>;
  close(): void;
}

/** Opens a socket on the server at `url` (http://…) with the graphql-transport-ws subprotocol. */
export async function openRawSocket(url: string): Promise<RawSocket> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
  const queue: Received[] = [];
  const waiting: ((received: Received) => void)[] = [];
  const deliver = (received: Received): void => {
    const waiter = waiting.shift();
    if (waiter === undefined) queue.push(received);
    else waiter(received);
  };
  let closedAs: Received | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code: number, reason: Buffer) => {
      closedAs = { kind: 'closed', code, reason: reason.toString() };
      resolve({ code, reason: reason.toString() });
      for (const waiter of waiting.splice(0)) waiter(closedAs);
    });
  });
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { type: string; id?: string; payload?: unknown };
    deliver({ kind: 'message', ...message });
  });
  // A reset connection (the server destroyed it) also ends in 'close'; the error itself says nothing more.
  socket.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`upgrade refused: ${response.statusCode}`)),
    );
  });
  return {
    send: (data) => socket.send(data),
    next: (ms = 10_000) => {
      const queued = queue.shift();
      if (queued !== undefined) return Promise.resolve(queued);
      if (closedAs !== null) return Promise.resolve(closedAs);
      return new Promise<Received>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`nothing from the server within ${ms} ms`)), ms);
        waiting.push((received) => {
          clearTimeout(timer);
          resolve(received);
        });
      });
    },
    closed,
    close: () => socket.close(),
  };
}

/** A socket whose connection_init (anonymous unless `authorization` is given) was acknowledged. */
export async function acknowledgedSocket(url: string, authorization?: string): Promise<RawSocket> {
  const socket = await openRawSocket(url);
  socket.send(JSON.stringify({ type: 'connection_init', payload: authorization ? { authorization } : {} }));
  const ack = await socket.next();
  if (ack.kind !== 'message' || ack.type !== 'connection_ack')
    throw new Error(`no connection_ack: ${JSON.stringify(ack)}`);
  return socket;
}

/**
 * One operation over a fresh acknowledged socket, sent as a hand-written `subscribe` message: the payload of its
 * first `next` or `error` message, or the close if the socket closed first.
 */
export async function rawOperation(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<
  | { readonly type: 'next' | 'error'; readonly payload: unknown }
  | { readonly type: 'closed'; readonly code: number }
> {
  const socket = await acknowledgedSocket(url);
  try {
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
    const answer = await socket.next();
    if (answer.kind === 'closed') return { type: 'closed', code: answer.code };
    return { type: answer.type as 'next' | 'error', payload: answer.payload };
  } finally {
    socket.close();
  }
}
