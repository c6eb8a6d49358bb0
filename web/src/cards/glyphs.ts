/**
 * The letters of a card's corner index, drawn as strokes (card.tsx), not set in a font: the index is part of the
 * card's picture, like the suit shapes, so it looks the same on every system, fits its corner whatever the
 * letters ("10", the Swedish "Kn"), and is no text for a screen reader or an accessibility checker to read — the
 * card's name, "seven of hearts", is the one name a card has (docs/web.md "The table", the card art).
 *
 * Each glyph is a path in a box 10 high (y down, the baseline at 10) and `width` wide, for a stroke of about 1.5.
 */
export interface Glyph {
  readonly width: number;
  readonly d: string;
}

const K = { width: 6, d: 'M0.5 0 V10 M5.8 0 L0.5 6.1 M2.4 3.9 L5.9 10' } as const;

export const GLYPHS: Readonly<Record<string, Glyph>> = {
  A: { width: 6.4, d: 'M0.3 10 L3.2 0 L6.1 10 M1.3 6.6 H5.1' },
  '1': { width: 3, d: 'M0.2 2 L2.4 0 V10' },
  '0': {
    width: 5.4,
    d: 'M2.7 0 C1.1 0 0.3 2 0.3 5 C0.3 8 1.1 10 2.7 10 C4.3 10 5.1 8 5.1 5 C5.1 2 4.3 0 2.7 0 Z',
  },
  '2': { width: 6, d: 'M0.5 2.5 C0.7 0.9 1.8 0 3.1 0 C4.6 0 5.6 1 5.6 2.5 C5.6 4.3 4.1 5.5 0.4 10 H5.8' },
  '3': {
    width: 6,
    d: 'M0.6 1.3 C1.2 0.5 2 0 3.1 0 C4.6 0 5.5 0.9 5.5 2.4 C5.5 3.9 4.4 4.8 2.7 4.8 C4.7 4.8 5.8 5.8 5.8 7.3 C5.8 9 4.6 10 3 10 C1.8 10 0.9 9.5 0.3 8.6',
  },
  '4': { width: 6.2, d: 'M4.6 10 V0 L0.2 7 H6.2' },
  '5': {
    width: 6,
    d: 'M5.4 0 H1.2 L0.7 4.6 C1.3 4 2.2 3.7 3.1 3.7 C4.8 3.7 5.8 5 5.8 6.8 C5.8 8.8 4.6 10 2.9 10 C1.8 10 0.9 9.6 0.3 8.8',
  },
  '6': {
    width: 6,
    d: 'M5.1 0.9 C4.5 0.3 3.8 0 3.1 0 C1.3 0 0.3 2 0.3 5.3 C0.3 8.4 1.4 10 3.1 10 C4.7 10 5.8 8.8 5.8 7 C5.8 5.2 4.7 4 3.1 4 C1.7 4 0.7 4.9 0.3 6.2',
  },
  '7': { width: 6, d: 'M0.3 0 H5.8 L2.3 10' },
  '8': {
    width: 6,
    d: 'M3 4.7 C1.6 4.7 0.7 3.8 0.7 2.4 C0.7 0.9 1.7 0 3 0 C4.3 0 5.3 0.9 5.3 2.4 C5.3 3.8 4.4 4.7 3 4.7 C1.3 4.7 0.3 5.8 0.3 7.3 C0.3 9 1.4 10 3 10 C4.6 10 5.7 9 5.7 7.3 C5.7 5.8 4.7 4.7 3 4.7 Z',
  },
  '9': {
    width: 6,
    d: 'M0.9 9.1 C1.5 9.7 2.2 10 2.9 10 C4.7 10 5.7 8 5.7 4.7 C5.7 1.6 4.6 0 2.9 0 C1.3 0 0.2 1.2 0.2 3 C0.2 4.8 1.3 6 2.9 6 C4.3 6 5.3 5.1 5.7 3.8',
  },
  J: { width: 5.2, d: 'M2.6 0 H4.8 V7 C4.8 9 3.9 10 2.5 10 C1.2 10 0.3 9.1 0.2 7.6' },
  Q: {
    width: 6.4,
    d: 'M3.2 0 C1.3 0 0.3 2 0.3 5 C0.3 8 1.3 10 3.2 10 C5.1 10 6.1 8 6.1 5 C6.1 2 5.1 0 3.2 0 Z M3.9 7.3 L6.3 10.3',
  },
  K,
  // Swedish: Kn (knekt), D (dam).
  n: { width: 5.4, d: 'M0.5 3.3 V10 M0.5 5.5 C0.9 4.1 1.9 3.3 3 3.3 C4.3 3.3 5 4.2 5 5.7 V10' },
  D: { width: 6, d: 'M0.5 0 V10 H2.5 C4.8 10 5.8 8 5.8 5 C5.8 2 4.8 0 2.5 0 Z' },
  // Russian: В (валет), Д (дама), К (король).
  В: {
    width: 6,
    d: 'M0.5 4.8 H2.9 C4.3 4.8 5.2 3.9 5.2 2.4 C5.2 0.9 4.3 0 2.9 0 H0.5 V10 H3.2 C4.8 10 5.8 9 5.8 7.4 C5.8 5.8 4.8 4.8 3.2 4.8',
  },
  Д: { width: 6.6, d: 'M0 8.5 H6.6 M0.3 8.5 V10.8 M6.3 8.5 V10.8 M5.3 8.5 V0 H1.8 C1.8 4.5 1.4 7 0.6 8.5' },
  К: K,
  // The tag of a declared rank: "=8".
  '=': { width: 5, d: 'M0.4 3.6 H4.6 M0.4 6.4 H4.6' },
};

/** The space between two letters of an index. */
const GAP = 0.8;

/** One letter placed: its path and where it starts along the line. */
export interface PlacedGlyph {
  readonly d: string;
  readonly x: number;
}

/** A line of letters set side by side; a letter without a glyph is left out (the unit test keeps none missing). */
export function setLine(text: string): { readonly glyphs: readonly PlacedGlyph[]; readonly width: number } {
  const glyphs: PlacedGlyph[] = [];
  let x = 0;
  for (const letter of text) {
    const glyph = GLYPHS[letter];
    if (glyph === undefined) continue;
    if (glyphs.length > 0) x += GAP;
    glyphs.push({ d: glyph.d, x });
    x += glyph.width;
  }
  return { glyphs, width: x };
}

/**
 * The scale that draws `width` (glyph units) `height` units high, narrowed so that it is at most `maxWidth`
 * wide: "10" and "Kn" stay inside the card's corner.
 */
export function fitScale(width: number, height: number, maxWidth: number): number {
  const scale = height / 10;
  return width * scale > maxWidth ? maxWidth / width : scale;
}
