/**
 * Check 8 of src/export/verify-export.ts (docs/fairness.md#the-built-in-bots-choices): once a game against a
 * built-in bot is over, every move of the bot's seat is replayed from that seat's view with the stream the revealed
 * seed gives, and must be the bot's own choice. An honest game passes, against RandomBot and against ExpertBot; a
 * log in which the server put another legal move in the bot's place — every other check still holds — fails,
 * naming that event; a person's seat is never replayed; a resignation or a timeout is no choice of the bot's; and a
 * move that may be a retired version's choice is counted as not checked, never passed.
 */
import { GameEvent, decide, legalMoves } from '../../../src/engine';
import { GameExport, toJson } from '../../../src/export/game-export';
import {
  BotReplayProgress,
  Check,
  exportFromValue,
  verifyExport,
  verifyExportSteps,
} from '../../../src/export/verify-export';
import { BOT, BotGame, PERSON, botGame, botGameExport } from './bot-game';

/** The checks of `doc`, read back from its JSON as any reader reads it. */
function checksOf(doc: GameExport): Check[] {
  return verifyExport(exportFromValue(JSON.parse(toJson(doc))));
}

function botCheck(checks: readonly Check[]): Check | undefined {
  return checks.find((check) => check.kind === 'botChoices');
}

/** The kinds of the checks that failed. */
function failed(checks: readonly Check[]): string[] {
  return checks.filter((check) => !check.ok).map((check) => check.kind);
}

/**
 * The log of `game` up to its event `seq`, with that event replaced by another legal move of the same seat, then
 * the person's resignation: a log that replays, whose result and outcomes follow from it — the export a server
 * would give had it played that move in the seat's place.
 */
function swapped(game: BotGame, seq: number): { events: GameEvent[]; made: string } {
  const before = game.before[seq - 1]!;
  const original = game.events[seq - 1]!;
  const originalMove = original.type === 'passed' ? 'pass' : 'move' in original ? original.move : null;
  const other = legalMoves(before).find((move) => move !== originalMove);
  if (other === undefined) throw new Error(`event ${seq} had no other legal move`);
  const decided = decide(before, { type: 'move', seat: original.seat, move: other });
  if (!decided.ok) throw new Error(decided.violation.reason);
  // Then the person resigns: legal whoever is to move, and it ends the game.
  const resign: GameEvent = { type: 'resigned', seat: PERSON };
  return { events: [...game.events.slice(0, seq - 1), ...decided.events, resign], made: other };
}

/** A bot decision of `game` that had another legal move, from its `from`-th on. */
function aChoiceOf(game: BotGame, moves: readonly number[], from: number): number {
  const seq = moves.slice(from).find((candidate) => legalMoves(game.before[candidate - 1]!).length > 1);
  if (seq === undefined) throw new Error('no decision with a choice');
  return seq;
}

const random = botGame({ bot: 'random', preset: 'classic', index: 1, overrides: { payoffSize: 5 } });
// A whole game against ExpertBot: zloba with short pay-off piles, about forty searches.
const expert = botGame({ bot: 'expert', preset: 'zloba', index: 2, overrides: { payoffSize: 5 } });

