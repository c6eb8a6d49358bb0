/**
 * seed:demo's progress line (games done of the total, rate, time left), drawn on stderr; bench:history shows it
 * too when it tops up a database.
 */
import type { SeedProgress } from './seed';

export const count = (value: number): string => value.toLocaleString('en-US');

/** `1h 02m`, `3m 07s`, `12s`: short enough for a progress line. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m`;
  if (minutes > 0) return `${minutes}m ${String(rest).padStart(2, '0')}s`;
  return `${rest}s`;
}

/** The progress line: a bar, games done of the total, the rate so far and the time left at that rate. */
export function progressLine(progress: SeedProgress): string {
  const width = 24;
  const fraction = progress.total === 0 ? 1 : progress.done / progress.total;
  const filled = Math.round(fraction * width);
  const rate = progress.elapsedMs > 0 ? (progress.done * 1000) / progress.elapsedMs : 0;
  const eta = rate > 0 ? (progress.total - progress.done) / rate : Infinity;
  return (
    `seed:demo [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${count(progress.done)}/${count(progress.total)} games` +
    `  ${rate.toFixed(0)} games/s  ETA ${formatDuration(eta)}`
  );
}

/**
 * Progress on stderr: on a terminal one line redrawn in place (at most five times a second); otherwise, as in
 * a log file, a line every ten seconds and at the end.
 */
export function progressPrinter(stream: NodeJS.WriteStream): (progress: SeedProgress) => void {
  let last = 0;
  return (progress) => {
    const now = Date.now();
    const finished = progress.done === progress.total;
    if (!finished && now - last < (stream.isTTY ? 200 : 10_000)) return;
    last = now;
    if (stream.isTTY) stream.write(`\r${progressLine(progress)}\x1b[K${finished ? '\n' : ''}`);
    else stream.write(`${progressLine(progress)}\n`);
  };
}
