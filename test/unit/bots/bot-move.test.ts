/**
 * The pure parts of the built-in bots' worker (src/bots/bot-move.ts): a bot's move is chosen from its seat's view
 * alone, is always legal, and is the same for the same game and version — which is what lets several app copies
 * act on one turn and still append exactly one move (they all send the same move under the same clientMoveId).
 *
 * And it is secret until the end (docs/fairness.md#the-built-in-bots-choices): under `bot-key-v1` the stream is
 * keyed by the game's server seed, so a simulation from everything public (and the bot's own view besides) does
 * not give RandomBot's or ExpertBot's choices, while one with the revealed seed gives every one of them; games
 * dealt under the earlier versions keep the public stream their bots always had.
 */
import { createHash } from 'node:crypto';
import {
  BOT_NAMES,
  BotName,
  GameState,
  GameView,
  PresetName,
  RULES_VERSION,
  RULES_VERSIONS,
  RngState,
  applyEvent,
  cloneState,
  createBot,
  decide,
  legalMovesInView,
  newDeal,
  nextUint32,
  optionsFor,
  publicStream,
  seedCommitment,
  seedXoshiro128ss,
  setup,
  shuffleInPlace,
  standInClientSeed,
  versionParts,
  viewFor,
} from '../../../src/engine';
import { chacha20Stream } from '../../../src/engine/chacha20';
import { botClientMoveId, botRng, chooseBotMove } from '../../../src/bots/bot-move';
import { BUILTIN_BOTS, builtinBot, builtinBotById } from '../../../src/players/builtin-bots';
import { fieldsEncoded } from '../../support/commitment';

const GAME = '6f1c9a52-3d4e-4b8a-9c1d-2e3f4a5b6c7d';
/** A server seed as the service draws one: 64 hex digits. */
const SERVER_SEED = createHash('sha256').update('bot-move.test server seed').digest('hex');

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
    const move = chooseBotMove(bots[seat]!, viewFor(state, seat), RULES_VERSION, seed, gameId, moves.length);
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
          const first = chooseBotMove(bot, viewFor(state, seat), RULES_VERSION, SERVER_SEED, GAME, 7);
          // A fresh view of the same state (no shared objects) gives the same move.
          const again = chooseBotMove(
            bot,
            viewFor(cloneState(state), seat),
            RULES_VERSION,
            SERVER_SEED,
            GAME,
            7,
          );
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
        expect(chooseBotMove(bot, otherView, RULES_VERSION, SERVER_SEED, GAME, 3)).toBe(
          chooseBotMove(bot, view, RULES_VERSION, SERVER_SEED, GAME, 3),
        );
      }
    }
  });

  it('makes no move from a spectator view, or when it is not the seat’s turn', () => {
    const state = setup(optionsFor('classic'), newDeal('not-my-turn'), 2);
    const waiting = 1 - state.current;
    for (const bot of BOT_NAMES) {
      expect(chooseBotMove(bot, viewFor(state, null), RULES_VERSION, SERVER_SEED, GAME, 0)).toBeNull();
      expect(chooseBotMove(bot, viewFor(state, waiting), RULES_VERSION, SERVER_SEED, GAME, 0)).toBeNull();
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
    // The stream itself: equal for equal inputs, different when the seed, the version, the game or the seat differs.
    const word = (seed: string, gameId: string, version: number, seat: number): number =>
      nextUint32(botRng(RULES_VERSION, seed, gameId, version, seat));
    const base = word(SERVER_SEED, GAME, 4, 1);
    expect(word(SERVER_SEED, GAME, 4, 1)).toBe(base);
    const others = [
      word('another-seed', GAME, 4, 1),
      word(SERVER_SEED, GAME, 5, 1),
      word(SERVER_SEED, GAME, 4, 0),
      word(SERVER_SEED, 'another-game', 4, 1),
    ];
    for (const other of others) expect(other).not.toBe(base);
  });

  it('new games’ bots draw from ChaCha20 keyed as docs/fairness.md says: SHA-256(encode("malice/v2/bot-key", S, game id, version, seat))', () => {
    expect(versionParts(RULES_VERSION).bots).toBe('bot-key-v1');
    expect(botRng(RULES_VERSION, SERVER_SEED, GAME, 4, 1)).toEqual(
      seedHoldersStream(SERVER_SEED, GAME, 4, 1),
    );
  });

  it('games dealt under the earlier versions keep the public stream their bots always had, whatever the seed', () => {
    const earlier = RULES_VERSIONS.filter((version) => versionParts(version).bots === 'public-bots');
    expect(earlier).toEqual([
      'malice-rules-1+xoshiro128ss-sha256-v1',
      'malice-rules-1+chacha20-v2',
      'malice-rules-2+chacha20-v2',
    ]);
    for (const seed of [SERVER_SEED, 'another-seed']) {
      expect(botRng('malice-rules-1+xoshiro128ss-sha256-v1', seed, GAME, 4, 1)).toEqual(
        seedXoshiro128ss(`malice-bot:${GAME}:4:1`),
      );
      for (const version of ['malice-rules-1+chacha20-v2', 'malice-rules-2+chacha20-v2'] as const) {
        expect(botRng(version, seed, GAME, 4, 1)).toEqual(publicStream('bot', GAME, '4', '1'));
      }
    }
    // So a copy of the previous release, which drew from that stream for every game, picks the same move in them
    // (bot-move.ts): here RandomBot's and ExpertBot's first decisions of a few deals, as that release chose them.
    for (let index = 0; index < 4; index++) {
      const state = setup(optionsFor('zloba'), newDeal(`earlier-${index}`), 2);
      const view = viewFor(state, state.current);
      for (const bot of ['random', 'expert'] as const) {
        const previousRelease = createBot(bot).choose(
          view,
          legalMovesInView(view),
          publicStream('bot', GAME, '0', String(state.current)),
        );
        expect(chooseBotMove(bot, view, 'malice-rules-2+chacha20-v2', SERVER_SEED, GAME, 0)).toBe(
          previousRelease,
        );
      }
    }
  });
});

