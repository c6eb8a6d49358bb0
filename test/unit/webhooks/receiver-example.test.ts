/**
 * The webhook receiver of docs/correspondence.md ("Verifying a delivery"), run as the page says: saved as
 * `receiver.mjs` in a folder without a package.json and started with `node`. It must start as an ES module, listen
 * on 127.0.0.1 only, take a request signed as the server signs (src/webhooks/webhook-request.ts) and refuse one
 * that is not. Only its port is changed, to a free one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { freePort } from '../../../src/common/free-port';
import { until } from '../../support/service/outage';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signWebhook } from '../../../src/webhooks/webhook-request';

const DOC = path.join(__dirname, '../../../docs/correspondence.md');
const SECRET = 'a-secret-of-some-length';

function receiverSource(): string {
  const text = readFileSync(DOC, 'utf8');
  const match = /```js\n(\/\/ receiver\.mjs\n[\s\S]*?)```/.exec(text);
  if (match === null) throw new Error('docs/correspondence.md has no ```js block starting // receiver.mjs');
  return match[1]!;
}

/** The headers the server sends with a delivery, signed by the server's own code. */
function signed(body: string, timestamp: number, secret = SECRET): Record<string, string> {
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signWebhook(secret, timestamp, body),
  };
}

it('starts as receiver.mjs, listens on 127.0.0.1, takes a signed delivery once and refuses a forged one', async () => {
  const source = receiverSource();
  expect(source).toContain(".listen(8080, '127.0.0.1')");
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), 'malice-receiver-'));
  const file = path.join(folder, 'receiver.mjs');
  writeFileSync(file, source.replace('.listen(8080,', `.listen(${port},`));
  const child = spawn(process.execPath, [file], {
    cwd: folder,
    env: { PATH: process.env.PATH ?? '', MALICE_WEBHOOK_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = `http://127.0.0.1:${port}/in`;
    const deadline = Date.now() + 10_000;
    const post = async (headers: Record<string, string>, body: string): Promise<number> => {
      for (;;) {
        try {
          return (await fetch(url, { method: 'POST', headers, body })).status;
        } catch (error) {
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`receiver not up: ${output}`, { cause: error });
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const body = JSON.stringify({ id: '42', kind: 'YOUR_TURN', gameId: 'g-1', player: { username: 'ann' } });
    const now = Math.floor(Date.now() / 1000);
    expect(await post(signed(body, now), body)).toBe(204);
    expect(await post(signed(body, now, 'another-secret-entirely'), body)).toBe(401);
    expect(await post(signed(body, now - 3600), body)).toBe(401);
    expect(await post(signed(body, now), body)).toBe(204); // a retry: answered, handled once
    await until(
      'the receiver logged the event',
      () => output.includes('YOUR_TURN for ann, game g-1'),
      10_000,
    );
    expect(output.match(/YOUR_TURN for ann, game g-1/g)).toHaveLength(1);
  } finally {
    child.kill();
    rmSync(folder, { recursive: true, force: true });
  }
});
