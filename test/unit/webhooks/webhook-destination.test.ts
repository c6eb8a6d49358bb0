/**
 * Where a webhook may go (src/webhooks/webhook-destination.ts): a name is resolved once and every address it
 * resolves to is judged; at registration a name that resolves now into the server's network is refused, one that
 * does not resolve (or not quickly) is taken, since every delivery checks again. The resolver is injected: no
 * lookup leaves this process, no traffic goes anywhere.
 */
import { ApiError } from '../../../src/errors/api-error';
import { parseNetworks } from '../../../src/webhooks/webhook-address';
import {
  type ResolveHost,
  type WebhookNetwork,
  checkWebhookDestination,
  resolveDestination,
} from '../../../src/webhooks/webhook-destination';

function answering(table: Record<string, readonly string[]>): ResolveHost {
  return async (hostname) => {
    const answer = table[hostname];
    if (answer === undefined) throw Object.assign(new Error(`${hostname}: not found`), { code: 'ENOTFOUND' });
    return answer;
  };
}

const NAMES = answering({
  'public.test': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'private.test': ['10.0.0.5'],
  'mixed.test': ['93.184.216.34', '192.168.0.10'],
  'metadata.test': ['169.254.169.254'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'loopback.test': ['127.0.0.1'],
});
const network: WebhookNetwork = { allowed: [], resolve: NAMES };

async function refusal(run: () => Promise<unknown>): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('no refusal');
}

describe('resolveDestination', () => {
  it('gives an allowed address as is, and every address of a name whose addresses are all allowed', async () => {
    expect(await resolveDestination(new URL('http://93.184.216.34/'), network)).toEqual({
      kind: 'addresses',
      hostname: '93.184.216.34',
      addresses: ['93.184.216.34'],
    });
    expect(await resolveDestination(new URL('https://[2606:4700::1111]/'), network)).toEqual({
      kind: 'addresses',
      hostname: '2606:4700::1111',
      addresses: ['2606:4700::1111'],
    });
    expect(await resolveDestination(new URL('https://public.test/in'), network)).toEqual({
      kind: 'addresses',
      hostname: 'public.test',
      addresses: ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
    });
  });

  it('refuses a name when any of its addresses is refused, and tells an unknown name apart', async () => {
    for (const name of ['private.test', 'mixed.test', 'metadata.test', 'mapped.test', 'loopback.test']) {
      expect({ name, destination: await resolveDestination(new URL(`http://${name}/`), network) }).toEqual({
        name,
        destination: { kind: 'refused' },
      });
    }
    expect(await resolveDestination(new URL('http://unknown.test/'), network)).toEqual({
      kind: 'unresolved',
    });
    const loopback = { allowed: parseNetworks(['127.0.0.0/8']), resolve: NAMES };
    expect(await resolveDestination(new URL('http://loopback.test/'), loopback)).toMatchObject({
      kind: 'addresses',
    });
    expect(await resolveDestination(new URL('http://mapped.test/'), loopback)).toMatchObject({
      kind: 'addresses',
    });
  });

  it('with a signal already aborted (a copy shutting down) is unresolved, and a lookup failing later is handled', async () => {
    let fail!: (error: Error) => void;
    const lookup = new Promise<readonly string[]>((_, reject) => (fail = reject));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown): void => {
      unhandled.push(reason);
    };
    process.on('unhandledRejection', onUnhandled);
    try {
      const slow: WebhookNetwork = { allowed: [], resolve: () => lookup };
      const aborted = AbortSignal.abort();
      expect(await resolveDestination(new URL('http://slow.test/'), slow, aborted)).toEqual({
        kind: 'unresolved',
      });
      fail(Object.assign(new Error('slow.test: not found'), { code: 'ENOTFOUND' }));
      // Unhandled rejections are reported once the microtasks of the current macrotask have run.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe('checkWebhookDestination (at registration)', () => {
  it('refuses at registration a name that resolves to a private address', async () => {
    const error = await refusal(() => checkWebhookDestination('http://private.test/hook', network));
    expect({ code: error.code, field: error.extensions.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'url',
    });
    expect(error.message).toBe(
      'url: private.test resolves to an address webhooks may not reach: they only go to public addresses',
    );
  });

  it('refuses at registration a name that resolves to the metadata service, or to a public and a private address', async () => {
    for (const url of ['http://metadata.test/', 'https://mixed.test/in', 'http://mapped.test:8080/']) {
      expect((await refusal(() => checkWebhookDestination(url, network))).extensions.field).toBe('url');
    }
  });

  it('takes a public name, a name that does not resolve, and a name that does not resolve in time', async () => {
    await expect(checkWebhookDestination('https://public.test/in', network)).resolves.toBeUndefined();
    await expect(checkWebhookDestination('https://unknown.test/in', network)).resolves.toBeUndefined();
    const never: ResolveHost = () => new Promise(() => undefined);
    const started = Date.now();
    await expect(
      checkWebhookDestination('https://slow.test/in', { allowed: [], resolve: never }, 100),
    ).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
