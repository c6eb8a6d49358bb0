/**
 * scripts/verify-export.ts, run as anyone would run it (`npx tsx scripts/verify-export.ts game.json`, as a child
 * process), on exports of games played by the engine alone: an honest export passes (exit 0), and each kind of
 * tampering fails (exit 1) with a message that says what is wrong.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  GameEvent,
  RULES_VERSION,
  decide,
  formatPosition,
  legalMoves,
  standInClientSeed,
} from '../../../src/engine';
import { GameExport, buildGameExport, toJson, toNdjson } from '../../../src/export/game-export';
import { BOT, PERSON, botGame, botGameExport } from './bot-game';
import { engineGame } from './engine-game';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const SCRIPT = path.join(ROOT, 'scripts', 'verify-export.ts');

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-verify-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function verify(name: string, contents: string, ...flags: string[]): Run {
  const file = path.join(dir, name);
  fs.writeFileSync(file, contents);
  const run = spawnSync(process.execPath, [TSX, SCRIPT, file, ...flags], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** An export as plain JSON, to tamper with. */
type Editable = Record<string, unknown> & {
  seed: string | null;
  result: (Record<string, unknown> & { winner: number | null }) | null;
  players: (Record<string, unknown> & {
    outcome: string | null;
    clientSeed: string | null;
    clientSeedSource: string | null;
  })[];
  events: { seq: number; seat: number; type: string; payload: Record<string, unknown> }[];
};

/** A deep copy to tamper with. */
function copy(doc: GameExport): Editable {
  return JSON.parse(toJson(doc)) as Editable;
}

/** Seat 0 gave its own seed after the commitment; seat 1 gave none and has its stand-in. */
const CLIENT_SEEDS = ['alice-7f3a', standInClientSeed('verify-export', 1)];
const played = engineGame(
  {
    preset: 'zloba',
    overrides: { payoffSize: 6 },
    seats: 2,
    seed: 'verify-export',
    clientSeeds: CLIENT_SEEDS,
  },
  'verify-chooser',
);
const honest = buildGameExport(played.game, played.events);

