/**
 * The built-in opponents (docs/correspondence.md#the-built-in-bots): two player accounts created by the migration
 * 20261129160000_builtin_bots, each driven by one of the engine's bots. Their ids are fixed so that any app copy
 * knows them without a lookup.
 */
import type { BotName } from '../engine';

export type BuiltinBotKind = 'GREEDY' | 'RANDOM';

export interface BuiltinBot {
  readonly kind: BuiltinBotKind;
  readonly playerId: string;
  readonly username: string;
  /** The engine bot that chooses its moves. */
  readonly engineBot: BotName;
}

export const BUILTIN_BOTS: readonly BuiltinBot[] = [
  {
    kind: 'GREEDY',
    playerId: '00000000-0000-4000-8000-00000000b001',
    username: 'GreedyBot',
    engineBot: 'greedy',
  },
  {
    kind: 'RANDOM',
    playerId: '00000000-0000-4000-8000-00000000b002',
    username: 'RandomBot',
    engineBot: 'random',
  },
];

export function builtinBot(kind: BuiltinBotKind): BuiltinBot {
  const bot = BUILTIN_BOTS.find((candidate) => candidate.kind === kind);
  if (bot === undefined) throw new RangeError(`no built-in bot ${kind}`);
  return bot;
}

export function builtinBotById(playerId: string): BuiltinBot | undefined {
  return BUILTIN_BOTS.find((candidate) => candidate.playerId === playerId);
}
