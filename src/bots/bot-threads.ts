/**
 * The bot threads: a small pool of long-lived node:worker_threads Workers (bot-thread.ts) that compute built-in
 * bots' decisions, so that a bot that searches (a few hundred milliseconds of CPU per decision) never holds up the
 * app's event loop — its requests, pushes and other workers go on meanwhile.
 *
 * - Threads start when first needed, up to `size`, and live as long as the app; each takes one decision at a
 *   time, the others wait in order.
 * - A thread that dies (an uncaught error, out of memory) fails the decision it held and is replaced by the next
 *   decision; one that takes longer than `timeoutMs` over a decision is stopped and replaced likewise. A failed
 *   decision is the bot worker's ordinary failure: the catch-up scan plays the turn again.
 * - onModuleDestroy stops them all and fails what is left.
 * - A bot's turn goes before the replays of verifyGame (src/export/bot-choice-checks.ts), which wait behind every
 *   turn: a game being played waits for a verification one decision at most.
 *
 * The thread's script is bot-thread.js next to this file (dist/bots/ for `npm start` and the tests, which run the
 * compiled server). Run from the TypeScript sources (ts-jest, tsx), it is bot-thread.ts, loaded through tsx.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
// Types only: Nest is an ES module that the unit tests (ts-jest, CommonJS) cannot load.
import type { OnModuleDestroy } from '@nestjs/common';
import type { BotDecision, BotDecisionReply, BotDecisionRequest } from './bot-thread';

/** Far longer than any bot's decision: only a guard against a thread that hangs. */
export const BOT_DECISION_TIMEOUT_MS = 10_000;

/** One thread per spare core, at most four: bot decisions should not starve the event loop's own core. */
export function defaultBotThreads(): number {
  return Math.max(1, Math.min(4, os.availableParallelism() - 1));
}

export interface BotThreadScript {
  readonly file: string;
  readonly execArgv: readonly string[];
}

/** Where the thread's script is: compiled next to this module, or (from the sources) the .ts through tsx. */
export function botThreadScript(dir: string = __dirname): BotThreadScript {
  const compiled = path.join(dir, 'bot-thread.js');
  if (fs.existsSync(compiled)) return { file: compiled, execArgv: [] };
  const source = path.join(dir, 'bot-thread.ts');
  if (fs.existsSync(source)) return { file: source, execArgv: ['--require', 'tsx/cjs'] };
  throw new Error(`no bot thread script in ${dir} (bot-thread.js or bot-thread.ts)`);
}

/** Why a decision is computed: a bot's turn in a running game, or a replay of a finished game's (verifyGame). */
export type BotDecisionPurpose = 'turn' | 'replay';

interface Job {
  readonly decision: BotDecision;
  readonly purpose: BotDecisionPurpose;
  readonly resolve: (move: string | null) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  worker: Worker | null;
  job: Job | null;
  jobId: number;
  timer: NodeJS.Timeout | null;
}

export interface BotThreadsOptions {
  readonly size?: number;
  readonly timeoutMs?: number;
  readonly script?: BotThreadScript;
  /** Where a lost or stopped thread is reported (bots.module.ts gives Nest's logger). */
  readonly log?: (level: 'warn' | 'error', message: string) => void;
}

export class BotThreads implements OnModuleDestroy {
  private readonly log: (level: 'warn' | 'error', message: string) => void;
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly script: BotThreadScript;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private stopped = false;
  /** Threads started so far, replacements included (for tests and logs). */
  started = 0;

  constructor(options: BotThreadsOptions = {}) {
    this.size = options.size ?? defaultBotThreads();
    this.timeoutMs = options.timeoutMs ?? BOT_DECISION_TIMEOUT_MS;
    this.log = options.log ?? (() => undefined);
    // Resolved now, so that a build without the script fails at startup rather than at the first bot turn.
    this.script = options.script ?? botThreadScript();
  }

  /** chooseBotMove(decision…), computed in a bot thread; a turn before every waiting replay. */
  decide(decision: BotDecision, purpose: BotDecisionPurpose = 'turn'): Promise<string | null> {
    if (this.stopped) return Promise.reject(new Error('the bot threads have stopped'));
    return new Promise((resolve, reject) => {
      const job: Job = { decision, purpose, resolve, reject };
      const firstReplay = this.queue.findIndex((waiting) => waiting.purpose === 'replay');
      if (purpose === 'turn' && firstReplay >= 0) this.queue.splice(firstReplay, 0, job);
      else this.queue.push(job);
      this.pump();
    });
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    const stopping = new Error('the bot threads have stopped');
    for (const job of this.queue.splice(0)) job.reject(stopping);
    await Promise.all(this.slots.map((slot) => this.stop(slot, stopping)));
  }

  /** Hands waiting decisions to idle threads, starting threads up to `size`. */
  private pump(): void {
    while (this.queue.length > 0 && !this.stopped) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (slot === undefined && this.slots.length < this.size) {
        slot = { worker: null, job: null, jobId: 0, timer: null };
        this.slots.push(slot);
      }
      if (slot === undefined) return;
      this.post(slot, this.queue.shift()!);
    }
  }

  private post(slot: Slot, job: Job): void {
    const worker = slot.worker ?? this.spawn(slot);
    slot.job = job;
    slot.jobId = this.nextId++;
    slot.timer = setTimeout(
      () => void this.stop(slot, new Error(`a bot decision took longer than ${this.timeoutMs} ms`)),
      this.timeoutMs,
    );
    // A thread at work keeps the process alive (its answer is awaited); an idle one does not.
    worker.ref();
    worker.postMessage({ id: slot.jobId, decision: job.decision } satisfies BotDecisionRequest);
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.script.file, { execArgv: [...this.script.execArgv] });
    this.started += 1;
    slot.worker = worker;
    worker.on('message', (reply: BotDecisionReply) => {
      if (slot.worker !== worker || slot.job === null || reply.id !== slot.jobId) return;
      const job = this.finish(slot);
      if (reply.ok) job.resolve(reply.move);
      else job.reject(new Error(`the bot failed: ${reply.error}`));
      worker.unref();
      this.pump();
    });
    worker.on('error', (error) => this.lost(slot, worker, error));
    worker.on('exit', (code) => this.lost(slot, worker, new Error(`a bot thread exited (code ${code})`)));
    return worker;
  }

  /** The slot's job, taken off it with its timer cleared. */
  private finish(slot: Slot): Job {
    const job = slot.job!;
    slot.job = null;
    if (slot.timer !== null) clearTimeout(slot.timer);
    slot.timer = null;
    return job;
  }

  /** A thread died: fail what it held; the next decision for the slot starts a new thread. */
  private lost(slot: Slot, worker: Worker, error: Error): void {
    if (slot.worker !== worker) return;
    slot.worker = null;
    if (!this.stopped) this.log('error', `bot thread lost: ${error.message}`);
    if (slot.job !== null) this.finish(slot).reject(error);
    this.pump();
  }

  /** Stops the slot's thread (a hang, or shutdown), failing its decision with `error`. */
  private async stop(slot: Slot, error: Error): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    if (slot.job !== null) this.finish(slot).reject(error);
    if (worker !== null) {
      if (!this.stopped) this.log('warn', `bot thread stopped: ${error.message}`);
      await worker.terminate();
    }
    this.pump();
  }
}
