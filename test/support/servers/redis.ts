/**
 * A Redis server (Debian's redis-server 7.0) for a test's pub/sub (docs/testing.md, "Servers of a test"): in the
 * foreground on 127.0.0.1 and a free port, with nothing saved (`--save ''`, `--appendonly no`) and its working
 * folder a temporary one. `kill9` and `restart` crash it and bring it back on the same port, empty.
 */
import { freePort } from '../../../src/common/free-port';
import {
  type RestartableServer,
  removeFolder,
  restartableServer,
  tcpExchange,
  temporaryFolder,
} from './process';

const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';
const HOST = '127.0.0.1';

export interface Redis extends RestartableServer {
  readonly host: string;
  readonly port: number;
  /** redis://127.0.0.1:PORT */
  readonly url: string;
}

/** Starts a Redis server; resolves once it answers PING. `stop` also removes its folder. */
export async function startRedis(): Promise<Redis> {
  const port = await freePort();
  const folder = temporaryFolder('redis');
  const server = restartableServer(
    {
      name: `redis-server (port ${port})`,
      command: REDIS_SERVER,
      args: ['--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no', '--dir', folder],
    },
    async () => (await tcpExchange(port, 'PING\r\n', (answer) => answer.includes('\r\n'))) === '+PONG\r\n',
  );
  await server.start();
  return {
    ...server,
    host: HOST,
    port,
    url: `redis://${HOST}:${port}`,
    async stop() {
      await server.stop();
      removeFolder(folder);
    },
  };
}