describe('scripts/verify-export.ts', () => {
  it('verifies an honest export, as JSON and as NDJSON (exit 0)', () => {
    expect(honest.status).toBe('FINISHED');
    expect(honest.events.length).toBeGreaterThan(20);
    for (const [name, text] of [
      ['game.json', toJson(honest)],
      ['game.ndjson', toNdjson(honest)],
    ] as const) {
      const run = verify(name, text);
      expect({ name, status: run.status, stderr: run.stderr }).toEqual({ name, status: 0, stderr: '' });
      expect(run.stdout).toContain(`ok   played under rules ${RULES_VERSION}, which this engine replays`);
      expect(run.stdout).toContain('ok   SHA-256(encode("malice/v2/commitment", seed)) is the commitment');
      expect(run.stdout).toContain(
        `ok   client seeds, in seat order: bot0 alice-7f3a (given after the commitment), bot1 ${CLIENT_SEEDS[1]} (the stand-in the seed gives)`,
      );
      expect(run.stdout).toContain('ok   dealt from the seed and the 2 client seeds');
      expect(run.stdout).toContain(`ok   all ${honest.events.length} events replay legally`);
      expect(run.stdout).toContain("ok   the result is the replay's");
      expect(run.stdout).toMatch(/verified: /);
      expect(run.stdout).not.toContain('FAIL');
    }
  });

  it('replays a built-in bot’s moves as its own choices, and fails on one the bot would not make (check 8)', () => {
    const game = botGame({ bot: 'random', preset: 'classic', index: 11, overrides: { payoffSize: 5 } });
    const run = verify('bot.json', toJson(game.export));
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain(
      `ok   every move of a built-in bot is its own choice: ${game.botMoves.length} decisions of seat 1 random-bot (random-1) replayed from its seat’s view`,
    );
    expect(run.stdout).toContain(
      'verified: the deal is the committed seed’s and the players’, every move was legal, every bot move the bot’s own choice and the result is right',
    );

    // The server put another legal move in the bot's place, then the person resigned: every other check holds.
    const seq = game.botMoves.find((candidate) => legalMoves(game.before[candidate - 1]!).length > 1)!;
    const logged = game.events[seq - 1]!;
    const other = legalMoves(game.before[seq - 1]!).find(
      (move) => move !== (logged.type === 'passed' ? 'pass' : 'move' in logged ? logged.move : null),
    )!;
    const substitute = decide(game.before[seq - 1]!, { type: 'move', seat: BOT, move: other });
    if (!substitute.ok) throw new Error(substitute.violation.reason);
    const events = [
      ...game.events.slice(0, seq - 1),
      ...substitute.events,
      { type: 'resigned', seat: PERSON } as const,
    ];
    const tampered = verify('bot-swapped.json', toJson(botGameExport(game, events)));
    expect(tampered.status).toBe(1);
    expect(tampered.stdout).toContain(
      `FAIL event ${seq} (seat 1, random-bot) is ${other}, but the bot (random-1) chooses `,
    );
    expect(tampered.stdout.match(/^FAIL /gm)).toHaveLength(1);
    expect(tampered.stdout).toMatch(/NOT VERIFIED: 1 check failed/);
  });

  it('prints the position after every event with --positions, the engine’s own', () => {
    const run = verify('positions.json', toJson(honest), '--positions');
    expect(run.status).toBe(0);
    const printed = [...run.stdout.matchAll(/^position after (\d+): (.*)$/gm)].map((match) => [
      Number(match[1]),
      match[2],
    ]);
    expect(printed).toEqual(played.states.map((state, ply) => [ply, formatPosition(state)]));
  });

  it('fails on a changed card in the log, naming the event (exit 1)', () => {
    const tampered = copy(honest);
    const index = tampered.events.findIndex((event) => event.type === 'played');
    const event = tampered.events[index]!;
    event.payload.card = event.payload.card === 'KS' ? 'QS' : 'KS';
    const run = verify('card.json', JSON.stringify(tampered));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`FAIL event ${event.seq} does not replay`);
    expect(run.stdout).toMatch(/NOT VERIFIED/);
  });

  it('fails on a seed that does not match the commitment', () => {
    const tampered = copy(honest);
    tampered.seed = 'another seed';
    const run = verify('seed.json', JSON.stringify(tampered));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      /FAIL SHA-256\(encode\("malice\/v2\/commitment", seed\)\) is [0-9a-f]{64}, not the commitment/,
    );
  });

  it('fails when a client seed in the export was tampered with: the deal is another one', () => {
    const given = copy(honest);
    given.players[0]!.clientSeed = 'alice-7f3b';
    const run = verify('client-seed.json', JSON.stringify(given));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/FAIL event \d+ does not replay/);
    expect(run.stdout).toMatch(/NOT VERIFIED/);

    // A stand-in is fixed by the revealed seed: another one is caught even before the replay.
    const standIn = copy(honest);
    standIn.players[1]!.clientSeed = standInClientSeed('another seed', 1);
    const second = verify('stand-in.json', JSON.stringify(standIn));
    expect(second.status).toBe(1);
    expect(second.stdout).toContain(
      "FAIL client seeds: seat 1's stand-in client seed is not the one the revealed seed gives",
    );

    // Swapping the two seats' seeds deals differently: they are mixed in seat order.
    const swapped = copy(honest);
    [swapped.players[0]!.clientSeed, swapped.players[1]!.clientSeed] = [CLIENT_SEEDS[1]!, CLIENT_SEEDS[0]!];
    [swapped.players[0]!.clientSeedSource, swapped.players[1]!.clientSeedSource] = [
      'GIVEN_AFTER_COMMITMENT',
      'GIVEN_AFTER_COMMITMENT',
    ];
    const third = verify('swapped-seeds.json', JSON.stringify(swapped));
    expect(third.status).toBe(1);
    expect(third.stdout).toMatch(/FAIL event \d+ does not replay/);

    const missing = copy(honest);
    missing.players[1]!.clientSeed = null;
    missing.players[1]!.clientSeedSource = null;
    const fourth = verify('no-seed.json', JSON.stringify(missing));
    expect(fourth.status).toBe(1);
    expect(fourth.stdout).toContain('FAIL client seeds: seat 1 has no client seed');
  });

  it('refuses a rules version it does not know, and replays nothing under other rules', () => {
    const newer = copy(honest);
    newer.rulesVersion = 'malice-rules-9+chacha20-v2';
    const run = verify('newer.json', JSON.stringify(newer));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      'FAIL played under rules malice-rules-9+chacha20-v2, which this engine does not know (it replays malice-rules-1+xoshiro128ss-sha256-v1, malice-rules-1+chacha20-v2, malice-rules-2+chacha20-v2, malice-rules-2+chacha20-v2+bot-key-v1, malice-rules-3+chacha20-v2+bot-key-v1): use an engine that does',
    );
    expect(run.stdout).not.toMatch(/replay legally|dealt from/);
  });

  it('exports blockedWhen; a malice-rules-1 modern game stored without it verifies under rules 1 (cannotOrWillNot)', () => {
    expect(honest.options.blockedWhen).toBe('cannotOrWillNot');
    const spec = {
      preset: 'modern' as const,
      overrides: { payoffSize: 5 },
      seats: 2,
      seed: 'verify-rules-1',
      version: 'malice-rules-1+chacha20-v2' as const,
      clientSeeds: ['alice-7f3a', standInClientSeed('verify-rules-1', 1)],
    };
    const old = engineGame(spec, 'verify-chooser');
    expect(old.game.options).not.toHaveProperty('blockedWhen');
    const exported = buildGameExport(old.game, old.events);
    // The export carries the value the game's version plays by, not modern's rules-2 default (cannot).
    expect(exported.options.blockedWhen).toBe('cannotOrWillNot');
    const run = verify('rules-1.json', toJson(exported));
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    // An export made before the option existed has none in its options: it verifies the same.
    const before = copy(exported);
    delete (before.options as Record<string, unknown>).blockedWhen;
    const beforeRun = verify('rules-1-before.json', JSON.stringify(before));
    expect({ status: beforeRun.status, stderr: beforeRun.stderr }).toEqual({ status: 0, stderr: '' });
    expect(beforeRun.stdout).toContain('all ' + String(old.events.length) + ' events replay legally');
  });

  it('verifies a game recorded under the old version, under that version', () => {
    const old = engineGame(
      {
        preset: 'classic',
        overrides: { payoffSize: 5 },
        seats: 2,
        seed: 'verify-old',
        version: 'malice-rules-1+xoshiro128ss-sha256-v1',
      },
      'verify-chooser',
    );
    const run = verify('old.json', toJson(buildGameExport(old.game, old.events)));
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain(
      'ok   played under rules malice-rules-1+xoshiro128ss-sha256-v1, which this engine replays',
    );
    expect(run.stdout).toContain('ok   sha256(seed) is the commitment');
    expect(run.stdout).toContain('ok   no client seeds: malice-rules-1+xoshiro128ss-sha256-v1 takes none');
  });

  it('fails on a changed result, and on a changed player outcome', () => {
    const result = copy(honest);
    const winner = result.result!.winner;
    result.result = { ...result.result!, winner: winner === 0 ? 1 : 0 };
    const run = verify('result.json', JSON.stringify(result));
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/FAIL the export says .*, the replay /);

    const outcome = copy(honest);
    outcome.players = outcome.players.map((player) => ({
      ...player,
      outcome: player.outcome === 'WIN' ? 'LOSS' : 'WIN',
    }));
    const second = verify('outcome.json', JSON.stringify(outcome));
    expect(second.status).toBe(1);
    expect(second.stdout).toMatch(/FAIL the outcome, placement or score of seat 0 \(bot0\), seat 1 \(bot1\)/);
  });

  it('fails on a log cut short, and on two events swapped', () => {
    const cut = copy(honest);
    cut.events = cut.events.slice(0, -1);
    const run = verify('cut.json', JSON.stringify(cut));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(
      `FAIL the log has ${honest.events.length - 1} events, but the game's version is`,
    );

    const swapped = copy(honest);
    const [first, second] = [swapped.events[0]!, swapped.events[1]!];
    swapped.events[0] = { ...second, seq: 1 };
    swapped.events[1] = { ...first, seq: 2 };
    const payloads = swapped.events.map((event) => event.payload as unknown as GameEvent);
    expect(payloads[0]).not.toEqual(honest.events[0]!.payload);
    const swappedRun = verify('swapped.json', JSON.stringify(swapped));
    expect(swappedRun.status).toBe(1);
    expect(swappedRun.stdout).toMatch(/FAIL event \d+ does not replay/);
  });

  it('says a running game cannot be checked yet, and refuses what is not an export (exit 2)', () => {
    const running = engineGame(
      { preset: 'classic', overrides: {}, seats: 2, seed: 'verify-running' },
      'verify-chooser',
      10,
    );
    const run = verify('running.json', toJson(buildGameExport(running.game, running.events)));
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('FAIL the game is ACTIVE: its seed stays secret until it is over');

    const garbage = verify('garbage.json', '{"hello": "world"}');
    expect(garbage.status).toBe(2);
    expect(garbage.stderr).toMatch(/cannot read the export: not a malice-game\/1 export/);
    const missing = spawnSync(process.execPath, [TSX, SCRIPT], { cwd: ROOT, encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/usage: npx tsx scripts\/verify-export\.ts/);
  });
});
