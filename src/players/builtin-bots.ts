/**
 * The built-in opponents (docs/correspondence.md#the-built-in-bots): player accounts created by migrations, each
 * driven by one of the engine's bots. Their ids are fixed so that any app copy knows them without a lookup. They are
 * players, so the list lives in the players module, which the games module (that seats them) and the bots module
 * (whose worker plays them) both sit above (docs/architecture.md, "Layout of a module").
 *
 * This list is the only place a level is named: the GraphQL enum BotKind (and its descriptions), the worker's
 * watch, the catch-up scan and the reserved usernames (src/players/reserved-names.ts) all derive from it. A new
 * level is one entry here plus a migration inserting its account with the same id and username
 * (docs/correspondence.md, "Adding a bot level"; test/db/bots/builtin-bots.db.test.ts checks the two agree).
 */
import { BOT_VERSIONS, type BotName, type BotVersion } from '../engine';

export interface BuiltinBotEntry {
  /** Its value of the GraphQL enum BotKind (`createGame(input: { bot })`). */
  readonly kind: string;
  /** The account's id, fixed: the migration that creates the account uses the same. */
  readonly playerId: string;
  readonly username: string;
  /** The engine bot that chooses its moves. */
  readonly engineBot: BotName;
  /** BotKind's description of the value: how it plays. */
  readonly description: string;
}

export const BUILTIN_BOTS = [
  {
    kind: 'GREEDY',
    playerId: '00000000-0000-4000-8000-00000000b001',
    username: 'GreedyBot',
    engineBot: 'greedy',
    description: 'GreedyBot: plays to empty its pay-off pile and to block yours.',
  },
  {
    kind: 'RANDOM',
    playerId: '00000000-0000-4000-8000-00000000b002',
    username: 'RandomBot',
    engineBot: 'random',
    description: 'RandomBot: picks any legal move.',
  },
  {
    kind: 'EXPERT',
    playerId: '00000000-0000-4000-8000-00000000b003',
    username: 'ExpertBot',
    engineBot: 'expert',
    description:
      'ExpertBot: searches ahead over deals of the cards it cannot see, sampled from its own view.',
  },
] as const satisfies readonly BuiltinBotEntry[];

export type BuiltinBot = (typeof BUILTIN_BOTS)[number];
export type BuiltinBotKind = BuiltinBot['kind'];

export const BUILTIN_BOT_KINDS: readonly BuiltinBotKind[] = BUILTIN_BOTS.map((bot) => bot.kind);

export function builtinBot(kind: BuiltinBotKind): BuiltinBot {
  const bot = BUILTIN_BOTS.find((candidate) => candidate.kind === kind);
  if (bot === undefined) throw new RangeError(`no built-in bot ${kind}`);
  return bot;
}

export function builtinBotById(playerId: string): BuiltinBot | undefined {
  return BUILTIN_BOTS.find((candidate) => candidate.playerId === playerId);
}

/** The version of the play this app copy gives the bot: its engine bot's (docs/bots.md, "Versions"). */
export function builtinBotVersion(bot: BuiltinBot): BotVersion {
  return BOT_VERSIONS[bot.engineBot];
}