describe('check 8: the built-in bot’s moves are its own choices', () => {
  it.each([
    ['RandomBot', random, 'random-1'],
    ['ExpertBot', expert, 'expert-6'],
  ] as const)(
    'passes a finished game against %s, every move of its seat replayed',
    (_name, game, version) => {
      expect(game.export.status).toBe('FINISHED');
      expect(game.export.result?.reason).toBe('payoffEmptied');
      expect(game.botMoves.length).toBeGreaterThan(20);
      const checks = checksOf(game.export);
      expect(failed(checks)).toEqual([]);
      expect(checks[checks.length - 1]).toEqual({
        ok: true,
        kind: 'botChoices',
        text: `every move of a built-in bot is its own choice: ${game.botMoves.length} decisions of seat 1 ${game.spec.bot}-bot (${version}) replayed from its seat’s view`,
      });
    },
  );

  it.each([
    ['RandomBot', random],
    ['ExpertBot', expert],
  ] as const)(
    'fails when another legal move stands in the log for one of %s’s, naming that event',
    (_name, game) => {
      const seq = aChoiceOf(game, game.botMoves, 5);
      const { events, made } = swapped(game, seq);
      const checks = checksOf(botGameExport(game, events));
      // Everything else holds: the substitute was legal, and the result follows from the log as it stands.
      expect(failed(checks)).toEqual(['botChoices']);
      const chosen = game.events[seq - 1]!;
      const chosenMove = chosen.type === 'passed' ? 'pass' : 'move' in chosen ? chosen.move : '';
      const before = game.botMoves.indexOf(seq);
      expect(botCheck(checks)?.text).toBe(
        `event ${seq} (seat 1, ${game.spec.bot}-bot) is ${made}, but the bot (${game.export.players[BOT]!.botVersions!.join(', ')}) chooses ${chosenMove} from that seat’s view; ${before} bot decisions before it replayed as the bot’s own`,
      );
    },
  );

  it('does not replay a person’s seat: another legal move of theirs passes, unless the export calls the seat a bot’s', () => {
    const seq = aChoiceOf(random, random.personMoves, 10);
    const { events } = swapped(random, seq);
    const checks = checksOf(botGameExport(random, events));
    expect(failed(checks)).toEqual([]);
    const botMovesBefore = random.botMoves.filter((botMove) => botMove < seq).length;
    expect(botMovesBefore).toBeGreaterThan(1);
    expect(botCheck(checks)?.text).toBe(
      `every move of a built-in bot is its own choice: ${botMovesBefore} decisions of seat 1 random-bot (random-1) replayed from its seat’s view`,
    );
    // The seats the check replays are those with botVersions: the person's seat marked so is replayed, and its
    // moves (greedy's, by another stream) are not the random bot's.
    const marked = checksOf(botGameExport(random, random.events, [['random-1'], ['random-1']]));
    expect(failed(marked)).toEqual(['botChoices']);
    expect(botCheck(marked)?.text).toMatch(/^event \d+ \(seat 0, person\) is /);
  });

  it('has no line for a game without a built-in bot, nor for an export made before botVersions existed', () => {
    const plain = checksOf(botGameExport(random, random.events, [[], []]));
    expect(botCheck(plain)).toBeUndefined();
    expect(failed(plain)).toEqual([]);
    const older = JSON.parse(toJson(random.export)) as { players: Record<string, unknown>[] };
    for (const player of older.players) delete player.botVersions;
    const olderChecks = verifyExport(exportFromValue(older));
    expect(botCheck(olderChecks)).toBeUndefined();
  });

  it('replays no resignation or timeout: they are not the bot’s choices', () => {
    // The bot's seat runs out of time on its turn (the server's clock decides that), where the bot would have moved.
    const seq = random.botMoves[10]!;
    const events: GameEvent[] = [...random.events.slice(0, seq - 1), { type: 'timedOut', seat: BOT }];
    const checks = checksOf(botGameExport(random, events));
    expect(failed(checks)).toEqual([]);
    expect(botCheck(checks)?.text).toContain(': 10 decisions of seat 1 random-bot (random-1) replayed');
    // And a bot game resigned by the person before the bot moved has no bot decision to replay.
    const resigned = checksOf(botGameExport(random, [{ type: 'resigned', seat: PERSON }]));
    expect(failed(resigned)).toEqual([]);
    expect(botCheck(resigned)?.text).toBe(
      'no move of a built-in bot to replay (seat 1 random-bot (random-1))',
    );
  });

  it('passes a move of any version the seat lists, and never one this engine cannot replay', () => {
    // Upgraded mid-game: the seat lists an earlier version besides the current one, whose choices these all are.
    const upgraded = checksOf(botGameExport(random, random.events, [[], ['random-0', 'random-1']]));
    expect(failed(upgraded)).toEqual([]);
    // A move that the current version does not choose may be the earlier one's: this engine cannot tell, so it is
    // counted as not checked (neither passed nor failed), and the line says which version an engine must play.
    const seq = aChoiceOf(random, random.botMoves, 2);
    const { events } = swapped(random, seq);
    const unchecked = checksOf(botGameExport(random, events, [[], ['random-0', 'random-1']]));
    expect(failed(unchecked)).toEqual([]);
    const text = botCheck(unchecked)?.text ?? '';
    expect(text).toMatch(
      /^every move of a built-in bot checked is its own choice: \d+ decisions of seat 1 random-bot \(random-0, random-1\) replayed from its seat’s view; 1 decision not checked: random-0 is not a version this engine plays \(it plays random-1, greedy-2, expert-6\), an engine of that release can check them$/,
    );
    // A seat that lists only a version this engine does not play — an old one, or one made up to escape the
    // check — has none of its moves passed: every one is counted as not checked, and said so.
    const madeUp = checksOf(botGameExport(random, random.events, [[], ['random-99']]));
    expect(botCheck(madeUp)?.text).toMatch(
      new RegExp(
        `^no move of a built-in bot replayed \\(seat 1 random-bot \\(random-99\\)\\); ${random.botMoves.length} decisions not checked: random-99 is not`,
      ),
    );
    // The same swap in a seat of the current version alone fails, naming the event.
    const current = checksOf(botGameExport(random, events, [[], ['random-1']]));
    expect(failed(current)).toEqual(['botChoices']);
    expect(botCheck(current)?.text.startsWith(`event ${seq} (seat 1, random-bot) is `)).toBe(true);
  });

  it.each(['malice-rules-2+chacha20-v2', 'malice-rules-1+xoshiro128ss-sha256-v1'] as const)(
    'replays the bot of a game dealt under %s from the public stream it drew from',
    (version) => {
      const old = botGame({
        bot: 'random',
        preset: 'classic',
        index: 3,
        version,
        overrides: { payoffSize: 5 },
      });
      const checks = checksOf(old.export);
      expect(failed(checks)).toEqual([]);
      expect(botCheck(checks)?.text).toContain(`${old.botMoves.length} decisions of seat 1 random-bot`);
    },
  );

  it('replays each game with its own version’s stream: a public-stream game called a bot-key-v1 one fails', () => {
    const old = botGame({
      bot: 'random',
      preset: 'classic',
      index: 3,
      version: 'malice-rules-2+chacha20-v2',
      overrides: { payoffSize: 5 },
    });
    // The deal, the commitment and the stand-ins are the same under both names: only the bots' stream differs.
    const relabelled = JSON.parse(toJson(old.export)) as { rulesVersion: string };
    relabelled.rulesVersion = 'malice-rules-2+chacha20-v2+bot-key-v1';
    expect(failed(verifyExport(exportFromValue(relabelled)))).toEqual(['botChoices']);
  });

  it('yields before each bot decision it replays, so that a reader can stay responsive', () => {
    const steps = verifyExportSteps(exportFromValue(JSON.parse(toJson(random.export))));
    const progress: BotReplayProgress[] = [];
    let step = steps.next();
    while (step.done !== true) {
      progress.push(step.value);
      step = steps.next();
    }
    const decisions = random.botMoves.length;
    expect(progress).toEqual([...Array(decisions).keys()].map((replayed) => ({ replayed, of: decisions })));
    expect(step.value).toEqual(checksOf(random.export));
  });
});
