/**
 * The bot threads (src/bots/bot-threads.ts): a decision computed in a thread is the one chooseBotMove makes in
 * process for the same inputs (the view and the game's seed cross as data, and nothing else goes in), from the
 * TypeScript sources and from the compiled script in dist/ alike; the app's event loop keeps turning while a
 * thread computes; a thread that dies or hangs fails its decision and is replaced.
 */
import * as path from 'node:path';
import { BOT_NAMES, RULES_VERSION, newDeal, optionsFor, setup, viewFor } from '../../../src/engine';
import { chooseBotMove } from '../../../src/bots/bot-move';
import type { BotDecision } from '../../../src/bots/bot-thread';
import { BotThreads, botThreadScript } from '../../../src/bots/bot-threads';

const GAME = '0b6f2a1e-5c3d-4e7f-8a9b-1c2d3e4f5a6b';
const DIST = path.resolve(__dirname, '..', '..', '..', 'dist', 'bots');

/** Decisions from the first turn of many deals, in every preset, for every engine bot. */
function decisions(count: number): BotDecision[] {
  const presets = ['classic', 'zloba', 'modern'] as const;
  return [...Array(count).keys()].map((index) => {
    const preset = presets[index % presets.length]!;
    const seed = `threads-${index}`;
    const state = setup(optionsFor(preset), newDeal(seed), 2);
    return {
      engineBot: BOT_NAMES[index % BOT_NAMES.length]!,
      view: viewFor(state, state.current),
      rulesVersion: RULES_VERSION,
      seed,
      gameId: GAME,
      version: index,
    };
  });
}

function inProcess(decision: BotDecision): string | null {
  return chooseBotMove(
    decision.engineBot,
    decision.view,
    decision.rulesVersion,
    decision.seed,
    decision.gameId,
    decision.version,
  );
}

let threads: BotThreads;
afterEach(async () => {
  await threads.onModuleDestroy();
});

describe('BotThreads', () => {
  it('answers each decision with the move chooseBotMove makes in process for the same inputs', async () => {
    threads = new BotThreads({ size: 2 });
    const cases = decisions(60);
    const moves = await Promise.all(cases.map((decision) => threads.decide(decision)));
    expect(moves).toEqual(cases.map(inProcess));
    expect(moves.every((move) => move !== null)).toBe(true);
    // Long-lived: two threads served all sixty.
    expect(threads.started).toBe(2);
  });

  it('runs the compiled script in dist/ (npm run build) as npm start does, with the same answers', async () => {
    const script = botThreadScript(DIST);
    expect(script).toEqual({ file: path.join(DIST, 'bot-thread.js'), execArgv: [] });
    threads = new BotThreads({ size: 1, script });
    const cases = decisions(12);
    expect(await Promise.all(cases.map((decision) => threads.decide(decision)))).toEqual(
      cases.map(inProcess),
    );
  });

  it('keeps the event loop turning while a thread computes', async () => {
    threads = new BotThreads({ size: 1 });
    // Warm the thread up, so what follows measures decisions, not the thread's start.
    await threads.decide(decisions(1)[0]!);
    const cases = decisions(400);
    let turns = 0;
    let done = false;
    const answered = Promise.all(cases.map((decision) => threads.decide(decision))).finally(
      () => (done = true),
    );
    // A turn of the loop per setImmediate: computed on this thread, all 400 decisions would run before the first.
    const spin = (): void => {
      turns += 1;
      if (!done) setImmediate(spin);
    };
    setImmediate(spin);
    const firstTurn = new Promise<boolean>((resolve) => setImmediate(() => resolve(done)));
    expect(await firstTurn).toBe(false);
    await answered;
    expect(turns).toBeGreaterThan(1);
  });

  it('replaces a thread that dies, failing only the decision it held', async () => {
    threads = new BotThreads({ size: 1 });
    // The held decision is the expert's (a search of many playouts), so that it is still running when the thread
    // is stopped: a greedy decision can be answered before the stop takes effect.
    const [first, , second] = decisions(3) as [BotDecision, BotDecision, BotDecision];
    expect(second.engineBot).toBe('expert');
    // A thread stopped from outside, mid-decision, is what a crash looks like to the pool.
    await threads.decide(first);
    const held = threads.decide(second);
    const slots = (threads as unknown as { slots: { worker: { terminate(): Promise<number> } | null }[] })
      .slots;
    await slots[0]!.worker!.terminate();
    await expect(held).rejects.toThrow(/exited/);
    expect(await threads.decide(second)).toBe(inProcess(second));
    expect(threads.started).toBe(2);
  });

  it('stops a thread that takes longer than its timeout, and fails that decision', async () => {
    threads = new BotThreads({ size: 1, timeoutMs: 1 });
    // 1 ms is far too little even for starting the thread: the decision times out, and the thread is replaced.
    await expect(threads.decide(decisions(1)[0]!)).rejects.toThrow(/longer than 1 ms/);
  });

  it('refuses decisions once stopped', async () => {
    threads = new BotThreads({ size: 1 });
    await threads.onModuleDestroy();
    await expect(threads.decide(decisions(1)[0]!)).rejects.toThrow(/stopped/);
  });
});
