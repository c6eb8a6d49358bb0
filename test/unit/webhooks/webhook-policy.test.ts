/**
 * The rules of webhooks (src/webhooks/webhook-policy.ts): the retry schedule and when a delivery gives up, what
 * counts as delivered, and what a registration may contain — no URL into the server's own network (the attacks
 * below, each refused with BAD_USER_INPUT on the url field), unless the operator allows the network.
 */
import { ApiError } from '../../../src/errors/api-error';
import { parseNetworks } from '../../../src/webhooks/webhook-address';
import {
  ATTEMPT_ERRORS,
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  afterAttempt,
  checkWebhookEvents,
  checkWebhookSecret,
  checkWebhookUrl,
  coarseDuration,
  isSuccess,
  parseAttemptError,
  parseDeliveryKind,
  retryDelayMs,
} from '../../../src/webhooks/webhook-policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function refusal(run: () => unknown): { code: string; field: unknown } {
  const { code, extensions } = refused(run);
  return { code, field: extensions.field };
}

function refused(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('no refusal');
}

/** No network allowed besides the public internet: the default. */
const PUBLIC_ONLY = parseNetworks([]);
/** What the tests' servers allow, to reach their local receivers. */
const LOOPBACK = parseNetworks(['127.0.0.0/8', '::1/128']);

describe('retries with backoff', () => {
  it('waits 10 s, 30 s, 2 min, 10 min, 1 h, 6 h, 24 h, and gives up after the 8th attempt', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      10 * SECOND,
      30 * SECOND,
      2 * MINUTE,
      10 * MINUTE,
      HOUR,
      6 * HOUR,
      24 * HOUR,
    ]);
    expect(MAX_ATTEMPTS).toBe(8);
    expect(retryDelayMs(8)).toBeNull();
    expect(retryDelayMs(9)).toBeNull();
    // From the first attempt to the last: a receiver down for a day still gets its events.
    expect(RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBe(
      31 * HOUR + 12 * MINUTE + 40 * SECOND,
    );
  });

  it('never waits less after a later failure', () => {
    for (let attempt = 2; attempt < MAX_ATTEMPTS; attempt++) {
      expect(retryDelayMs(attempt)!).toBeGreaterThan(retryDelayMs(attempt - 1)!);
    }
  });

  it('refuses attempt numbers below 1', () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });

  it('after an attempt: delivered, due again after the delay from the attempt, or failed after the last', () => {
    const at = new Date('2026-11-29T12:00:00.000Z');
    expect(afterAttempt(1, true, at)).toEqual({ status: 'SUCCEEDED', nextAttemptAt: null });
    expect(afterAttempt(8, true, at)).toEqual({ status: 'SUCCEEDED', nextAttemptAt: null });
    expect(afterAttempt(1, false, at)).toEqual({
      status: 'PENDING',
      nextAttemptAt: new Date('2026-11-29T12:00:10.000Z'),
    });
    expect(afterAttempt(7, false, at)).toEqual({
      status: 'PENDING',
      nextAttemptAt: new Date('2026-11-30T12:00:00.000Z'),
    });
    expect(afterAttempt(8, false, at)).toEqual({ status: 'FAILED', nextAttemptAt: null });
  });

  it('counts only a 2xx answer as delivered (redirects are not followed, so a 3xx fails)', () => {
    expect([200, 201, 202, 204, 299].every(isSuccess)).toBe(true);
    expect([100, 199, 301, 302, 304, 308, 400, 404, 410, 429, 500, 503].some(isSuccess)).toBe(false);
  });

  it('reads back only the kinds the table allows', () => {
    expect(parseDeliveryKind('PING')).toBe('PING');
    expect(parseDeliveryKind('REMINDER')).toBe('REMINDER');
    expect(() => parseDeliveryKind('SOMETHING')).toThrow();
  });

  it('reads back only the error classes the table allows (never a network error’s text)', () => {
    for (const error of ATTEMPT_ERRORS) expect(parseAttemptError(error)).toBe(error);
    expect(() => parseAttemptError('network error: connect ECONNREFUSED 10.0.0.5:8080')).toThrow();
  });

  it('rounds durations to 100 ms', () => {
    expect([0, 1, 49, 50, 149, 150, 9_951, -3].map(coarseDuration)).toEqual([
      0, 0, 0, 100, 100, 200, 10_000, 0,
    ]);
  });
});

