/**
 * The pure parts of the built-in bots' worker (src/bots/bot-move.ts): a bot's move is chosen from its seat's view
 * alone, is always legal, and is the same for the same game and version — which is what lets several app copies
 * act on one turn and still append exactly one move (they all send the same move under the same clientMoveId).
 */
import {
  BOT_NAMES,
  GameState,
  PresetName,
  RULES_VERSION,
  applyEvent,
  cloneState,
  decide,
  legalMovesInView,
  newDeal,
  nextUint32,
  optionsFor,
  publicStream,
  seedXoshiro128ss,
  setup,
  shuffleInPlace,
  viewFor,
} from '../../src/engine';
import { botClientMoveId, botRng, chooseBotMove } from '../../src/bots/bot-move';
import { BUILTIN_BOTS, builtinBot, builtinBotById } from '../../src/bots/builtin-bots';

const GAME = '6f1c9a52-3d4e-4b8a-9c1d-2e3f4a5b6c7d';

/** Plays a whole game in which every seat is moved by `chooseBotMove`, with the version as a real game has it. */
function botGame(
  preset: PresetName,
  seats: number,
  seed: string,
  gameId: string,
  bots: readonly ('greedy' | 'random')[],
): { moves: string[]; state: GameState } {
  const state = setup(optionsFor(preset), newDeal(seed), seats);
  const moves: string[] = [];
  while (state.result === null) {
    const seat = state.current;
    const move = chooseBotMove(bots[seat]!, viewFor(state, seat), RULES_VERSION, gameId, moves.length);
    if (move === null) throw new Error(`no move for seat ${seat} at version ${moves.length}`);
    const decision = decide(state, { type: 'move', seat, move });
    if (!decision.ok) throw new Error(`illegal bot move ${move}: ${decision.violation.reason}`);
    for (const event of decision.events) applyEvent(state, event);
    moves.push(move);
  }
  return { moves, state };
}

describe('chooseBotMove', () => {
  it('picks a legal move from the view, the same one every time for the same game and version', () => {
    for (const preset of ['classic', 'zloba', 'modern'] as const) {
      for (let index = 0; index < 10; index++) {
        const state = setup(optionsFor(preset), newDeal(`bot-move-${preset}-${index}`), 2);
        const seat = state.current;
        for (const bot of BOT_NAMES) {
          const first = chooseBotMove(bot, viewFor(state, seat), RULES_VERSION, GAME, 7);
          // A fresh view of the same state (no shared objects) gives the same move.
          const again = chooseBotMove(bot, viewFor(cloneState(state), seat), RULES_VERSION, GAME, 7);
          expect(first).not.toBeNull();
          expect(again).toBe(first);
          expect(legalMovesInView(viewFor(state, seat))).toContain(first);
        }
      }
    }
  });

  it('sees nothing hidden: states that differ only in what the bot cannot see give the same move', () => {
    for (let index = 0; index < 20; index++) {
      const state = setup(optionsFor('modern'), newDeal(`hidden-${index}`), 3);
      const seat = state.current;
      const other = cloneState(state);
      // Reorder what the bot's seat cannot see: the stock, and the other players' hands (swapped between them).
      shuffleInPlace(publicStream('test', `reshuffle-${index}`), other.stock);
      const [a, b] = [0, 1, 2].filter((candidate) => candidate !== seat) as [number, number];
      const handA = other.seats[a]!.hand;
      other.seats[a]!.hand = other.seats[b]!.hand;
      other.seats[b]!.hand = handA;
      const view = viewFor(state, seat);
      const otherView = viewFor(other, seat);
      expect(otherView.hand).toEqual(view.hand);
      for (const bot of BOT_NAMES) {
        expect(chooseBotMove(bot, otherView, RULES_VERSION, GAME, 3)).toBe(
          chooseBotMove(bot, view, RULES_VERSION, GAME, 3),
        );
      }
    }
  });

  it('makes no move from a spectator view, or when it is not the seat’s turn', () => {
    const state = setup(optionsFor('classic'), newDeal('not-my-turn'), 2);
    const waiting = 1 - state.current;
    for (const bot of BOT_NAMES) {
      expect(chooseBotMove(bot, viewFor(state, null), RULES_VERSION, GAME, 0)).toBeNull();
      expect(chooseBotMove(bot, viewFor(state, waiting), RULES_VERSION, GAME, 0)).toBeNull();
    }
  });

  it('plays whole games to the end, the same moves each time for the same game id', () => {
    for (const bots of [
      ['greedy', 'random'],
      ['random', 'random'],
    ] as const) {
      const first = botGame('classic', 2, `whole-${bots.join('-')}`, GAME, bots);
      const again = botGame('classic', 2, `whole-${bots.join('-')}`, GAME, bots);
      expect(first.state.result).not.toBeNull();
      expect(again.moves).toEqual(first.moves);
    }
  });

  it('draws the random bot’s choices from a stream per game and version', () => {
    // The same deal played by two random bots in games with different ids goes differently.
    const one = botGame('classic', 2, 'stream', GAME, ['random', 'random']);
    const two = botGame('classic', 2, 'stream', '0d9a8b7c-6e5f-4a3b-8c2d-1e0f9a8b7c6d', ['random', 'random']);
    expect(two.moves).not.toEqual(one.moves);
    // The stream itself: equal for equal inputs, different when the version, the game or the seat differs.
    const word = (gameId: string, version: number, seat: number): number =>
      nextUint32(botRng(RULES_VERSION, gameId, version, seat));
    expect(word(GAME, 4, 1)).toBe(word(GAME, 4, 1));
    const others = [word(GAME, 5, 1), word(GAME, 4, 0), word('another-game', 4, 1)];
    for (const other of others) expect(other).not.toBe(word(GAME, 4, 1));
  });

  it('new games’ bots draw from ChaCha20; games under the old generator keep the stream their bots had', () => {
    const fresh = botRng(RULES_VERSION, GAME, 4, 1);
    expect(fresh.generator).toBe('chacha20');
    const old = botRng('malice-rules-1+xoshiro128ss-sha256-v1', GAME, 4, 1);
    expect(old).toEqual(seedXoshiro128ss(`malice-bot:${GAME}:4:1`));
    // Nothing of a deal goes in: the stream is named by public facts only (game id, version, seat).
    expect(botRng(RULES_VERSION, GAME, 4, 1)).toEqual(fresh);
  });
});

describe('the built-in bots', () => {
  it('have one clientMoveId per decision', () => {
    expect(botClientMoveId(0)).toBe('bot:0');
    expect(botClientMoveId(41)).toBe('bot:41');
  });

  it('are found by kind and by account id, and nothing else is one', () => {
    expect(BUILTIN_BOTS.map((bot) => bot.kind).sort()).toEqual(['EXPERT', 'GREEDY', 'RANDOM']);
    for (const bot of BUILTIN_BOTS) {
      expect(builtinBot(bot.kind)).toBe(bot);
      expect(builtinBotById(bot.playerId)).toBe(bot);
      expect(BOT_NAMES).toContain(bot.engineBot);
    }
    expect(builtinBotById('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
