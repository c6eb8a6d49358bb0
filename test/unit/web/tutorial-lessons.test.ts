/**
 * The tutorial's lessons (web/src/tutorial/lessons.ts) against the engine: for every preset and lesson the position
 * parses under the preset's options, the goal moves are legal there one after the other (the engine's `play`) and
 * do what the lesson says, every other legal move is told apart from the goal, a wrong move gets the engine's
 * reason, each lesson's notes hold for the preset's options, and every text a lesson shows exists in en, sv and ru.
 */
import * as path from 'node:path';
import {
  RULES_VERSION,
  legalMoves,
  optionsFor,
  parsePosition,
  play,
  type GameState,
  type PresetName,
  type RuleOptions,
} from '../../../src/engine';
import {
  LESSON_IDS,
  NOTE_IDS,
  TASK_IDS,
  TUTORIALS,
  type Lesson,
  type NoteId,
} from '../../../web/src/tutorial/lessons';
import { attempt, startLesson, type LessonRun } from '../../../web/src/tutorial/tutorial-engine';

type Preset = keyof typeof TUTORIALS;
const PRESETS = Object.keys(TUTORIALS) as Preset[];
const DEAL = { version: RULES_VERSION, seed: 'tutorial-test', clientSeeds: [] };

/** The move a forced-play lesson's task invites the reader to try first (web/src/tutorial/strings.ts `tasks`). */
const TEMPTATIONS: Partial<Record<Preset, readonly [string, string]>> = {
  CLASSIC: ['4S', 'c1'],
  ZLOBA: ['*', 'c1'],
};

const optionsOf = (preset: Preset): RuleOptions => optionsFor(preset.toLowerCase() as PresetName);

/** Whether a note tells a rule the preset's options have (docs/rules.md §3.1). */
function noteHolds(note: NoteId, options: RuleOptions): boolean {
  switch (note) {
    case 'topKing':
      return options.centerTopRank === 'K' && options.completedPile === 'shuffleIntoStock';
    case 'topQueen':
      return options.centerTopRank === 'Q' && options.completedPile === 'setAsideRecycle';
    case 'sideSameOrLower':
      return options.sideBuild === 'sameOrOneLower';
    case 'sideAny':
      return options.sideBuild === 'any';
    case 'turnEndOptional':
      return options.turnEnd === 'optional';
    case 'turnEndMandatory':
      return options.turnEnd === 'mandatory';
    case 'lowCardsCentreFull':
      // The text says "all four centre piles".
      return options.lowCardsToSide === 'centerFullOnly' && options.maxCenterPiles === 4;
    case 'wildJokers':
      return options.wildRanks.length === 1 && options.wildRanks[0] === 'JOKER';
    case 'wildKings':
      return options.wildRanks.length === 1 && options.wildRanks[0] === 'K' && options.centerTopRank === 'Q';
    case 'forcedPayoff':
      return options.forcedPayoffPlay;
    case 'forcedAces':
      return options.forcedAces;
    case 'forcedTwoOnAce':
      return options.forcedTwoOnAce;
    default: {
      const never: never = note;
      return never;
    }
  }
}

/** Plays the lesson's goal moves through the tutorial's engine module, each checked legal on the way. */
function playGoal(preset: Preset, lesson: Lesson): LessonRun {
  let run = startLesson(preset, lesson);
  for (const move of lesson.goal) {
    expect(run.done).toBe(false);
    expect(run.legalMoves).toContain(move);
    const dash = move.lastIndexOf('-');
    const result = attempt(lesson, run, move.slice(0, dash), move.slice(dash + 1));
    if (result.kind !== 'goal') throw new Error(`${move}: ${JSON.stringify(result)}`);
    run = result.run;
  }
  return run;
}

