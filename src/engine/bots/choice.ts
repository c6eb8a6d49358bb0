/**
 * A built-in bot's decision in a game (docs/fairness.md#the-built-in-bots-choices): the move the bot makes from its
 * seat's view, with the random stream of that decision. Here in the engine, not beside the bot worker
 * (src/bots/bot-move.ts, which re-exports it), so that the export's checks (src/export/verify-export.ts), which
 * import nothing but the engine, replay a finished game's bot moves with the very code that chose them.
 */
import { RngState } from '../rng';
import { botStream, publicStream } from '../seeding';
import { RulesVersion, versionParts } from '../versions';
import { GameView, legalMovesInView } from '../view';
import { seedXoshiro128ss } from '../xoshiro128ss';
import { BotName, createBot } from './bot';

/**
 * The bot's random stream for one decision: the move it makes at `version` (the number of events before it) in
 * seat `seat` of `gameId`, a game under `rulesVersion` whose server seed is `seed`. Each version keeps the stream
 * its bots always had: under `bot-key-v1` ChaCha20 keyed by the secret seed (seeding.ts `botKey`), before it a
 * public stream that ignores the seed.
 */
export function botDecisionRng(
  rulesVersion: RulesVersion,
  seed: string,
  gameId: string,
  version: number,
  seat: number,
): RngState {
  const parts = versionParts(rulesVersion);
  switch (parts.bots) {
    case 'bot-key-v1':
      return botStream(seed, gameId, version, seat);
    case 'public-bots':
      switch (parts.generator) {
        case 'chacha20-v2':
          return publicStream('bot', gameId, String(version), String(seat));
        case 'xoshiro128ss-sha256-v1':
          return seedXoshiro128ss(`malice-bot:${gameId}:${version}:${seat}`);
      }
  }
}

/**
 * The move `engineBot` makes from `view` (the bot seat's own view) in `gameId` (under `rulesVersion`, dealt from
 * the server seed `seed`) at `version`, or null when the view has no move for it (a spectator's view, or not the
 * bot's turn). `seed` is the game's secret: only the server passes it before the end.
 */
export function chooseBotMove(
  engineBot: BotName,
  view: GameView,
  rulesVersion: RulesVersion,
  seed: string,
  gameId: string,
  version: number,
): string | null {
  if (view.seat === null) return null;
  const legal = legalMovesInView(view);
  if (legal.length === 0) return null;
  return createBot(engineBot).choose(
    view,
    legal,
    botDecisionRng(rulesVersion, seed, gameId, version, view.seat),
  );
}
