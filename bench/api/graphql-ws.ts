/**
 * A lean graphql-ws client for the bots: one WebSocket per token (the token travels once, in connection_init),
 * queries and mutations sent as `subscribe` messages whose single `next` is the result. This is the
 * transport a long-running bot would pick: no HTTP request to parse per move, no header per move.
 */
import WebSocket from 'ws';
import { GraphQLResult, isRecord, parseResult } from './graphql-http';

const PROTOCOL = 'graphql-transport-ws';

interface Pending {
  readonly resolve: (result: GraphQLResult) => void;
  result: GraphQLResult | null;
}

/** One authenticated graphql-ws connection. */
class SocketConnection {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.receive(data.toString('utf8')));
    socket.on('close', () => this.failAll('socket closed'));
    socket.on('error', () => this.failAll('socket error'));
  }

  static open(url: string, token: string | null): Promise<SocketConnection> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, PROTOCOL);
      socket.once('error', reject);
      socket.once('open', () => {
        const payload = token === null ? {} : { authorization: `Bearer ${token}` };
        socket.send(JSON.stringify({ type: 'connection_init', payload }));
      });
      socket.once('message', (data: Buffer) => {
        const message: unknown = JSON.parse(data.toString('utf8'));
        socket.off('error', reject);
        if (isRecord(message) && message.type === 'connection_ack') resolve(new SocketConnection(socket));
        else reject(new Error(`no connection_ack: ${data.toString('utf8').slice(0, 200)}`));
      });
      socket.once('close', (code: number) => reject(new Error(`socket closed during init (${code})`)));
    });
  }

  request(query: string, variables: Readonly<Record<string, unknown>>): Promise<GraphQLResult> {
    const id = String(this.nextId++);
    return new Promise((resolve) => {
      this.pending.set(id, { resolve, result: null });
      this.socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
    });
  }

  close(): void {
    this.socket.close();
  }

  private receive(text: string): void {
    const message: unknown = JSON.parse(text);
    if (!isRecord(message) || typeof message.id !== 'string') return; // ping/pong and the like
    const pending = this.pending.get(message.id);
    if (pending === undefined) return;
    switch (message.type) {
      case 'next':
        pending.result = parseResult(200, JSON.stringify(message.payload));
        return;
      case 'error':
        this.pending.delete(message.id);
        pending.resolve(parseResult(200, JSON.stringify({ errors: message.payload })));
        return;
      case 'complete':
        this.pending.delete(message.id);
        pending.resolve(
          pending.result ?? {
            status: 200,
            data: null,
            errors: [{ message: 'no result', code: 'NO_RESULT' }],
          },
        );
        return;
    }
  }

  private failAll(reason: string): void {
    for (const pending of this.pending.values())
      pending.resolve({ status: 0, data: null, errors: [{ message: reason, code: 'NETWORK' }] });
    this.pending.clear();
  }
}

/** Connections by token, opened on first use. */
export class GraphQLSocketClient {
  private readonly connections = new Map<string, Promise<SocketConnection>>();
  private readonly url: string;

  constructor(graphqlUrl: string) {
    const url = new URL(graphqlUrl);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    this.url = url.toString();
  }

  async request(
    token: string | null,
    query: string,
    variables: Readonly<Record<string, unknown>>,
  ): Promise<GraphQLResult> {
    const key = token ?? '';
    let connection = this.connections.get(key);
    if (connection === undefined) {
      connection = SocketConnection.open(this.url, token);
      this.connections.set(key, connection);
      connection.catch(() => this.connections.delete(key));
    }
    return (await connection).request(query, variables);
  }

  close(): void {
    for (const connection of this.connections.values())
      void connection.then((open) => open.close()).catch(() => undefined);
    this.connections.clear();
  }
}
