/**
 * Messages a graphql-ws socket sends in one turn of the event loop go out in one corked write
 * (src/http/coalesced-sends.ts): in order, none lost, none after the socket closed.
 */
import { SendingSocket, coalesceSends } from '../../../src/http/coalesced-sends';

function fakes() {
  const log: string[] = [];
  const socket: SendingSocket & { readyState: number } = {
    readyState: 1,
    send: (data: string) => void log.push(`send ${data}`),
  };
  const raw = { cork: () => void log.push('cork'), uncork: () => void log.push('uncork') };
  coalesceSends(socket, raw as never);
  return { log, socket };
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('coalesceSends', () => {
  it('writes the messages of one turn together, corked, in order, on the next turn', async () => {
    const { log, socket } = fakes();
    const acknowledged: string[] = [];
    socket.send('next', () => acknowledged.push('next'));
    socket.send('complete', {}, () => acknowledged.push('complete'));
    // Each send is acknowledged at once (graphql-ws awaits it before sending the next message) …
    expect(acknowledged).toEqual(['next', 'complete']);
    // … and nothing is written yet.
    expect(log).toEqual([]);
    await nextTurn();
    expect(log).toEqual(['cork', 'send next', 'send complete', 'uncork']);
  });

  it('starts a new batch for messages of a later turn', async () => {
    const { log, socket } = fakes();
    socket.send('a');
    await nextTurn();
    socket.send('b');
    await nextTurn();
    expect(log).toEqual(['cork', 'send a', 'uncork', 'cork', 'send b', 'uncork']);
  });

  it('drops what was queued when the socket closed before the write', async () => {
    const { log, socket } = fakes();
    socket.send('late');
    socket.readyState = 3;
    await nextTurn();
    expect(log).toEqual([]);
  });
});
