/**
 * `verifyGame` and the command-line verifier are one verifier (src/export/game-verifier.ts runs
 * src/export/verify-export.ts's checks on the export the server builds of the stored game): on the same game,
 * honest or tampered with in the database, both pass, or both fail at the same check — the server's `message` is
 * the verifier's first FAIL line (scripts/verify-export.ts, run as anyone runs it, on the game's export) and the
 * flag that check stands behind is false. A changed player outcome, which only the command line used to catch, and
 * a bot's move put in another legal one's place, which check 8 finds in the bot threads on one side and in this
 * process on the other, are among the cases. The one difference: a stored row past the game's version, which the
 * export leaves out (src/export/game-export.ts) and the server's check of the whole log finds.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from 'pg';
import {
  GameEvent,
  GameState,
  commandOf,
  decide,
  formatMove,
  legalMoves,
  parseMove,
  replayFrom,
} from '../../../src/engine';
import { VerifiableExport, readExport, startingState } from '../../../src/export/verify-export';
import { dataOf, register } from '../../support/service/app';
import { InProcessApp, startAppInProcess } from '../../support/service/in-process';

import { createGame, joinGame, playGame, readGame, resign, playAgainstBot } from '../../support/service/play';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const TSX = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const CHECKER = path.join(ROOT, 'scripts', 'verify-export.ts');

const VERIFY = `query($g: ID!) { verifyGame(id: $g) { ok seedMatchesCommitment clientSeedsMatch replayMatches
  resultMatches botChoicesMatch botDecisionsReplayed botDecisionsNotChecked firstDifferingBotMove message } }`;

interface Verified {
  ok: boolean;
  seedMatchesCommitment: boolean;
  clientSeedsMatch: boolean;
  replayMatches: boolean;
  resultMatches: boolean;
  botChoicesMatch: boolean;
  botDecisionsReplayed: number;
  botDecisionsNotChecked: number;
  firstDifferingBotMove: number | null;
  message: string;
}

/** What the command line printed of each check (`ok   …` or `FAIL …`), and its exit status. */
interface Checked {
  readonly status: number | null;
  readonly passed: readonly string[];
  readonly failed: readonly string[];
}

