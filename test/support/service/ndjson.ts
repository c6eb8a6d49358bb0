/**
 * A client of the NDJSON streams (docs/api/subscriptions-and-streams.md#streams), as any program reads them:
 * a GET, the body split into lines as it arrives. Keep-alive lines (empty) are counted, not kept.
 */
import { IncomingMessage, get } from 'node:http';

export interface StreamBody {
  readonly status: number;
  readonly headers: Headers;
  /** The JSON lines so far. */
  readonly lines: unknown[];
  /** Keep-alive lines so far. */
  keepAlives(): number;
  /** Resolves when the server ended the stream (or the client closed it). */
  readonly ended: Promise<void>;
  /** The next JSON line after the `index`th (waits for it; fails when the stream ends first). */
  line<T = Record<string, unknown>>(index: number): Promise<T>;
  /** Resolves once `condition` holds of what arrived (checked at each chunk). */
  until(condition: () => boolean): Promise<void>;
  /** Hangs up. */
  close(): void;
}

export async function openStream(url: string, path: string, token: string | null): Promise<StreamBody> {
  // node:http rather than fetch: hanging up must close the connection at once (so the server sees it).
  const request = get(`${url}${path}`, {
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const lines: unknown[] = [];
  let keepAlives = 0;
  let done = false;
  let closing = false;
  const waiters = new Set<() => void>();
  const wake = (): void => {
    for (const waiter of [...waiters]) waiter();
  };
  const ended = (async () => {
    let buffer = '';
    try {
      for await (const chunk of response) {
        buffer += (chunk as Buffer).toString('utf8');
        for (let at = buffer.indexOf('\n'); at >= 0; at = buffer.indexOf('\n')) {
          const text = buffer.slice(0, at);
          buffer = buffer.slice(at + 1);
          if (text === '') keepAlives += 1;
          else lines.push(JSON.parse(text) as unknown);
        }
        wake();
      }
    } catch (error) {
      if (!closing) throw error;
    } finally {
      done = true;
      wake();
    }
  })();
  const headers = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return {
    status: response.statusCode ?? 0,
    headers,
    lines,
    keepAlives: () => keepAlives,
    ended,
    line<T>(index: number): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const check = (): void => {
          if (lines.length > index) {
            waiters.delete(check);
            resolve(lines[index] as T);
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended after ${lines.length} line(s): ${JSON.stringify(lines)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    until(condition: () => boolean): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const check = (): void => {
          if (condition()) {
            waiters.delete(check);
            resolve();
          } else if (done) {
            waiters.delete(check);
            reject(new Error(`the stream ended first: ${JSON.stringify(lines)}`));
          }
        };
        waiters.add(check);
        check();
      });
    },
    close: () => {
      closing = true;
      request.destroy();
    },
  };
}
