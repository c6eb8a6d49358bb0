/**
 * The entry of a bot thread (bot-threads.ts starts it as a node:worker_threads Worker): it answers decision
 * requests with chooseBotMove, one at a time, off the app's event loop. A request carries the bot seat's view as
 * plain data (structured clone), so the thread sees what the in-process call would see, and nothing more. It also
 * carries the game's secret server seed, which keys the bot's stream: it stays in this process (a message between
 * threads), and no reply or error names it.
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import type { BotName, GameView, RulesVersion } from '../engine';
import { chooseBotMove } from './bot-move';

/** One decision: chooseBotMove's arguments. */
export interface BotDecision {
  readonly engineBot: BotName;
  readonly view: GameView;
  readonly rulesVersion: RulesVersion;
  /** The game's server seed, secret until the game is over (bot-move.ts). */
  readonly seed: string;
  readonly gameId: string;
  readonly version: number;
}

export interface BotDecisionRequest {
  readonly id: number;
  readonly decision: BotDecision;
}

export type BotDecisionReply =
  | { readonly id: number; readonly ok: true; readonly move: string | null }
  | { readonly id: number; readonly ok: false; readonly error: string };

export function answer(request: BotDecisionRequest): BotDecisionReply {
  const { engineBot, view, rulesVersion, seed, gameId, version } = request.decision;
  try {
    return {
      id: request.id,
      ok: true,
      move: chooseBotMove(engineBot, view, rulesVersion, seed, gameId, version),
    };
  } catch (error) {
    return { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

// Imported on the main thread (by a test, or for its types), the module only defines the above.
const port = isMainThread ? null : parentPort;
port?.on('message', (request: BotDecisionRequest) => port.postMessage(answer(request)));
