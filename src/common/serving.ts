/**
 * The line the server prints once it serves, and the wait for it in a child process. Tests and benchmarks start
 * the real server (`node dist/main.js`) and learn its address from this line, so printer and reader live together.
 */
import type { ChildProcess } from 'node:child_process';

export function servingLine(baseUrl: string): string {
  return `Malice is serving GraphQL at ${baseUrl}/graphql`;
}

const SERVING = /serving GraphQL at (http:\/\/\S+)\/graphql/;

/** Resolves with the base URL once `child` prints its serving line; rejects if it exits first or takes too long. */
export function waitUntilServing(
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${timeoutMs / 1000} s:\n${output()}`)),
      timeoutMs,
    );
    const exited = (code: number | null): void => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before serving:\n${output()}`));
    };
    const check = (): void => {
      const match = SERVING.exec(output());
      if (match === null) return;
      clearTimeout(timer);
      // Done looking: the server logs a line per request from now on, and reading the whole output again for each
      // would cost the reader more than the server spends answering.
      child.stdout!.off('data', check);
      child.off('exit', exited);
      resolve(match[1] as string);
    };
    child.stdout!.on('data', check);
    child.once('exit', exited);
  });
}