describe('registration', () => {
  it('takes absolute http(s) URLs to public hosts, and drops the fragment', () => {
    expect(checkWebhookUrl('https://example.com/hooks/malice?x=1', PUBLIC_ONLY)).toBe(
      'https://example.com/hooks/malice?x=1',
    );
    expect(checkWebhookUrl('HTTPS://Example.COM', PUBLIC_ONLY)).toBe('https://example.com/');
    expect(checkWebhookUrl('https://example.com/in#part', PUBLIC_ONLY)).toBe('https://example.com/in');
    expect(checkWebhookUrl('http://93.184.216.34:8080/in', PUBLIC_ONLY)).toBe('http://93.184.216.34:8080/in');
    expect(checkWebhookUrl('https://[2606:4700:4700::1111]/in', PUBLIC_ONLY)).toBe(
      'https://[2606:4700:4700::1111]/in',
    );
  });

  it('takes loopback URLs when the operator allows loopback, stored as normalised', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/in', LOOPBACK)).toBe('http://127.0.0.1:8080/in');
    expect(checkWebhookUrl('http://localhost:8080/in', LOOPBACK)).toBe('http://localhost:8080/in');
    expect(checkWebhookUrl('http://2130706433:8080/in', LOOPBACK)).toBe('http://127.0.0.1:8080/in');
    expect(checkWebhookUrl('http://[::1]:8080/in', LOOPBACK)).toBe('http://[::1]:8080/in');
    // Loopback only: the rest of the network stays out of reach.
    expect(refusal(() => checkWebhookUrl('http://10.0.0.5/in', LOOPBACK)).field).toBe('url');
    expect(
      refusal(() => checkWebhookUrl('http://169.254.169.254/', parseNetworks(['0.0.0.0/0']))).field,
    ).toBe('url');
  });

  it('refuses other URLs, as BAD_USER_INPUT on the url field', () => {
    for (const url of [
      '',
      '/relative/path',
      'example.com/in',
      'ftp://example.com/in',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'https://user:pass@example.com/in',
      'https://user@example.com/in',
      `https://example.com/${'a'.repeat(2000)}`,
    ]) {
      expect({ url, ...refusal(() => checkWebhookUrl(url, LOOPBACK)) }).toEqual({
        url,
        code: 'BAD_USER_INPUT',
        field: 'url',
      });
    }
  });

  it('takes a secret of 16 to 200 characters', () => {
    expect(checkWebhookSecret('a'.repeat(16))).toBe('a'.repeat(16));
    expect(checkWebhookSecret('a'.repeat(200))).toBe('a'.repeat(200));
    for (const secret of ['', 'a'.repeat(15), 'a'.repeat(201)]) {
      expect(refusal(() => checkWebhookSecret(secret))).toEqual({ code: 'BAD_USER_INPUT', field: 'secret' });
    }
  });

  it('delivers every kind by default, each listed kind once, never nothing', () => {
    expect(checkWebhookEvents(null)).toEqual([
      'YOUR_TURN',
      'GAME_STARTED',
      'GAME_OVER',
      'CHALLENGE_RECEIVED',
      'REMINDER',
      'GAME_UNRATED',
    ]);
    expect(checkWebhookEvents(['REMINDER', 'YOUR_TURN', 'REMINDER'])).toEqual(['YOUR_TURN', 'REMINDER']);
    expect(refusal(() => checkWebhookEvents([]))).toEqual({ code: 'BAD_USER_INPUT', field: 'events' });
    expect(refusal(() => checkWebhookEvents(['PING']))).toEqual({ code: 'BAD_USER_INPUT', field: 'events' });
  });
});

