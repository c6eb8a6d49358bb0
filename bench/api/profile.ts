/**
 * Reads the server's V8 CPU profile (`node --cpu-prof`) and says where its CPU time went while the API was
 * measured: self time by part of the stack (Prisma, pg, GraphQL, Apollo, Nest, Express, the engine, the app's
 * own code, Node core, GC), the functions with the most self time, and how often each part was anywhere on the
 * sampled stack. Only samples inside the given time windows count (the API rounds; boot and the floor rounds are
 * left out). Profile timestamps are CLOCK_MONOTONIC microseconds, the clock of `process.hrtime`.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** A span of the monotonic clock, in microseconds. */
export interface TimeWindow {
  readonly fromUs: number;
  readonly toUs: number;
}

export interface ProfileShare {
  readonly name: string;
  readonly ms: number;
  /** Of the busy (non-idle) time in the windows. */
  readonly percent: number;
}

export interface ProfileSummary {
  readonly file: string;
  /** Busy milliseconds sampled in the windows (idle excluded). */
  readonly busyMs: number;
  readonly idleMs: number;
  readonly selfByCategory: readonly ProfileShare[];
  /** Share of busy samples with at least one frame of the category on the stack (sync part only). */
  readonly onStackByCategory: readonly ProfileShare[];
  readonly topFunctions: readonly ProfileShare[];
}

const PACKAGE_CATEGORIES: readonly (readonly [RegExp, string])[] = [
  [/\/node_modules\/(@prisma\/adapter-pg)\//, 'Prisma adapter-pg'],
  [/\/node_modules\/(@prisma\/|\.prisma\/)|\/generated\/prisma\//, 'Prisma client'],
  [/\/node_modules\/(pg|pg-protocol|pg-pool|pg-types|pg-connection-string|postgres-[a-z]+)\//, 'pg driver'],
  [/\/node_modules\/graphql\//, 'graphql-js'],
  [/\/node_modules\/(@apollo\/|@as-integrations\/|@graphql-tools\/)/, 'Apollo'],
  [/\/node_modules\/@nestjs\//, 'Nest'],
  [/\/node_modules\/(rxjs|reflect-metadata)\//, 'rxjs & reflect-metadata'],
  [
    /\/node_modules\/(express|body-parser|router|raw-body|iconv-lite|content-type|type-is|on-finished|finalhandler|qs|send|mime-types|mime-db|media-typer|negotiator|accepts|depd|debug|ms|statuses|http-errors|cors|vary|encodeurl|escape-html|parseurl|path-to-regexp|bytes|unpipe|ee-first|setprototypeof|inherits|toidentifier|utils-merge|merge-descriptors|forwarded|proxy-addr|ipaddr\.js|fresh|etag|range-parser|cookie|cookie-signature|safe-buffer|safer-buffer)\//,
    'Express & body parsing',
  ],
  [/\/node_modules\/argon2\//, 'argon2'],
  [/\/node_modules\//, 'other packages'],
  [/\/dist\/engine\//, 'engine'],
  [/\/dist\//, 'app code (dist/)'],
  [/^node:/, 'Node core'],
  [/^wasm:/, 'WebAssembly'],
];

export function categoryOf(frame: CallFrame): string {
  if (frame.functionName === '(garbage collector)') return 'GC';
  if (frame.functionName === '(program)') return '(program)';
  if (frame.functionName === '(idle)') return '(idle)';
  if (frame.functionName === '(root)') return '(root)';
  const url = frame.url.replace(/\\/g, '/');
  for (const [pattern, name] of PACKAGE_CATEGORIES) if (pattern.test(url)) return name;
  return url === '' ? 'V8 builtins & native' : 'other';
}

function frameLabel(frame: CallFrame): string {
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  if (frame.url === '') return name;
  const url = frame.url.replace(/\\/g, '/');
  const inModules = url.lastIndexOf('/node_modules/');
  const short =
    inModules >= 0 ? url.slice(inModules + '/node_modules/'.length) : url.replace(/^.*\/dist\//, 'dist/');
  return `${name} ${short.replace(/^file:\/\//, '')}:${frame.lineNumber + 1}`;
}

function shares(totals: Map<string, number>, busyUs: number, limit: number): ProfileShare[] {
  return [...totals.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, us]) => ({ name, ms: us / 1000, percent: busyUs > 0 ? (100 * us) / busyUs : 0 }));
}

export function summarizeProfile(
  profile: CpuProfile,
  windows: readonly TimeWindow[],
  file = '',
  topCount = 15,
): ProfileSummary {
  const byId = new Map<number, ProfileNode>();
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const inWindow = (us: number): boolean =>
    windows.length === 0 || windows.some((window) => us >= window.fromUs && us < window.toUs);
  const self = new Map<string, number>();
  const onStack = new Map<string, number>();
  const functions = new Map<string, number>();
  let busyUs = 0;
  let idleUs = 0;
  let time = profile.startTime;
  for (let index = 0; index < profile.samples.length; index++) {
    time += profile.timeDeltas[index] ?? 0;
    // A sample stands for the time until the next one.
    const next = profile.timeDeltas[index + 1] ?? 0;
    if (next <= 0 || !inWindow(time)) continue;
    const node = byId.get(profile.samples[index] as number);
    if (node === undefined) continue;
    const category = categoryOf(node.callFrame);
    if (category === '(idle)') {
      idleUs += next;
      continue;
    }
    busyUs += next;
    self.set(category, (self.get(category) ?? 0) + next);
    const label = frameLabel(node.callFrame);
    functions.set(label, (functions.get(label) ?? 0) + next);
    const seen = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id);
      if (frame !== undefined) seen.add(categoryOf(frame.callFrame));
    }
    for (const name of seen) onStack.set(name, (onStack.get(name) ?? 0) + next);
  }
  for (const name of ['(root)', '(program)', 'GC']) onStack.delete(name);
  return {
    file,
    busyMs: busyUs / 1000,
    idleMs: idleUs / 1000,
    selfByCategory: shares(self, busyUs, Number.POSITIVE_INFINITY),
    onStackByCategory: shares(onStack, busyUs, Number.POSITIVE_INFINITY),
    topFunctions: shares(functions, busyUs, topCount),
  };
}

/** The newest `.cpuprofile` in `dir`, or null. */
export function newestProfile(dir: string): string | null {
  if (!fs.existsSync(dir)) return null;
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile'))
    .map((name) => path.join(dir, name))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs);
  return files[0] ?? null;
}

export function readProfile(file: string): CpuProfile {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  const candidate = parsed as Partial<CpuProfile> | null;
  if (
    candidate === null ||
    !Array.isArray(candidate.nodes) ||
    !Array.isArray(candidate.samples) ||
    !Array.isArray(candidate.timeDeltas) ||
    typeof candidate.startTime !== 'number'
  ) {
    throw new Error(`${file} is not a V8 CPU profile`);
  }
  return candidate as CpuProfile;
}
