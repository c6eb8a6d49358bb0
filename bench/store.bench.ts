/**
 * `npm run bench:store`: what the game store's cache saves on a long game. For a game with a
 * 600-event log it times, against a real Postgres, getting the state a move is decided on: (a) with the cache
 * current (this copy of the app wrote the last move: nothing to read), (b) one event behind (another copy wrote
 * it: read one event, fold one), and (c) cold — read all 600 events and fold them, what every move would cost
 * without the cache. Then the heap a cached game holds: many games' rows and folded states put in one store, the
 * heap measured after a full collection (node --expose-gc), beside the store's own estimate of its bytes (the
 * estimate GAME_CACHE_MB bounds: docs/operations.md#the-game-cache). Uses DATABASE_URL, or an embedded Postgres.
 */
import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  GameEvent,
  RULES_VERSION,
  applyEvent,
  cloneState,
  decide,
  legalMoves,
  newDeal,
  optionsFor,
  setup,
} from '../src/engine';
import { loadConfig } from '../src/config/config';
import { DatabaseAvailability } from '../src/db/availability';
import { startEmbeddedPostgres, RunningPostgres } from '../src/db/embedded-postgres';
import { migrate } from '../src/db/migrator';
import { FoldedGame, GameStore } from '../src/games/persistence/game-store';
import type { GameRecord } from '../src/games/domain/game-record';
import { GamesRepository } from '../src/games/persistence/games.repository';
import { recordOfPrisma } from '../src/games/persistence/game-rows';
import { PrismaService } from '../src/prisma/prisma.service';
import { Replicas } from '../src/db/replicas';
import { Announcer } from '../src/events/announcer';
import {
  describeEnvironment,
  formatEnvironment,
  formatMs,
  formatRatio,
  formatTable,
  summarize,
} from './stats';

/** The benchmark counts no metrics. */
const UNCOUNTED = { movesAppended: (): void => undefined };

/** The benchmark only reads and folds: no game finishes, so nothing is rated. */
const NO_FINISHES = {
  rateFinishedGame: (): Promise<never> => Promise.reject(new Error('bench:store finishes no game')),
};

/** The benchmark writes nothing, so it announces nothing. */
const NO_ANNOUNCER = new Announcer({
  name: 'postgres',
  start: () => Promise.reject(new Error('bench:store listens to nothing')),
  publish: () => Promise.reject(new Error('bench:store announces nothing')),
  stop: () => Promise.resolve(),
});

const EVENTS = 600;
const ROUNDS = 300;

/** A seeded random classic game with at least EVENTS events: its seed and the first EVENTS events. */
function longGame(): { seed: string; events: GameEvent[] } {
  const options = optionsFor('classic');
  for (let game = 0; ; game++) {
    const seed = `store-bench-${game}`;
    const state = setup(options, newDeal(seed), 2);
    const events: GameEvent[] = [];
    let pick = game + 1;
    while (state.result === null && events.length < EVENTS) {
      const moves = legalMoves(state).filter((move) => move !== 'pass');
      const candidates = moves.length > 0 ? moves : ['pass'];
      pick = (pick * 1103515245 + 12345) & 0x7fffffff;
      const decision = decide(state, {
        type: 'move',
        seat: state.current,
        move: candidates[pick % candidates.length]!,
      });
      if (!decision.ok) throw new Error(decision.violation.reason);
      for (const event of decision.events) {
        applyEvent(state, event);
        events.push(event);
      }
    }
    if (events.length >= EVENTS) return { seed, events };
  }
}

const HEAP_GAMES = 2000;

function formatBytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * The heap per cached game: HEAP_GAMES copies of one game (each its own row and state objects, as games read from the
 * database and folded are) kept in one store, measured after full collections; and the store's estimate per game.
 */
function cachedHeap(row: GameRecord, folded: FoldedGame): { measured: number; estimated: number } {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench:store does)');
  const store = new GameStore(
    new GamesRepository({} as never, UNCOUNTED, NO_FINISHES, NO_ANNOUNCER, {} as never),
    {
      gameCacheBytes: 1024 ** 4,
    },
  );
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let copy = 0; copy < HEAP_GAMES; copy++) {
    const id = randomUUID();
    // Deep copies, so no two entries share a state's arrays or a row's objects.
    store.rememberRow(structuredClone({ ...row, id }));
    store.remember(id, { ...structuredClone(folded), state: cloneState(structuredClone(folded.state)) });
  }
  gc();
  gc();
  const measured = (process.memoryUsage().heapUsed - before) / HEAP_GAMES;
  const size = store.size();
  if (size.games !== HEAP_GAMES) throw new Error(`the store kept ${size.games} games`);
  return { measured, estimated: size.bytes / size.games };
}