/**
 * Each a URL a player could register to make the server send requests into its own network (server-side
 * request forgery); today's code took them all.
 */
describe('attacks: registering a webhook into the server’s network', () => {
  const attacks: readonly (readonly [attack: string, url: string, says: RegExp])[] = [
    ['loopback by 127.0.0.1', 'http://127.0.0.1:6379/', /127\.0\.0\.1 is a loopback address/],
    ['loopback by another 127/8 address', 'http://127.1.2.3/', /loopback address/],
    ['loopback by localhost', 'http://localhost:8080/', /localhost is a loopback name/],
    ['loopback by localhost. (trailing dot)', 'http://localhost./', /loopback name/],
    ['loopback by a *.localhost name', 'http://admin.localhost/', /loopback name/],
    ['loopback by the decimal number 2130706433', 'http://2130706433/', /127\.0\.0\.1 is a loopback address/],
    ['loopback by hex 0x7f.1', 'http://0x7f.1/', /127\.0\.0\.1 is a loopback address/],
    ['loopback by octal 017700000001', 'http://017700000001/', /127\.0\.0\.1 is a loopback address/],
    ['loopback by IPv6 [::1]', 'http://[::1]:8080/', /\[::1\] is a loopback address/],
    ['loopback by IPv4-mapped IPv6 [::ffff:127.0.0.1]', 'http://[::ffff:127.0.0.1]/', /loopback address/],
    ['the unspecified address 0.0.0.0 (this host)', 'http://0.0.0.0:8080/', /unspecified/],
    ['the unspecified address 0', 'http://0/', /unspecified/],
    ['the unspecified address [::]', 'http://[::]/', /unspecified/],
    ['a private network by 10.x', 'http://10.0.0.5:8080/', /10\.0\.0\.5 is a private-network address/],
    ['a private network by 172.16/12', 'http://172.20.1.1/', /private-network/],
    ['a private network by 192.168/16', 'https://192.168.1.1/admin', /private-network/],
    ['a private network by IPv4-mapped IPv6', 'http://[::ffff:10.0.0.5]/', /private-network/],
    ['a private network by IPv6 unique local fd00::/8', 'http://[fd12:3456::1]/', /private-network/],
    ['carrier-grade NAT 100.64/10', 'http://100.64.0.1/', /carrier-grade NAT/],
    ['link-local 169.254/16', 'http://169.254.1.1/', /link-local/],
    ['link-local IPv6 fe80::/10', 'http://[fe80::1]/', /link-local/],
    ['the metadata service 169.254.169.254', 'http://169.254.169.254/latest/meta-data/', /cloud metadata/],
    ['the metadata service by decimal 2852039166', 'http://2852039166/', /cloud metadata/],
    ['the metadata service by IPv6 fd00:ec2::254', 'http://[fd00:ec2::254]/', /cloud metadata/],
    ['the metadata service by NAT64 64:ff9b::a9fe:a9fe', 'http://[64:ff9b::a9fe:a9fe]/', /cloud metadata/],
    ['the metadata service by 6to4 2002:a9fe:a9fe::', 'http://[2002:a9fe:a9fe::1]/', /cloud metadata/],
    [
      'the metadata name metadata.google.internal',
      'http://metadata.google.internal/computeMetadata/v1/',
      /cloud metadata service name/,
    ],
    ['the metadata name metadata', 'http://metadata/', /cloud metadata service name/],
    ['multicast 224/4', 'http://224.0.0.1/', /multicast/],
    ['broadcast 255.255.255.255', 'http://255.255.255.255/', /broadcast/],
    ['documentation 192.0.2/24', 'http://192.0.2.1/', /documentation/],
    ['reserved 240/4', 'http://240.0.0.1/', /reserved/],
  ];

  it.each(attacks)('refuses %s', (_attack, url, says) => {
    const error = refused(() => checkWebhookUrl(url, PUBLIC_ONLY));
    expect({ code: error.code, field: error.extensions.field }).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'url',
    });
    expect(error.message).toMatch(says);
    expect(error.message).toMatch(/webhooks only go to public addresses/);
  });
});
