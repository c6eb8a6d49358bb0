/**
 * Where the CPU went while a side was measured: the bench process itself (the clients), the server child, the
 * Postgres processes (when the bench knows the postmaster, i.e. the embedded one), and the whole machine, in
 * "cores busy" (CPU seconds per wall-clock second). On a 2-core machine shared with other work this tells a slow
 * figure caused by the code from one caused by a busy machine. Linux /proc only; elsewhere the figures are null.
 */
import * as fs from 'node:fs';

/** Clock ticks per second of /proc times (USER_HZ): 100 on every mainstream Linux build. */
const TICKS_PER_SECOND = 100;

export interface CpuSnapshot {
  readonly atMs: number;
  /** CPU milliseconds used so far by each. */
  readonly benchMs: number;
  readonly serverMs: number | null;
  readonly postgresMs: number | null;
  /** Busy CPU milliseconds of the whole machine (all cores). */
  readonly machineBusyMs: number | null;
}

/** Cores kept busy between two snapshots, by whom. `other` is the machine minus the three. */
export interface CpuShare {
  readonly bench: number;
  readonly server: number | null;
  readonly postgres: number | null;
  readonly other: number | null;
  readonly machine: number | null;
}

export interface CpuTotals {
  wallMs: number;
  benchMs: number;
  serverMs: number | null;
  postgresMs: number | null;
  machineBusyMs: number | null;
}

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces), from field 3 on. */
function statFields(pid: number): string[] | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds of a process: user + system (fields 14, 15), plus, with `reapedChildren`, the time of the
 * children it has waited for (16, 17) — a Postgres backend that exits hands its time to the postmaster there.
 */
export function readProcessMs(pid: number, reapedChildren = false): number | null {
  const fields = statFields(pid);
  if (fields === null) return null;
  const indexes = reapedChildren ? [11, 12, 13, 14] : [11, 12];
  const ticks = indexes.reduce((sum, index) => sum + Number(fields[index]), 0);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : null;
}

function parentOf(pid: number): number | null {
  const fields = statFields(pid);
  return fields === null ? null : Number(fields[1]);
}

/** The postmaster and its children (backends, writer, WAL writer…), live or exited: their CPU time so far. */
function readTreeMs(rootPid: number): number | null {
  const own = readProcessMs(rootPid, true);
  if (own === null) return null;
  let total = own;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^[0-9]+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid !== rootPid && parentOf(pid) === rootPid) total += readProcessMs(pid) ?? 0;
  }
  return total;
}

function readMachineBusyMs(): number | null {
  try {
    const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return null;
    const total = ticks.reduce((sum, tick) => sum + tick, 0);
    const idle = (ticks[3] as number) + (ticks[4] as number);
    return ((total - idle) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** `server`: the server's process, or its copies' (their CPU summed); null when there is none to follow. */
export function cpuSnapshot(
  atMs: number,
  server: number | readonly number[] | null,
  postgresPid: number | null,
): CpuSnapshot {
  const usage = process.cpuUsage();
  const serverPids = server === null ? [] : typeof server === 'number' ? [server] : server;
  const serverTimes = serverPids.map((pid) => readProcessMs(pid));

  return {
    atMs,
    benchMs: (usage.user + usage.system) / 1000,
    serverMs:
      serverTimes.length === 0 || serverTimes.some((ms) => ms === null)
        ? null
        : serverTimes.reduce<number>((sum, ms) => sum + (ms ?? 0), 0),
    postgresMs: postgresPid === null ? null : readTreeMs(postgresPid),
    machineBusyMs: readMachineBusyMs(),
  };
}

export function emptyTotals(): CpuTotals {
  return { wallMs: 0, benchMs: 0, serverMs: 0, postgresMs: 0, machineBusyMs: 0 };
}

function addNullable(total: number | null, before: number | null, after: number | null): number | null {
  return total === null || before === null || after === null ? null : total + (after - before);
}

/** Adds the interval between two snapshots to `totals`; a figure missing in either snapshot stays null. */
export function accumulate(totals: CpuTotals, before: CpuSnapshot, after: CpuSnapshot): void {
  totals.wallMs += after.atMs - before.atMs;
  totals.benchMs += after.benchMs - before.benchMs;
  totals.serverMs = addNullable(totals.serverMs, before.serverMs, after.serverMs);
  totals.postgresMs = addNullable(totals.postgresMs, before.postgresMs, after.postgresMs);
  totals.machineBusyMs = addNullable(totals.machineBusyMs, before.machineBusyMs, after.machineBusyMs);
}

export function shareOf(totals: CpuTotals): CpuShare {
  const perWall = (ms: number | null): number | null =>
    ms === null || totals.wallMs <= 0 ? null : ms / totals.wallMs;
  const bench = perWall(totals.benchMs) ?? 0;
  const server = perWall(totals.serverMs);
  const postgres = perWall(totals.postgresMs);
  const machine = perWall(totals.machineBusyMs);
  const ours = bench + (server ?? 0) + (postgres ?? 0);
  return {
    bench,
    server,
    postgres,
    machine,
    other: machine === null || server === null || postgres === null ? null : Math.max(0, machine - ours),
  };
}

/**
 * The postmaster of a local Postgres, found from one of its backends (whose parent it is), so that its CPU can
 * be measured whoever started it. Null when the backend is not on this machine or /proc is unavailable.
 */
export function postmasterOf(backendPid: number): number | null {
  const parent = parentOf(backendPid);
  if (parent === null || parent <= 1) return null;
  try {
    const name = fs.readFileSync(`/proc/${parent}/comm`, 'utf8').trim();
    return name.startsWith('postgres') ? parent : null;
  } catch {
    return null;
  }
}