let app: InProcessApp;
let dir: string;
let ann: string;
let bob: string;
beforeAll(async () => {
  // The bot moves at once: its game is played here move by move.
  app = await startAppInProcess({ env: { BOT_DELAY_MS: '0' } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-agreement-'));
  ann = await register(app, 'agree_ann');
  bob = await register(app, 'agree_bob');
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;

/** Both verifiers on game `gameId` as `on` stores it now: the server's answer, and the checker's on its export. */
async function bothOn(
  gameId: string,
  on: InProcessApp = app,
): Promise<{ server: Verified; checker: Checked }> {
  const server = dataOf(await on.gql<{ verifyGame: Verified }>(null, VERIFY, { g: gameId })).verifyGame;
  const response = await fetch(`${on.url}/api/games/${gameId}/export`);
  expect(response.status).toBe(200);
  files += 1;
  const file = path.join(dir, `game-${files}.json`);
  fs.writeFileSync(file, await response.text());
  const run = spawnSync(process.execPath, [TSX, CHECKER, file], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '' },
  });
  expect(run.stderr).toBe('');
  const lines = (prefix: string): string[] =>
    run.stdout
      .split('\n')
      .filter((line) => line.startsWith(prefix))
      .map((line) => line.slice(prefix.length));
  return { server, checker: { status: run.status, passed: lines('ok   '), failed: lines('FAIL ') } };
}

/** What both must say of one game: the same verdict, and where it fails, the same first failure. */
function expectAgreement(server: Verified, checker: Checked): void {
  expect(checker.status).toBe(server.ok ? 0 : 1);
  if (server.ok) {
    expect(checker.failed).toEqual([]);
  } else {
    expect(checker.failed.length).toBeGreaterThan(0);
    expect(server.message).toBe(checker.failed[0]);
  }
}

/** A finished game of Ann's and Bob's, dealt from a drawn seed and their client seeds; Ann resigns midway. */
async function finishedGame(): Promise<string> {
  const id = (await createGame(app, ann, { preset: 'CLASSIC', clientSeed: 'ann-agrees-1' })).id;
  await joinGame(app, bob, id);
  const played = await playGame(app, [ann, bob], id, { maxVersion: 14 });
  if (played.status === 'ACTIVE') await resign(app, ann, id);
  expect((await readGame(app, null, id)).status).toBe('FINISHED');
  return id;
}

/**
 * Rewrites stored rows behind the service's back, as someone with database access could: triggers off
 * (`session_replication_role = replica`), as the log is append-only by them.
 */
async function tamper(text: string, values: unknown[]): Promise<void> {
  const client = new Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    await client.query('SET session_replication_role = replica');
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

const HONEST =
  'the seed matches its commitment, the client seeds are in order, every move replays legally and the result is the same';

describe('a game between people', () => {
  it('passes both, honest', async () => {
    const { server, checker } = await bothOn(await finishedGame());
    expect(server).toEqual({
      ok: true,
      seedMatchesCommitment: true,
      clientSeedsMatch: true,
      replayMatches: true,
      resultMatches: true,
      botChoicesMatch: true,
      botDecisionsReplayed: 0,
      botDecisionsNotChecked: 0,
      firstDifferingBotMove: null,
      message: HONEST,
    });
    expectAgreement(server, checker);
    expect(checker.passed).toContain('each player’s outcome, placement and score follow from the result');
  });

  it('fails both at the commitment when the stored seed was changed', async () => {
    const id = await finishedGame();
    await tamper(`UPDATE games SET seed = 'another seed' WHERE id = $1`, [id]);
    const { server, checker } = await bothOn(id);
    expect(server).toMatchObject({ ok: false, seedMatchesCommitment: false, clientSeedsMatch: false });
    expect(server.message).toMatch(
      /^SHA-256\(encode\("malice\/v2\/commitment", seed\)\) is [0-9a-f]{64}, not the commitment published at creation, [0-9a-f]{64}$/,
    );
    expectAgreement(server, checker);
  });

  it('fails both at the event when a logged card was changed', async () => {
    const id = await finishedGame();
    // The first event that logs a card: a play, or a discard (a drawn deal may open with discards only).
    const [played] = await rows<{ seq: number; card: string }>(
      `SELECT seq, payload->>'card' AS card FROM game_events
        WHERE game_id = $1 AND type IN ('played', 'discarded') ORDER BY seq LIMIT 1`,
      [id],
    );
    await tamper(
      `UPDATE game_events SET payload = jsonb_set(payload, '{card}', to_jsonb($3::text)) WHERE game_id = $1 AND seq = $2`,
      [id, played!.seq, played!.card === 'KS' ? 'QS' : 'KS'],
    );
    const { server, checker } = await bothOn(id);
    expect(server).toMatchObject({
      ok: false,
      seedMatchesCommitment: true,
      replayMatches: false,
      resultMatches: false,
    });
    expect(server.message).toMatch(new RegExp(`^event ${played!.seq} does not replay: `));
    expectAgreement(server, checker);
  });

  it('fails both at the result when the recorded winner was changed', async () => {
    const id = await finishedGame();
    await tamper(
      `UPDATE games SET result = jsonb_set(result, '{winner}', to_jsonb(1 - (result->>'winner')::int)) WHERE id = $1`,
      [id],
    );
    const { server, checker } = await bothOn(id);
    expect(server).toMatchObject({ ok: false, replayMatches: true, resultMatches: false });
    expect(server.message).toMatch(/^the export says .*, the replay /);
    expectAgreement(server, checker);
  });

  it('fails both at the log when its last event was cut off', async () => {
    const id = await finishedGame();
    const { version } = await readGame(app, null, id);
    await tamper('DELETE FROM game_events WHERE game_id = $1 AND seq = $2', [id, version]);
    const { server, checker } = await bothOn(id);
    expect(server).toMatchObject({ ok: false, replayMatches: false, resultMatches: false });
    expect(server.message).toBe(`the log has ${version - 1} events, but the game's version is ${version}`);
    expectAgreement(server, checker);
  });

  it('differ only on a stored row past the game’s version, which the export leaves out: the server fails it', async () => {
    const id = await finishedGame();
    const { version } = await readGame(app, null, id);
    await tamper(
      `INSERT INTO game_events (game_id, seq, type, payload) VALUES ($1, $2, 'passed', $3::jsonb)`,
      [id, version + 1, JSON.stringify({ type: 'passed', seat: 0 })],
    );
    const { server, checker } = await bothOn(id);
    expect(server).toMatchObject({ ok: false, replayMatches: false, resultMatches: true });
    expect(server.message).toBe(`the log has ${version + 1} events, but the game's version is ${version}`);
    expect(checker).toMatchObject({ status: 0, failed: [] });
    expect(checker.passed).toContain(`the log is complete: events 1–${version}, in order`);
  });

  it('fails both at the players when the recorded outcomes were swapped', async () => {
    const id = await finishedGame();
    await tamper(
      `UPDATE game_players SET outcome = CASE outcome WHEN 'WIN' THEN 'LOSS' ELSE 'WIN' END WHERE game_id = $1`,
      [id],
    );
    // A copy started now reads the seats afresh (a copy keeps the seats of a dealt game, which never change).
    const copy = await startAppInProcess({ databaseUrl: app.databaseUrl });
    try {
      const { server, checker } = await bothOn(id, copy);
      expect(server).toMatchObject({ ok: false, replayMatches: true, resultMatches: false });
      expect(server.message).toMatch(
        /^the outcome, placement or score of seat 0 \(agree_ann\), seat 1 \(agree_bob\) does not follow from the result$/,
      );
      expectAgreement(server, checker);
    } finally {
      await copy.close();
    }
  });
});

describe('a game against a built-in bot', () => {
  it('passes both, honest, every move of the bot replayed as its own choice', async () => {
    const { gameId: id } = await playAgainstBot(app, await register(app, 'agree_cy'), 'RANDOM', 6);
    const { server, checker } = await bothOn(id);
    const bots = checker.passed.find((line) =>
      line.startsWith('every move of a built-in bot is its own choice'),
    );
    expect(bots).toBeDefined();
    expect(server).toMatchObject({ ok: true, botChoicesMatch: true, firstDifferingBotMove: null });
    expect(server.botDecisionsReplayed).toBeGreaterThanOrEqual(6);
    expect(server.message).toBe(`${HONEST}; ${bots}`);
    expectAgreement(server, checker);
  });

  it('fails both at check 8 when a bot’s move was put in another legal move’s place', async () => {
    const { gameId: id } = await playAgainstBot(app, await register(app, 'agree_di'), 'RANDOM', 6);
    const doc = readExport(await (await fetch(`${app.url}/api/games/${id}/export`)).text());
    const forged = substituteBotMove(doc);
    await tamper(`UPDATE game_events SET type = $3, payload = $4::jsonb WHERE game_id = $1 AND seq = $2`, [
      id,
      forged.seq,
      forged.event.type,
      JSON.stringify(forged.event),
    ]);
    const { server, checker } = await bothOn(id);
    expect(server).toMatchObject({
      ok: false,
      seedMatchesCommitment: true,
      clientSeedsMatch: true,
      replayMatches: true,
      resultMatches: true,
      botChoicesMatch: false,
      firstDifferingBotMove: forged.seq,
    });
    expect(server.message).toMatch(
      new RegExp(`^event ${forged.seq} \\(seat 1, RandomBot\\) is \\S+, but the bot \\(random-1\\) chooses `),
    );
    expectAgreement(server, checker);
  });
});

async function rows<T extends object>(text: string, values: unknown[]): Promise<T[]> {
  const client = new Client({ connectionString: app.databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A move of the bot's seat (seat 1) put in the place of the one it made, such that the rest of the log still
 * replays to the same result: every check but check 8 holds. The latest such move, searched from the log's end.
 */
function substituteBotMove(doc: VerifiableExport): { seq: number; event: GameEvent } {
  const start = startingState(doc);
  if (!start.ok) throw new Error(start.error);
  const before: GameState[] = [];
  let state = start.state;
  for (const event of doc.events) {
    before.push(state);
    const next = replayFrom(state, [event.payload]);
    if (!next.ok) throw new Error(next.violation.reason);
    state = next.state;
  }
  const result = JSON.stringify(state.result);
  for (let index = doc.events.length - 1; index >= 0; index--) {
    const logged = doc.events[index]!.payload;
    const command = commandOf(logged);
    if (logged.seat !== 1 || command.type !== 'move') continue;
    const made = formatMove(parseMove(command.move)!);
    for (const move of legalMoves(before[index]!)) {
      if (formatMove(parseMove(move)!) === made) continue;
      const decided = decide(before[index]!, { type: 'move', seat: 1, move });
      // One command, one event (src/engine/decide.ts): the forged event takes the logged one's seq.
      if (!decided.ok || decided.events.length !== 1) continue;
      const rest = replayFrom(before[index]!, [
        ...decided.events,
        ...doc.events.slice(index + 1).map((event) => event.payload),
      ]);
      if (rest.ok && JSON.stringify(rest.state.result) === result) {
        return { seq: doc.events[index]!.seq, event: decided.events[0]! };
      }
    }
  }
  throw new Error(
    'no move of the bot can be replaced with the rest of the log still replaying to its result',
  );
}
