/**
 * The rules engine for the tutorial (loaded on demand by tutorial-page.tsx with `import()`, so it is a chunk of its
 * own and not part of the first load, as web/src/replay/engine-replay.ts is): a lesson's position is set up and
 * every move tried on it is decided by the engine's own `play`, so what is legal is the engine's word, not the
 * page's. No server, no account: everything happens in the browser.
 */
import {
  RULES_VERSION,
  legalMoves,
  optionsFor,
  parsePosition,
  play,
  viewFor,
  type GameEvent,
  type GameState,
  type GameView,
  type PresetName,
  type Violation,
} from '../../../src/engine';
import type { Preset } from '../generated/graphql';
import { READER, type Lesson } from './lessons';

/**
 * The tutorial's deal. A lesson's position leaves out the rng field, so its generator is this deal's; no lesson
 * shuffles (no centre pile is completed), so the seed only has to be fixed.
 */
const DEAL = { version: RULES_VERSION, seed: 'malice-tutorial', clientSeeds: [] } as const;

/** A lesson being played: the state after the goal moves made so far. */
export interface LessonRun {
  readonly state: GameState;
  /** How many of the lesson's goal moves have been made. */
  readonly step: number;
  readonly done: boolean;
  /** The board as the reader sees it. */
  readonly view: GameView;
  /** The reader's legal moves now (none once the lesson is done), to light the targets of a selected card. */
  readonly legalMoves: readonly string[];
}

/** What a move the reader tried came to. */
export type Attempt =
  /** A goal move: made, with the event it gave (where the card went). */
  | { readonly kind: 'goal'; readonly run: LessonRun; readonly event: GameEvent }
  /** Legal, but not what the lesson asks for: not made. */
  | { readonly kind: 'offTrack'; readonly move: string; readonly discard: boolean }
  /** Refused by the rules: the engine's violation says why. */
  | { readonly kind: 'refused'; readonly violation: Violation };

function presetName(preset: Preset): PresetName {
  switch (preset) {
    case 'CLASSIC':
      return 'classic';
    case 'MODERN':
      return 'modern';
    case 'ZLOBA':
      return 'zloba';
    default: {
      const never: never = preset;
      return never;
    }
  }
}

function runOf(state: GameState, step: number, done: boolean): LessonRun {
  return {
    state,
    step,
    done,
    view: viewFor(state, READER),
    legalMoves: done || state.current !== READER ? [] : legalMoves(state),
  };
}

/** The lesson's start, under the preset's own options. Throws on a position the engine refuses (a bug in lessons.ts). */
export function startLesson(preset: Preset, lesson: Lesson): LessonRun {
  const parsed = parsePosition(optionsFor(presetName(preset)), lesson.position, DEAL);
  if (!parsed.ok) throw new Error(`tutorial ${preset} ${lesson.id}: ${parsed.error}`);
  return runOf(parsed.state, 0, false);
}

/** A move onto a side pile: it ends the turn (docs/rules.md §2.5). */
function isDiscard(move: string): boolean {
  return /-d\d+(=.)?$/.test(move);
}

function isGoal(lesson: Lesson, run: LessonRun, move: string): boolean {
  switch (lesson.accept) {
    case 'exact':
      return lesson.goal[run.step] === move;
    case 'anyDiscard':
      return isDiscard(move);
    default: {
      const never: never = lesson.accept;
      return never;
    }
  }
}

/**
 * The reader moved `source` (`7H`, `p`, `d1`) to `target` (`c1`, `c`, `d2`). Several legal moves between the two
 * differ only in the rank a wild card declares on a side pile; no lesson asks for one, so the first stands for
 * them all. A pair with no legal move is played as it is, for the engine to say why not.
 */
export function attempt(lesson: Lesson, run: LessonRun, source: string, target: string): Attempt {
  const prefix = `${source}-${target}`;
  const move = run.legalMoves.find((legal) => legal === prefix || legal.startsWith(`${prefix}=`)) ?? prefix;
  if (run.legalMoves.includes(move) && !isGoal(lesson, run, move)) {
    return { kind: 'offTrack', move, discard: isDiscard(move) };
  }
  const result = play(run.state, { type: 'move', seat: READER, move });
  if (!result.ok) return { kind: 'refused', violation: result.violation };
  const step = run.step + 1;
  const done = lesson.accept === 'anyDiscard' || step === lesson.goal.length;
  const event = result.events[0];
  if (event === undefined) throw new Error('the engine accepted a move without an event');
  return { kind: 'goal', run: runOf(result.state, step, done), event };
}