describe.each(PRESETS)('the %s tutorial', (preset) => {
  const options = optionsOf(preset);
  const lessons = TUTORIALS[preset];

  it('teaches its lessons in order, forced plays only where the preset has them', () => {
    const hasForced = options.forcedAces || options.forcedTwoOnAce || options.forcedPayoffPlay;
    expect(lessons.map((lesson) => lesson.id)).toEqual(
      LESSON_IDS.filter((id) => id !== 'forced' || hasForced),
    );
  });

  describe.each(lessons.map((lesson) => [lesson.id, lesson] as const))('lesson %s', (_id, lesson) => {
    it('starts from a position the engine reads under the preset’s options, seat 0 to move', () => {
      const parsed = parsePosition(options, lesson.position, DEAL);
      if (!parsed.ok) throw new Error(parsed.error);
      expect(parsed.state.current).toBe(0);
      expect(legalMoves(parsed.state)).toEqual(expect.arrayContaining([lesson.goal[0]]));
    });

    it('has goal moves the engine plays one after the other, which end the lesson', () => {
      // The same moves straight through the engine's `play`: legal, whatever the tutorial module does.
      const parsed = parsePosition(options, lesson.position, DEAL);
      if (!parsed.ok) throw new Error(parsed.error);
      let state: GameState = parsed.state;
      for (const move of lesson.goal) {
        const result = play(state, { type: 'move', seat: 0, move });
        if (!result.ok) throw new Error(`${move}: ${result.violation.reason}`);
        state = result.state;
      }
      expect(playGoal(preset, lesson).done).toBe(true);
    });

    it('does what it teaches', () => {
      const before = startLesson(preset, lesson).state;
      const after = playGoal(preset, lesson).state;
      const mine = (state: GameState) => state.seats[0]!;
      switch (lesson.id) {
        case 'payoff':
          expect(mine(after).payoff.length).toBe(mine(before).payoff.length - 1);
          break;
        case 'centre':
          expect(after.center[0]!.length).toBe(before.center[0]!.length + lesson.goal.length);
          break;
        case 'side':
          // The card on a side pile ended the turn: the opponent is to move.
          expect(after.current).toBe(1);
          break;
        case 'wild': {
          const wild = lesson.goal[0]!.split('-')[0];
          expect(options.wildRanks).toContain(wild === '*' ? 'JOKER' : 'K');
          expect(after.center[0]!.length).toBe(before.center[0]!.length + 2);
          break;
        }
        case 'forced': {
          // The forced play is the only legal move, and the one the task invites first is refused for it.
          expect(legalMoves(before)).toEqual(lesson.goal);
          const [source, target] = TEMPTATIONS[preset] ?? [];
          const tempted = attempt(lesson, startLesson(preset, lesson), source!, target!);
          expect(tempted.kind === 'refused' && tempted.violation.code).toBe('FORCED_PLAY_PENDING');
          break;
        }
        case 'win':
          expect(after.result).toMatchObject({ reason: 'payoffEmptied', winner: 0 });
          break;
        default: {
          const never: never = lesson.id;
          throw new Error(never);
        }
      }
    });

    it('takes the goal and tells every other legal move apart from it, without making that one', () => {
      const run = startLesson(preset, lesson);
      // The page has no Pass button: every other legal move is a source and a target on the board.
      const moves = run.legalMoves.filter((move) => move !== 'pass');
      const kinds = moves.map((move) => {
        const dash = move.lastIndexOf('-');
        const result = attempt(lesson, run, move.slice(0, dash), move.slice(dash + 1).split('=')[0]!);
        return [move, result.kind];
      });
      const goal = (move: string) =>
        lesson.accept === 'anyDiscard' ? /-d\d+(=.)?$/.test(move) : move === lesson.goal[0];
      expect(kinds).toEqual(moves.map((move) => [move, goal(move) ? 'goal' : 'offTrack']));
      // Nothing tried changed the lesson's own state.
      expect(run.step).toBe(0);
      expect(startLesson(preset, lesson).view).toEqual(run.view);
    });

    it('refuses a move against the rules with the engine’s reason', () => {
      // A natural card that is not an ace onto a new centre pile: only an ace starts one (unless a forced play
      // is due, which comes first).
      const run = startLesson(preset, lesson);
      const wild = (text: string) => text === '*' || (text[0] === 'K' && options.wildRanks.includes('K'));
      const card = run.view.hand!.find((text) => text[0] !== 'A' && !wild(text));
      const result = attempt(lesson, run, card!, 'c');
      expect(result.kind).toBe('refused');
      if (result.kind === 'refused') {
        expect(['ONLY_ACE_STARTS_PILE', 'FORCED_PLAY_PENDING']).toContain(result.violation.code);
      }
    });

    it('says only what the preset’s options hold', () => {
      expect(lesson.notes.filter((note) => !noteHolds(note, options))).toEqual([]);
    });
  });
});

describe('the tutorial’s texts', () => {
  /** What `translations` (web/src/i18n.ts) answers, as far as this test reads it. */
  type Table = Record<string, unknown>;
  // Loaded by path like test/unit/web/web-translations.test.ts: the tables are typed with the client's DOM types.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the tutorial's table, loaded by path
  const { strings } = require(path.resolve(__dirname, '../../../web/src/tutorial/strings.ts')) as {
    strings: { table: Record<'en' | 'sv' | 'ru', Table> };
  };
  const languages = ['en', 'sv', 'ru'] as const;
  const text = (language: (typeof languages)[number], ...keys: string[]): unknown =>
    keys.reduce<unknown>(
      (value, key) => (value as Record<string, unknown> | undefined)?.[key],
      strings.table[language],
    );

  it.each(languages)('has every lesson’s title, explanation, task and notes in %s', (language) => {
    const missing: string[] = [];
    const check = (...keys: string[]) => {
      const value = text(language, ...keys);
      if (typeof value !== 'string' || value.trim() === '') missing.push(keys.join('.'));
    };
    for (const id of LESSON_IDS)
      for (const field of ['title', 'intro', 'offTrack', 'done']) check('lessons', id, field);
    for (const id of TASK_IDS) check('tasks', id);
    for (const id of NOTE_IDS) check('notes', id);
    expect(missing).toEqual([]);
  });

  it.each(['sv', 'ru'] as const)('writes each lesson in %s, not in English', (language) => {
    const same = LESSON_IDS.filter(
      (id) => text(language, 'lessons', id, 'intro') === text('en', 'lessons', id, 'intro'),
    );
    expect(same).toEqual([]);
  });
});
