/**
 * The malice-game/1 document (src/export/game-export.ts), on games played by the engine alone: what a finished
 * game reveals, what a running one keeps back, the two serializations and reading them back with the one reader
 * of the format (src/export/verify-export.ts `readExport`), and that replaying an export with the engine gives the
 * game again.
 */
import {
  GameEvent,
  RulesVersion,
  formatCard,
  formatPosition,
  optionsFor,
  replay,
  standInClientSeed,
  stateHash,
} from '../../../src/engine';
import {
  GameExport,
  buildGameExport,
  ndjsonLines,
  publicEvent,
  toJson,
  toNdjson,
} from '../../../src/export/game-export';
import {
  EXPORT_FORMAT,
  ExportInputError,
  exportFromValue,
  readExport,
} from '../../../src/export/verify-export';
import { engineGame } from './engine-game';

const CLASSIC = {
  preset: 'classic',
  overrides: { payoffSize: 5 },
  seats: 2,
  seed: 'export-classic',
  // Seat 0 gave a seed of its own, seat 1 none: it has the stand-in.
  clientSeeds: ['alice-7f3a', standInClientSeed('export-classic', 1)],
} as const;
const MODERN = {
  preset: 'modern',
  overrides: { payoffSize: 6 },
  seats: 3,
  seed: 'export-modern',
  clientSeeds: ['m-one', 'm-two', 'm-three'],
} as const;

describe('a finished game’s export', () => {
  const played = engineGame(CLASSIC, 'chooser-1');
  const doc = buildGameExport(played.game, played.events);

  it('is a finished game with its seed, result, players and every event as stored', () => {
    expect(played.game.status).toBe('FINISHED');
    expect(doc.format).toBe(EXPORT_FORMAT);
    expect(doc.status).toBe('FINISHED');
    expect(doc.preset).toBe('CLASSIC');
    expect(doc.seed).toBe(CLASSIC.seed);
    expect(doc.seedCommitment).toBe(played.game.seedCommitment);
    expect(doc.options).toEqual(optionsFor('classic', { payoffSize: 5 }));
    expect(doc.result).toEqual(played.states[played.states.length - 1]!.result);
    expect(doc.version).toBe(played.events.length);
    expect(doc.events.map((event) => event.seq)).toEqual(played.events.map((_, index) => index + 1));
    expect(doc.events.map((event) => event.payload)).toEqual(played.events.map((row) => row.event));
    for (const event of doc.events) {
      expect(event.seat).toBe(event.payload.seat);
      expect(event.type).toBe(event.payload.type);
    }
    expect(doc.players.map((player) => [player.seat, player.username])).toEqual([
      [0, 'bot0'],
      [1, 'bot1'],
    ]);
    expect(doc.players.filter((player) => player.outcome === 'WIN')).toHaveLength(
      doc.result?.winner === null ? 0 : 1,
    );
  });

  it('replays with the engine to the same final state and result', () => {
    expect(doc.players.map((player) => [player.clientSeed, player.clientSeedSource])).toEqual([
      ['alice-7f3a', 'GIVEN_AFTER_COMMITMENT'],
      [standInClientSeed('export-classic', 1), 'SERVER_STAND_IN'],
    ]);
    const replayed = replay(
      doc.options,
      {
        version: doc.rulesVersion as RulesVersion,
        seed: doc.seed!,
        clientSeeds: doc.players.map((player) => player.clientSeed!),
      },
      doc.events.map((event) => event.payload),
      doc.seats,
    );
    expect(replayed.ok).toBe(true);
    expect(replayed.state.result).toEqual(doc.result);
    expect(stateHash(replayed.state)).toBe(stateHash(played.states[played.states.length - 1]!));
  });

  it('reads back the same document from JSON, pretty-printed JSON and NDJSON', () => {
    const json = toJson(doc);
    expect(json).not.toContain('\n');
    const read = readExport(json);
    // What the checks read, field for field as written.
    expect(read).toMatchObject({
      id: doc.id,
      preset: doc.preset,
      options: doc.options,
      seats: doc.seats,
      rulesVersion: doc.rulesVersion,
      seedCommitment: doc.seedCommitment,
      seed: doc.seed,
      startPosition: doc.startPosition,
      dealChosen: doc.dealChosen,
      status: doc.status,
      result: doc.result,
      version: doc.version,
    });
    expect(read.players).toEqual(
      doc.players.map(
        ({ seat, username, clientSeed, clientSeedSource, outcome, placement, score, botVersions }) => ({
          seat,
          username,
          clientSeed,
          clientSeedSource,
          outcome,
          placement,
          score,
          botVersions,
        }),
      ),
    );
    expect(read.events).toEqual(
      doc.events.map(({ seq, seat, type, payload }) => ({ seq, seat, type, payload })),
    );
    expect(readExport(JSON.stringify(doc, null, 2))).toEqual(read);
    expect(readExport(toNdjson(doc))).toEqual(read);
    expect(exportFromValue(JSON.parse(json))).toEqual(read);
  });

  it('writes NDJSON as a header line with everything but the events, then one line per event', () => {
    const lines = [...ndjsonLines(doc)];
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
    expect(lines).toHaveLength(1 + doc.events.length);
    const [header, ...events] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const { events: _events, ...rest } = JSON.parse(toJson(doc)) as GameExport;
    expect(header).toEqual({ kind: 'game', ...rest });
    expect(Object.keys(header!)[0]).toBe('kind');
    expect(events).toEqual(
      doc.events.map((event) => ({ kind: 'event', ...JSON.parse(JSON.stringify(event)) })),
    );
  });

  it('leaves out log rows past the game’s version, and orders the rows by seq', () => {
    const extra = {
      seq: played.events.length + 1,
      event: { type: 'passed', seat: 0 } as const,
      createdAt: new Date(),
    };
    const shuffled = [...played.events].reverse();
    expect(buildGameExport(played.game, [...shuffled, extra])).toEqual(doc);
  });
});

