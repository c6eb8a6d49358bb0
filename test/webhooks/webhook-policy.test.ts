/**
 * The rules of webhooks (src/webhooks/webhook-policy.ts): the retry schedule and when a delivery gives up, what
 * counts as delivered, and what a registration may contain.
 */
import { ApiError } from '../../src/errors/api-error';
import {
  MAX_ATTEMPTS,
  RETRY_DELAYS_MS,
  afterAttempt,
  checkWebhookEvents,
  checkWebhookSecret,
  checkWebhookUrl,
  isSuccess,
  parseDeliveryKind,
  retryDelayMs,
} from '../../src/webhooks/webhook-policy';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

function refusal(run: () => unknown): { code: string; field: unknown } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return { code: (error as ApiError).code, field: (error as ApiError).extensions.field };
  }
  throw new Error('no refusal');
}

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
});

describe('registration', () => {
  it('takes absolute http(s) URLs, loopback included, and drops the fragment', () => {
    expect(checkWebhookUrl('https://example.com/hooks/malice?x=1')).toBe(
      'https://example.com/hooks/malice?x=1',
    );
    expect(checkWebhookUrl('http://127.0.0.1:8080/in')).toBe('http://127.0.0.1:8080/in');
    expect(checkWebhookUrl('HTTPS://Example.COM')).toBe('https://example.com/');
    expect(checkWebhookUrl('https://example.com/in#part')).toBe('https://example.com/in');
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
      expect({ url, ...refusal(() => checkWebhookUrl(url)) }).toEqual({
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
