/**
 * One HTTP attempt at a webhook delivery (issue 5 §3): a POST that never follows a redirect and gives up after a
 * timeout. Free of Nest, so it is tested against a real local HTTP server.
 */
import { performance } from 'node:perf_hooks';
import { REQUEST_TIMEOUT_MS } from './webhook-policy';
import type { WebhookRequest } from './webhook-request';

/** What came of an attempt: an HTTP answer (any status), or none (then why). */
export type AttemptOutcome =
  | { readonly kind: 'answered'; readonly statusCode: number; readonly durationMs: number }
  | { readonly kind: 'failed'; readonly error: string; readonly durationMs: number };

export interface SendOptions {
  readonly timeoutMs?: number;
  /** Aborts the attempt early (the app shutting down). */
  readonly signal?: AbortSignal;
}

export async function sendWebhook(
  url: string,
  request: WebhookRequest,
  options: SendOptions = {},
): Promise<AttemptOutcome> {
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal === undefined ? timeout : AbortSignal.any([timeout, options.signal]);
  // A duration is measured on the monotonic clock; the attempt's time of day comes from the injected Clock.
  const started = performance.now();
  const elapsed = (): number => Math.max(0, Math.round(performance.now() - started));
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      // A redirect is a failed attempt: following it would send the signed event somewhere not registered.
      redirect: 'manual',
      signal,
    });
    const durationMs = elapsed();
    // Only the status matters; dropping the body frees the connection.
    await response.body?.cancel().catch(() => undefined);
    return { kind: 'answered', statusCode: response.status, durationMs };
  } catch (error) {
    return { kind: 'failed', error: describeFailure(error, timeoutMs), durationMs: elapsed() };
  }
}

/** A short, stable reason for the delivery log: the timeout, a cancellation, or the network error's code. */
export function describeFailure(error: unknown, timeoutMs: number): string {
  // Duck-typed, not instanceof: fetch's errors may come from another realm (a vm context, as under jest).
  const failure = errorLike(error);
  if (failure === null) return `network error: ${String(error)}`.slice(0, 500);
  if (failure.name === 'TimeoutError') return `timeout: no answer within ${timeoutMs / 1000} s`;
  if (failure.name === 'AbortError') return 'cancelled: the server sending it shut down';
  // fetch reports network trouble as TypeError("fetch failed") with the system error as its cause.
  const cause = errorLike(failure.cause);
  if (cause !== null) {
    const text =
      typeof cause.code === 'string' && !cause.message.includes(cause.code)
        ? `${cause.code}: ${cause.message}`
        : cause.message;
    return `network error: ${text}`.slice(0, 500);
  }
  return `network error: ${failure.message}`.slice(0, 500);
}

interface ErrorLike {
  readonly name: string;
  readonly message: string;
  readonly code?: unknown;
  readonly cause?: unknown;
}

function errorLike(value: unknown): ErrorLike | null {
  if (typeof value !== 'object' || value === null) return null;
  const { name, message } = value as { name?: unknown; message?: unknown };
  return typeof name === 'string' && typeof message === 'string' ? (value as ErrorLike) : null;
}