async function main(): Promise<void> {
  let embedded: RunningPostgres | null = null;
  let url = process.env.DATABASE_URL ?? '';
  let dataDir: string | null = null;
  if (url === '') {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'malice-store-bench-'));
    fs.chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres(dataDir, 54000 + Math.floor(Math.random() * 1000));
    url = embedded.url;
  }
  await migrate(url);
  const config = { ...loadConfig({}), databaseUrl: url };
  const prisma = new PrismaService(config, new DatabaseAvailability(config));
  // No replica is configured here: every read goes to the primary.
  const replicas = new Replicas(config, prisma.pool);
  try {
    const { seed, events } = longGame();
    const playerIds = [randomUUID(), randomUUID()];
    for (const id of playerIds) {
      await prisma.player.create({
        data: { id, username: id.slice(0, 18), usernameKey: id.slice(0, 18), passwordHash: 'x' },
      });
    }
    const gameId = randomUUID();
    const base = {
      id: gameId,
      preset: 'classic',
      options: optionsFor('classic') as never,
      seats: 2,
      status: 'ACTIVE',
      seed,
      seedCommitment: '-',
      rulesVersion: RULES_VERSION,
      // Dealt from the seed alone (no client seeds, no seats needed to fold it).
      dealChosen: true,
      createdById: playerIds[0]!,
    };
    await prisma.game.create({ data: { ...base, version: EVENTS } });
    await prisma.gameEvent.createMany({
      data: events.map((event, index) => ({
        gameId,
        seq: index + 1,
        type: event.type,
        payload: event as never,
      })),
    });
    const row = recordOfPrisma({
      ...(await prisma.game.findUniqueOrThrow({ where: { id: gameId } })),
      players: [],
    });
    const before = { ...row, version: EVENTS - 1 };

    const current: number[] = [];
    const warm: number[] = [];
    const cold: number[] = [];
    for (let round = 0; round < ROUNDS + 20; round++) {
      const store = new GameStore(
        new GamesRepository(prisma, UNCOUNTED, NO_FINISHES, NO_ANNOUNCER, replicas),
      );
      await store.folded(before); // the cache one move behind: another copy of the app wrote the last move
      let start = performance.now();
      await store.folded(row);
      const warmMs = performance.now() - start;
      start = performance.now();
      await store.folded(row); // the cache current: this copy wrote the last move
      const currentMs = performance.now() - start;
      start = performance.now();
      await new GameStore(new GamesRepository(prisma, UNCOUNTED, NO_FINISHES, NO_ANNOUNCER, replicas)).folded(
        row,
      );
      const coldMs = performance.now() - start;
      if (round >= 20) {
        current.push(currentMs);
        warm.push(warmMs);
        cold.push(coldMs);
      }
    }
    const now = summarize(current);
    const w = summarize(warm);
    const c = summarize(cold);
    console.log(formatEnvironment(describeEnvironment()));
    console.log(`state for the next move of a ${EVENTS}-event game, ${ROUNDS} rounds:`);
    console.log(
      formatTable(
        [
          { header: 'path', align: 'left' },
          { header: 'p50', align: 'right' },
          { header: 'p99', align: 'right' },
        ],
        [
          ['cache current (no read, no fold)', formatMs(now.p50), formatMs(now.p99)],
          ['cache one event behind (read 1, fold 1)', formatMs(w.p50), formatMs(w.p99)],
          [`cold (read ${EVENTS} events, fold ${EVENTS})`, formatMs(c.p50), formatMs(c.p99)],
        ],
      ),
    );
    console.log(
      `cold / one behind at p50: ${formatRatio(c.p50 / w.p50)}; cold / current: ${formatRatio(c.p50 / now.p50)}`,
    );
    const folded = await new GameStore(
      new GamesRepository(prisma, UNCOUNTED, NO_FINISHES, NO_ANNOUNCER, replicas),
    ).folded(row);
    const seated = recordOfPrisma({
      ...(await prisma.game.findUniqueOrThrow({ where: { id: gameId } })),
      players: [],
    });
    const heap = cachedHeap(seated, folded);
    console.log(
      `heap per cached game (${HEAP_GAMES} games of ${EVENTS} events, 2 seats): ${formatBytes(heap.measured)} measured, ` +
        `${formatBytes(heap.estimated)} estimated (measured / estimated ${formatRatio(heap.measured / heap.estimated)})`,
    );
  } finally {
    await prisma.$disconnect();
    await embedded?.stop();
    if (dataDir !== null) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
