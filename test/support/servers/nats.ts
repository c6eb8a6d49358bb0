/**
 * A NATS server (Debian's nats-server 2.9) for a test (docs/testing.md, "Servers of a test"): core NATS only (no
 * JetStream), in the foreground on 127.0.0.1 and a free port, logging to its output. `kill9` and `restart` crash
 * it and bring it back on the same port, so clients that reconnect find it where it was; a restarted server
 * has no subscriptions and no messages of before (core NATS keeps nothing).
 */
import { freePort } from '../../../src/common/free-port';
import { type RestartableServer, restartableServer, tcpExchange } from './process';

const NATS_SERVER = process.env.NATS_SERVER_PATH ?? '/usr/sbin/nats-server';
const HOST = '127.0.0.1';

export interface Nats extends RestartableServer {
  readonly host: string;
  readonly port: number;
  /** nats://127.0.0.1:PORT */
  readonly url: string;
}

/** Starts a NATS server; resolves once it greets a client (its INFO line). */
export async function startNats(): Promise<Nats> {
  const port = await freePort();
  const server = restartableServer(
    { name: `nats-server (port ${port})`, command: NATS_SERVER, args: ['-a', HOST, '-p', String(port)] },
    async () => (await tcpExchange(port, '', (answer) => answer.includes('\r\n'))).startsWith('INFO '),
  );
  await server.start();
  return { ...server, host: HOST, port, url: `nats://${HOST}:${port}` };
}
