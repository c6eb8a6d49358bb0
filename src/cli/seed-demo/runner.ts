/**
 * Where demo games are played: in worker threads, one per core, so that playing (most of a run's CPU) uses the
 * whole machine while the main thread rates and writes; or in the calling thread, in short slices that let the
 * event loop feed the COPY of the chunk being written (for a small machine, and under ts-jest, which cannot
 * start a worker from a .ts file).
 *
 * A worker runs the very file this module was loaded from (the esbuild bundle of a command, or the compiled
 * dist/cli/seed-demo/runner.js): loading it in a worker thread starts the job loop below instead of a command.
 */
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { GameJob, PlayedJob, playJob } from './job';

export interface GameRunner {
  /** Plays the jobs; results in the jobs' order. */
  run(jobs: readonly GameJob[]): Promise<PlayedJob[]>;
  close(): Promise<void>;
}

/** Marks a worker thread started by `workerRunner`. */
const WORKER_MARK = 'malice-seed-demo-worker';
/** Play at most this long before letting the event loop run (in-process runner). */
const SLICE_MS = 15;
/** Jobs per message: enough to make messaging cheap, few enough to keep every worker busy to the end. */
const BATCH = 20;

interface JobsMessage {
  readonly batch: number;
  readonly jobs: readonly GameJob[];
}

type ResultMessage =
  | { readonly batch: number; readonly played: readonly PlayedJob[] }
  | { readonly batch: number; readonly error: string };

/** The file a worker can run: this module's own, once compiled to JavaScript (null under ts-jest or tsx). */
export function workerScript(): string | null {
  return __filename.endsWith('.js') ? __filename : null;
}

export function inProcessRunner(): GameRunner {
  return {
    async run(jobs) {
      const played: PlayedJob[] = [];
      let sliceStart = Date.now();
      for (const job of jobs) {
        played.push(playJob(job));
        if (Date.now() - sliceStart >= SLICE_MS) {
          await yieldToEventLoop();
          sliceStart = Date.now();
        }
      }
      return played;
    },
    async close() {},
  };
}

interface Batch {
  readonly jobs: readonly GameJob[];
  readonly done: (played: readonly PlayedJob[]) => void;
  readonly failed: (error: Error) => void;
}

/** `count` worker threads running `script`, fed batches of jobs from one queue (a free worker takes the next). */
export function workerRunner(script: string, count: number): GameRunner {
  const queue: Batch[] = [];
  const busy = new Map<Worker, { id: number; batch: Batch }>();
  const idle: Worker[] = [];
  let nextId = 0;
  let broken: Error | null = null;

  const dispatch = (): void => {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.pop() as Worker;
      const batch = queue.shift() as Batch;
      const id = nextId++;
      busy.set(worker, { id, batch });
      worker.postMessage({ batch: id, jobs: batch.jobs } satisfies JobsMessage);
    }
  };
  const fail = (error: Error): void => {
    broken = error;
    for (const { batch } of busy.values()) batch.failed(error);
    for (const batch of queue.splice(0)) batch.failed(error);
    busy.clear();
  };
  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(script, { workerData: { [WORKER_MARK]: true } });
    worker.on('message', (message: ResultMessage) => {
      const current = busy.get(worker);
      if (current === undefined || current.id !== message.batch) return;
      busy.delete(worker);
      if ('error' in message) {
        fail(new Error(message.error));
        return;
      }
      current.batch.done(message.played);
      idle.push(worker);
      dispatch();
    });
    worker.on('error', (error) => fail(error));
    worker.on('exit', (code) => {
      if (busy.has(worker)) fail(new Error(`a seed:demo worker exited with code ${code}`));
    });
    idle.push(worker);
    return worker;
  });

  return {
    run(jobs) {
      if (broken !== null) return Promise.reject(broken);
      const played = new Array<PlayedJob>(jobs.length);
      let remaining = Math.ceil(jobs.length / BATCH);
      if (remaining === 0) return Promise.resolve([]);
      return new Promise((resolve, reject) => {
        for (let offset = 0; offset < jobs.length; offset += BATCH) {
          queue.push({
            jobs: jobs.slice(offset, offset + BATCH),
            done: (results) => {
              results.forEach((result, index) => (played[offset + index] = result));
              if (--remaining === 0) resolve(played);
            },
            failed: reject,
          });
        }
        dispatch();
      });
    },
    async close() {
      await Promise.all(workers.map((worker) => worker.terminate()));
    },
  };
}

/** In a worker thread started by `workerRunner`: play every batch that arrives and send back the results. */
function serveJobs(): void {
  const port = parentPort;
  if (port === null) return;
  port.on('message', (message: JobsMessage) => {
    try {
      port.postMessage({ batch: message.batch, played: message.jobs.map(playJob) } satisfies ResultMessage);
    } catch (error) {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      port.postMessage({ batch: message.batch, error: text } satisfies ResultMessage);
    }
  });
}

if (!isMainThread && (workerData as Record<string, unknown> | null)?.[WORKER_MARK] === true) serveJobs();
