import {
  formatMs,
  formatNumber,
  formatRatio,
  formatTable,
  median,
  percentile,
  summarize,
} from '../../../bench/stats';

describe('percentile (nearest rank)', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('gives values that occurred, at the nearest rank', () => {
    expect(percentile(oneToHundred, 50)).toBe(50);
    expect(percentile(oneToHundred, 99)).toBe(99);
    expect(percentile(oneToHundred, 100)).toBe(100);
    expect(percentile(oneToHundred, 0)).toBe(1);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([10], 99)).toBe(10);
  });

  it('refuses an empty sample and a p outside [0, 100]', () => {
    expect(() => percentile([], 50)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
    expect(() => percentile([1], Number.NaN)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('sorts an unsorted sample and orders min ≤ p50 ≤ p99 ≤ max', () => {
    const summary = summarize([5, 1, 4, 2, 3]);
    expect(summary).toEqual({ count: 5, min: 1, mean: 3, p50: 3, p99: 5, max: 5 });
    expect(median([9, 1, 5])).toBe(5);
  });

  it('does not reorder the caller’s array', () => {
    const samples = [3, 1, 2];
    summarize(samples);
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe('formatting', () => {
  it('separates thousands and fixes the decimals', () => {
    expect(formatNumber(1234567.891, 1)).toBe('1,234,567.9');
    expect(formatNumber(12)).toBe('12');
    expect(formatMs(0.12345)).toBe('0.123 ms');
    expect(formatMs(1234.56)).toBe('1,234.6 ms');
    expect(formatRatio(3.456)).toBe('3.46×');
    expect(formatRatio(0.00123)).toBe('0.0012×');
    expect(formatRatio(1234.5)).toBe('1,235×');
  });

  it('aligns table columns left or right under a rule', () => {
    const table = formatTable(
      [
        { header: 'name', align: 'left' },
        { header: 'n', align: 'right' },
      ],
      [
        ['a', '1'],
        ['long', '1,000'],
      ],
    );
    expect(table.split('\n')).toEqual(['name      n', '----  -----', 'a         1', 'long  1,000']);
  });

  it('refuses a row with the wrong number of cells', () => {
    expect(() => formatTable([{ header: 'x', align: 'left' }], [['a', 'b']])).toThrow(RangeError);
  });
});
