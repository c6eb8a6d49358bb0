/**
 * One write per burst on a graphql-ws socket. graphql-ws answers every query or mutation with two messages, `next`
 * and `complete`, sent one after the other; written separately they cost two system calls (on a small VM the
 * largest item in the server's profile). Messages sent within one turn of the event loop are queued and written
 * together, corked, on the next turn: one `writev` for the pair. The send callback is called once the message is
 * queued — graphql-ws only awaits it to go on, and a closed socket is handled by its own close handling.
 */
import type { Socket } from 'node:net';

/** The parts of a `ws` WebSocket this uses. */
export interface SendingSocket {
  send(data: string, ...rest: unknown[]): void;
  readonly readyState: number;
}

const OPEN = 1;

export function coalesceSends(socket: SendingSocket, raw: Pick<Socket, 'cork' | 'uncork'>): void {
  const send = socket.send.bind(socket);
  let queued: string[] = [];
  const flush = (): void => {
    const batch = queued;
    queued = [];
    if (socket.readyState !== OPEN) return;
    raw.cork();
    try {
      for (const data of batch) send(data);
    } finally {
      raw.uncork();
    }
  };
  // ws's send(data[, options][, callback]): the callback is the last function argument.
  socket.send = (data: string, ...rest: unknown[]): void => {
    if (queued.length === 0) setImmediate(flush);
    queued.push(data);
    const callback = rest.find((argument) => typeof argument === 'function') as (() => void) | undefined;
    callback?.();
  };
}