/**
 * The stream of one decision as someone holding the revealed server seed computes it from docs/fairness.md, with
 * node:crypto's SHA-256 over the encoding written by hand (test/support/commitment.ts), not the engine's hashing.
 */
function seedHoldersStream(seed: string, gameId: string, version: number, seat: number): RngState {
  const key = createHash('sha256')
    .update(fieldsEncoded(['malice/v2/bot-key', seed, gameId, String(version), String(seat)]))
    .digest();
  return chacha20Stream(new Uint8Array(key));
}

/** One decision of a built-in bot, with what its seat sees and the moves it may make. */
interface Decision {
  readonly version: number;
  readonly seat: number;
  readonly view: GameView;
  readonly chosen: string;
}

interface PlayedBotGame {
  readonly gameId: string;
  readonly seed: string;
  readonly clientSeeds: readonly string[];
  readonly decisions: readonly Decision[];
}

/**
 * A game as the service deals it (a 64-hex server seed, the person's client seed and the bot's stand-in) between
 * a person playing greedy's moves (seat 0) and the built-in bot `bot` (seat 1), up to `count` of the bot's decisions.
 */
function playAgainst(bot: BotName, preset: PresetName, index: number, count: number): PlayedBotGame {
  const gameId = `0a1b2c3d-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const seed = createHash('sha256').update(`secret ${bot} ${preset} ${index}`).digest('hex');
  const clientSeeds = [`person-${index}`, standInClientSeed(seed, 1)];
  const state = setup(optionsFor(preset), { version: RULES_VERSION, seed, clientSeeds }, 2);
  const decisions: Decision[] = [];
  for (let version = 0; state.result === null && decisions.length < count; version++) {
    const seat = state.current;
    const view = viewFor(state, seat);
    const move = chooseBotMove(seat === 1 ? bot : 'greedy', view, RULES_VERSION, seed, gameId, version)!;
    if (seat === 1) decisions.push({ version, seat, view, chosen: move });
    const decided = decide(state, { type: 'move', seat, move });
    if (!decided.ok) throw new Error(`illegal move ${move}: ${decided.violation.reason}`);
    for (const event of decided.events) applyEvent(state, event);
  }
  return { gameId, seed, clientSeeds, decisions };
}

/**
 * The streams someone without the server seed can compute for a decision, from everything public (the game id,
 * the version, the seat, the commitment, the client seeds and stand-ins): the stream the bots drew from before
 * `bot-key-v1`, and the bot key with each public value in the seed's place.
 */
const PUBLIC_GUESSES = [
  'the public stream of the earlier versions',
  'the bot key with the commitment for the seed',
  'the bot key with the bot’s stand-in for the seed',
  'the bot key with the person’s client seed for the seed',
  'the bot key with the game id for the seed',
] as const;
type PublicGuess = (typeof PUBLIC_GUESSES)[number];

function publicGuess(guess: PublicGuess, game: PlayedBotGame, decision: Decision): RngState {
  const { gameId } = game;
  const keyedBy = (stand: string): RngState =>
    seedHoldersStream(stand, gameId, decision.version, decision.seat);
  switch (guess) {
    case 'the public stream of the earlier versions':
      return publicStream('bot', gameId, String(decision.version), String(decision.seat));
    case 'the bot key with the commitment for the seed':
      return keyedBy(seedCommitment(RULES_VERSION, game.seed));
    case 'the bot key with the bot’s stand-in for the seed':
      return keyedBy(game.clientSeeds[1]!);
    case 'the bot key with the person’s client seed for the seed':
      return keyedBy(game.clientSeeds[0]!);
    case 'the bot key with the game id for the seed':
      return keyedBy(gameId);
  }
}

/** The bot's choice from its own view (more than an opponent sees) with `rng`. */
function simulate(bot: BotName, decision: Decision, rng: RngState): string {
  return createBot(bot).choose(decision.view, legalMovesInView(decision.view), rng);
}

/** The games each case plays against the bot, and how many of the bot's decisions each gives at most. */
interface SecrecyCase {
  readonly bot: 'random' | 'expert';
  readonly presets: readonly PresetName[];
  readonly games: number;
  readonly decisionsPerGame: number;
  /** The share of the bot's choices a public simulation may still hit (by luck, or where the stream plays no part). */
  readonly hitShareBelow: number;
  /** The public streams tried (a search costs tens of milliseconds a decision, so ExpertBot is tried with two). */
  readonly guesses: readonly PublicGuess[];
}

const SECRECY_CASES: readonly SecrecyCase[] = [
  // RandomBot: its choice is the stream's alone, so a simulation without the key is a guess among the legal moves.
  {
    bot: 'random',
    presets: ['classic', 'zloba', 'modern'],
    games: 3,
    decisionsPerGame: 40,
    hitShareBelow: 0.5,
    guesses: PUBLIC_GUESSES,
  },
  // ExpertBot: its search mostly settles on the move its view calls for, whatever the samples; the stream decides
  // its close calls (a few decisions in a hundred), which a simulation with the stream would give away too.
  {
    bot: 'expert',
    presets: ['modern'],
    games: 3,
    decisionsPerGame: 10,
    hitShareBelow: 1,
    guesses: ['the public stream of the earlier versions', 'the bot key with the commitment for the seed'],
  },
];

describe('a built-in bot’s choices are secret until the end, and reproducible after it', () => {
  it.each(SECRECY_CASES.map((entry) => [entry.bot, entry] as const))(
    '%s: a simulation from public data (and the bot’s own view) misses its choices; one with the revealed seed gives each',
    (bot, { presets, games, decisionsPerGame, hitShareBelow, guesses }) => {
      const played = presets.flatMap((preset, presetIndex) =>
        [...Array(games).keys()].map((index) =>
          playAgainst(bot, preset, presetIndex * games + index, decisionsPerGame),
        ),
      );
      const decisions = played.flatMap((game) => game.decisions.map((decision) => ({ game, decision })));
      expect(decisions.length).toBeGreaterThanOrEqual(presets.length * games * decisionsPerGame * 0.9);

      // After the end: the revealed seed gives every choice the bot made.
      for (const { game, decision } of decisions) {
        const stream = seedHoldersStream(game.seed, game.gameId, decision.version, decision.seat);
        expect(simulate(bot, decision, stream)).toBe(decision.chosen);
      }

      // Before it: each stream computable from public data hits fewer of the bot's choices than the bound.
      for (const guess of guesses) {
        const hits = decisions.filter(
          ({ game, decision }) =>
            simulate(bot, decision, publicGuess(guess, game, decision)) === decision.chosen,
        ).length;
        expect({ guess, hits, below: hits < decisions.length * hitShareBelow }).toEqual({
          guess,
          hits,
          below: true,
        });
      }
    },
  );

  it('GreedyBot takes no randomness: its move is the same under any stream (it tells what a person’s would)', () => {
    const game = playAgainst('random', 'zloba', 0, 30);
    expect(game.decisions.length).toBe(30);
    for (const decision of game.decisions) {
      const greedy = simulate(
        'greedy',
        decision,
        seedHoldersStream(game.seed, game.gameId, decision.version, 1),
      );
      for (const guess of PUBLIC_GUESSES) {
        expect(simulate('greedy', decision, publicGuess(guess, game, decision))).toBe(greedy);
      }
    }
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
