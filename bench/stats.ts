/**
 * Small helpers shared by the benchmarks: timing, percentiles, number formatting, aligned tables and a line
 * that says where a run was measured. They know nothing about the engine, so any benchmark can reuse them.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';

/** Milliseconds from an arbitrary origin, with sub-microsecond resolution. */
export function nowMs(): number {
  return performance.now();
}

/** How long `work` takes, in milliseconds, together with what it returned (so the work cannot be optimised away). */
export function timeMs<T>(work: () => T): { readonly ms: number; readonly value: T } {
  const start = nowMs();
  const value = work();
  return { ms: nowMs() - start, value };
}

/**
 * The nearest-rank percentile of `sorted` (ascending): the smallest value with at least `p` % of the values
 * at or below it. Nearest rank rather than interpolation, so a reported p99 or max is a time that really
 * happened.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new RangeError('percentile of an empty sample');
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile ${p} is not in [0, 100]`);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1] as number;
}

export interface Summary {
  readonly count: number;
  readonly min: number;
  readonly mean: number;
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

export function summarize(samples: readonly number[]): Summary {
  if (samples.length === 0) throw new RangeError('summary of an empty sample');
  const sorted = [...samples].sort((a, b) => a - b);
  let total = 0;
  for (const value of sorted) total += value;
  return {
    count: sorted.length,
    min: sorted[0] as number,
    mean: total / sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] as number,
  };
}

export function median(samples: readonly number[]): number {
  return summarize(samples).p50;
}

/** `12,345.6`: thousands separated, at most `digits` decimals. */
export function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A duration in milliseconds with enough decimals to tell sub-millisecond timings apart. */
export function formatMs(ms: number): string {
  return `${formatNumber(ms, ms < 10 ? 3 : 1)} ms`;
}

/** `3.42×`: a ratio with decimals scaled to its size, so that both 0.004× and 1,500× stay readable. */
export function formatRatio(ratio: number): string {
  const digits = ratio >= 100 ? 0 : ratio >= 1 ? 2 : 4;
  return `${formatNumber(ratio, digits)}×`;
}

export type Align = 'left' | 'right';

export interface Column {
  readonly header: string;
  readonly align: Align;
}

/** A plain-text table: columns padded to their widest cell, two spaces apart, a rule under the header. */
export function formatTable(columns: readonly Column[], rows: readonly (readonly string[])[]): string {
  for (const row of rows) {
    if (row.length !== columns.length) {
      throw new RangeError(`a row has ${row.length} cells; the table has ${columns.length} columns`);
    }
  }
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...rows.map((row) => (row[index] as string).length)),
  );
  const line = (cells: readonly string[]): string =>
    cells
      .map((cell, index) => {
        const width = widths[index] as number;
        return (columns[index] as Column).align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '-'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.header)), rule, ...rows.map((row) => line(row))].join('\n');
}

export interface Environment {
  readonly node: string;
  readonly cpu: string;
  readonly cores: number;
  readonly platform: string;
  /** The 1-minute load average when the run started: above the core count, other work competed for the CPU. */
  readonly loadAverage: number;
  readonly date: string;
}

/** Where and when a run was measured; benchmark figures mean little without it. */
export function describeEnvironment(date: Date = new Date()): Environment {
  const cpus = os.cpus();
  return {
    node: process.version,
    cpu: cpus[0]?.model.trim() ?? 'unknown CPU',
    cores: cpus.length,
    platform: `${process.platform}-${process.arch}`,
    loadAverage: os.loadavg()[0] ?? 0,
    date: date.toISOString(),
  };
}

export function formatEnvironment(environment: Environment): string {
  return `node ${environment.node} · ${environment.cpu} (${environment.cores} cores) · ${environment.platform} · load ${formatNumber(environment.loadAverage, 2)} · ${environment.date}`;
}
