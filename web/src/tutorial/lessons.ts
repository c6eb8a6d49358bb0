/**
 * The tutorial's lessons, one list per preset (docs/rules.md §1 says how the presets differ): each a start position
 * in the notation (docs/notation.md "Positions"; seat 0 is the reader, to move) and the move or short sequence of
 * moves it asks for. Plain data, free of the engine, so the page can name the lessons before the engine has
 * loaded; tutorial-engine.ts plays them with the engine's own rules, and test/unit/web/tutorial-lessons.test.ts
 * checks that every goal move is legal there and that each lesson's notes say what the preset's options do.
 */
import type { Preset } from '../generated/graphql';

/** The lessons in the order they are taught; a preset without forced plays (modern) skips `forced`. */
export const LESSON_IDS = ['payoff', 'centre', 'side', 'wild', 'forced', 'win'] as const;
export type LessonId = (typeof LESSON_IDS)[number];

/** What the reader is asked to do: each lesson's own sentence, one per wild card where it names it. */
export const TASK_IDS = [
  'payoff',
  'centre',
  'side',
  'wildJoker',
  'wildKing',
  'forcedPayoff',
  'forcedTwoOnAce',
  'win',
] as const;
export type TaskId = (typeof TASK_IDS)[number];

/**
 * Sentences on a rule that differs between the presets (docs/rules.md §3.1), added to a lesson's explanation: the
 * unit test holds each one to the preset's options, so a lesson never tells a rule its preset does not have.
 */
export const NOTE_IDS = [
  'topKing',
  'topQueen',
  'sideSameOrLower',
  'sideAny',
  'turnEndOptional',
  'turnEndMandatory',
  'lowCardsCentreFull',
  'wildJokers',
  'wildKings',
  'forcedPayoff',
  'forcedAces',
  'forcedTwoOnAce',
] as const;
export type NoteId = (typeof NOTE_IDS)[number];

/**
 * How the lesson's goal is met: `exact`, by the goal moves in their order; `anyDiscard`, by any legal card from
 * the hand onto a side pile (the lesson on ending the turn: which pile takes the card is the reader's choice, and
 * a refused one says why).
 */
export const ACCEPTS = ['exact', 'anyDiscard'] as const;
export type Accept = (typeof ACCEPTS)[number];

/** The reader's seat in every lesson; the other seat is an opponent who never moves. */
export const READER = 0;

export interface Lesson {
  readonly id: LessonId;
  readonly task: TaskId;
  readonly notes: readonly NoteId[];
  /** Seat 0 to move; the rng field is left out, so the generator is the tutorial's deal (tutorial-engine.ts). */
  readonly position: string;
  /** The moves asked for, in order; for `anyDiscard`, one such move (the one the unit test plays). */
  readonly goal: readonly string[];
  readonly accept: Accept;
}

/** The opponent's seat and the stock, the same in every lesson: nothing the reader needs to look at. */
const REST = '2C8D -';
const OPPONENT = '3C5DQS:4H4S:-,-,-,-';
const EMPTY_SIDES = '-,-,-,-';

/** A position with seat 0 to move in the middle of a game (turn 4, cards already drawn). */
function position(center: string, payoff: string, hand: string, sides: string = EMPTY_SIDES): string {
  return `${center} ${REST} ${payoff}:${hand}:${sides}/${OPPONENT} 0 4 0 a`;
}

/** The pay-off top 5H fits centre pile 1 (built to 4); the 7C turned up after it fits nowhere, so one move ends it. */
const PAYOFF: Lesson = {
  id: 'payoff',
  task: 'payoff',
  notes: [],
  position: position('c1=AS2H3D4C', '6S9D7C5H', '9SJD3C'),
  goal: ['p-c1'],
  accept: 'exact',
};

function centre(top: NoteId): Lesson {
  return {
    id: 'centre',
    task: 'centre',
    notes: [top],
    position: position('c1=AS2H', '6S9DQH', '3C4D8S9D'),
    goal: ['3C-c1', '4D-c1'],
    accept: 'exact',
  };
}

/** No centre play is possible: only a card from the hand onto a side pile (or a pass, where allowed) ends the turn. */
function side(hand: string, notes: readonly NoteId[]): Lesson {
  return {
    id: 'side',
    task: 'side',
    notes,
    position: position('c1=AS2H3D4C', '6S9DJH', hand, '9H,-,-,-'),
    goal: ['8S-d1'],
    accept: 'anyDiscard',
  };
}

/** Centre pile 1 needs a 7 and the hand has none: the wild card stands in for it, then the 8 goes on top. */
function wild(card: '*' | 'KS'): Lesson {
  return {
    id: 'wild',
    task: card === '*' ? 'wildJoker' : 'wildKing',
    notes: [card === '*' ? 'wildJokers' : 'wildKings'],
    position: position('c1=AS2H3D4C5S6H', '6S9DQC', `${card}8H3SJD`),
    goal: [`${card}-c1`, '8H-c1'],
    accept: 'exact',
  };
}

/** The last pay-off card (9H) goes out once the hand's 7 and the side pile's 8 have built the pile up to it. */
const WIN: Lesson = {
  id: 'win',
  task: 'win',
  notes: [],
  position: position('c1=AS2H3D4C5S6H', '9H', '7SJD3C', '8C,-,-,-'),
  goal: ['7S-c1', 'd1-c1', 'p-c1'],
  accept: 'exact',
};

export const TUTORIALS: Readonly<Record<Preset, readonly Lesson[]>> = {
  CLASSIC: [
    PAYOFF,
    centre('topKing'),
    side('8S2DKC9D', ['sideSameOrLower', 'turnEndOptional']),
    wild('*'),
    {
      // S15: the pay-off 4D must be played; covering its pile with the hand's 4S first is refused.
      id: 'forced',
      task: 'forcedPayoff',
      notes: ['forcedPayoff', 'forcedAces'],
      position: position('c1=AH2S3C', '6S9D4D', '4S8SJC'),
      goal: ['p-c1'],
      accept: 'exact',
    },
    WIN,
  ],
  MODERN: [PAYOFF, centre('topQueen'), side('8S2D7C9D', ['sideAny', 'turnEndMandatory']), wild('KS'), WIN],
  ZLOBA: [
    PAYOFF,
    centre('topKing'),
    side('8S2DKC9D', ['sideSameOrLower', 'lowCardsCentreFull', 'turnEndOptional']),
    wild('*'),
    {
      // R7: the 2H must go on the centre ace; the joker may not cover it first.
      id: 'forced',
      task: 'forcedTwoOnAce',
      notes: ['forcedAces', 'forcedTwoOnAce'],
      position: position('c1=AS', '6S9DQH', '2H*9CJD'),
      goal: ['2H-c1'],
      accept: 'exact',
    },
    WIN,
  ],
};