describe('a running game’s export', () => {
  const played = engineGame(MODERN, 'chooser-2', 40);
  const doc = buildGameExport(played.game, played.events);
  const text = toJson(doc);

  it('has no seed, start position or result, and events only as the public move history shows them', () => {
    expect(played.game.status).toBe('ACTIVE');
    expect(doc.status).toBe('ACTIVE');
    expect(doc.seed).toBeNull();
    expect(doc.startPosition).toBeNull();
    expect(doc.result).toBeNull();
    expect(text).not.toContain(MODERN.seed);
    // The client seeds are public from the deal on: without the server seed they give nothing away.
    expect(doc.players.map((player) => player.clientSeed)).toEqual(MODERN.clientSeeds);
    expect(doc.events.map((event) => event.payload)).toEqual(
      played.events.map((row) => publicEvent(row.event)),
    );
  });

  it('names no card of a hand, of the stock or under a pay-off top that the log does not show', () => {
    const now = played.states[played.states.length - 1]!;
    const shown = new Set(
      doc.events.flatMap((event) => ('card' in event.payload ? [event.payload.card] : [])),
    );
    const hidden = [...now.seats.flatMap((seat) => [...seat.hand, ...seat.payoff.slice(0, -1)]), ...now.stock]
      .map(formatCard)
      .filter((card) => !shown.has(card));
    // Most hidden cards have a twin among the played ones (several decks): the test needs some that do not.
    expect(new Set(hidden).size).toBeGreaterThan(5);
    const named = new Set(text.match(/(?<![A-Za-z0-9])(?:[2-9TJQKA][SHDC]|\*)(?![A-Za-z0-9])/g) ?? []);
    expect([...shown].filter((card) => !named.has(card))).toEqual([]);
    expect(hidden.filter((card) => named.has(card))).toEqual([]);
  });

  it('keeps a stored custom start position secret until the game is over', () => {
    const position = formatPosition(played.states[0]!);
    const custom = { ...played.game, startPosition: position };
    expect(buildGameExport(custom, played.events).startPosition).toBeNull();
    expect(toJson(buildGameExport(custom, played.events))).not.toContain(position.split(' ')[1]!);
    const over = buildGameExport({ ...custom, status: 'ABORTED' }, []);
    expect(over.startPosition).toBe(position);
    expect(over.seed).toBe(MODERN.seed);
  });
});

describe('publicEvent', () => {
  it('copies the public fields of each event type and nothing else', () => {
    const extra = { secret: 'QS' };
    const cases: GameEvent[] = [
      { type: 'played', seat: 1, move: '7H-c2', card: '7H', slot: 2 },
      { type: 'discarded', seat: 0, move: '8S-d1', card: '8S' },
      { type: 'passed', seat: 2 },
      { type: 'resigned', seat: 1 },
      { type: 'timedOut', seat: 0 },
    ];
    for (const event of cases) {
      expect(publicEvent({ ...event, ...extra } as GameEvent)).toEqual(event);
    }
  });
});

describe('readExport', () => {
  it('refuses what is not a malice-game/1 export, saying why', () => {
    const refusal = (text: string): string => {
      try {
        readExport(text);
      } catch (error) {
        if (error instanceof ExportInputError) return error.message;
        throw error;
      }
      throw new Error(`read ${JSON.stringify(text)}`);
    };
    expect(refusal('{"format":"other/1","events":[]}')).toMatch(/^not a malice-game\/1 export/);
    expect(refusal('{"kind":"event"}\n')).toMatch(/"kind":"game"/);
    expect(refusal('not json')).toBe('line 1 is not JSON');
    expect(refusal(`{"kind":"game","format":"${EXPORT_FORMAT}"}\n{"kind":"game"}\n`)).toMatch(/^line 2 /);
  });
});
