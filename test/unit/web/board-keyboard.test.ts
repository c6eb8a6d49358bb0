/**
 * The board's keyboard model (web/src/board/keyboard.ts, docs/web.md "The table", Keyboard): the arrows move among
 * the sources while nothing is selected and among the selected source's legal targets once one is, the board is
 * one tab stop, and the keys typed on the table name piles.
 */
import { navigable, shortcutPlace, step, tabStop, type NavPlace } from '../../../web/src/board/keyboard';

/** My places as the board lists them: hand, pay-off pile, side piles (d1 holds a card, d2 is empty), centre. */
const PLACES: readonly NavPlace[] = [
  { key: 'h0', source: '7S' },
  { key: 'h1', source: 'KD' },
  { key: 'p', source: 'p' },
  { key: 'd1', source: 'd1', target: 'd1' },
  { key: 'd2', target: 'd2' },
  { key: 'c1', target: 'c1' },
  { key: 'c', target: 'c' },
];

describe('navigable', () => {
  it('is every source while nothing is selected: cards, the pay-off pile, side piles with a top', () => {
    expect(navigable(PLACES, null, new Set())).toEqual(['h0', 'h1', 'p', 'd1']);
  });

  it('is the legal targets of the selected source once one is, in the order given', () => {
    expect(navigable(PLACES, '7S', new Set(['d2', 'c1', 'd1']))).toEqual(['d1', 'd2', 'c1']);
  });

  it('is the selected source alone when it has no legal target, so the focus has somewhere to be', () => {
    expect(navigable(PLACES, 'KD', new Set())).toEqual(['h1']);
  });
});

describe('tabStop', () => {
  it('is the place last focused while it can still be reached, else the first', () => {
    expect(tabStop(['h0', 'h1', 'p'], 'p')).toBe('p');
    expect(tabStop(['h0', 'h1', 'p'], 'c1')).toBe('h0');
    expect(tabStop(['h0'], null)).toBe('h0');
    expect(tabStop([], 'h0')).toBeNull();
  });
});

describe('step', () => {
  const keys = ['h0', 'h1', 'p'];

  it('goes on with Right and Down, back with Left and Up, round the ends', () => {
    expect(step(keys, 'h0', 'ArrowRight')).toBe('h1');
    expect(step(keys, 'h1', 'ArrowDown')).toBe('p');
    expect(step(keys, 'p', 'ArrowRight')).toBe('h0');
    expect(step(keys, 'h0', 'ArrowLeft')).toBe('p');
    expect(step(keys, 'p', 'ArrowUp')).toBe('h1');
  });

  it('goes to the ends with Home and End, and from outside the list to its start', () => {
    expect(step(keys, 'h1', 'Home')).toBe('h0');
    expect(step(keys, 'h0', 'End')).toBe('p');
    expect(step(keys, 'c1', 'ArrowLeft')).toBe('h0');
    expect(step([], 'h0', 'ArrowRight')).toBeNull();
  });
});

describe('shortcutPlace', () => {
  it('names centre piles by digit, a new one by 0, side piles by d and a digit, the pay-off pile by p', () => {
    expect(['1', '4', '9', '0', 'p'].map((key) => shortcutPlace(key, false))).toEqual([
      'c1',
      'c4',
      'c9',
      'c',
      'p',
    ]);
    expect(['1', '2', '9'].map((key) => shortcutPlace(key, true))).toEqual(['d1', 'd2', 'd9']);
  });

  it('names nothing for other keys, nor d followed by anything but 1–9', () => {
    expect(['x', 'Enter', 'd', '?'].map((key) => shortcutPlace(key, false))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(['0', 'p', 'x'].map((key) => shortcutPlace(key, true))).toEqual([null, null, null]);
  });
});
