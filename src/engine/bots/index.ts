/** Bots that play from a seat's view, and the simulation that pits them against each other. */
export {
  type Bot,
  type BotName,
  type BotVersion,
  BOT_NAMES,
  BOT_VERSIONS,
  createBot,
  isBotName,
} from './bot';
export { botDecisionRng, chooseBotMove } from './choice';
export { greedyBotWith } from './greedy';
export { EXPERT_BUDGET, type ExpertBudget, expertBotWith, expertChoice } from './expert';
export { DEFAULT_TUNING, EXPERT_TUNING, type GreedyTuning } from './tuning';
export * from './simulation';
