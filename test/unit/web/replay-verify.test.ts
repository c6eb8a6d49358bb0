/**
 * The web client's local replay and Verify (web/src/replay/engine-replay.ts) on exports of games played by the
 * engine alone (test/unit/export/engine-game.ts): each step is the engine's true state, an honest export verifies, and
 * a tampered one — another seed, a changed card, a changed result — fails at the check that names it.
 */
import { formatCard, formatPosition } from '../../../src/engine';
import { buildGameExport, toJson } from '../../../src/export/game-export';
import {
  loadReplay,
  verifyExportValue,
  verifyExportValueInSteps,
} from '../../../web/src/replay/engine-replay';
import { botGame } from '../export/bot-game';
import { engineGame } from '../export/engine-game';

const played = engineGame(
  {
    preset: 'zloba',
    overrides: { payoffSize: 6 },
    seats: 2,
    seed: 'web-replay',
    clientSeeds: ['ann-1', 'bo-2'],
  },
  'web-replay-chooser',
);
const honest = buildGameExport(played.game, played.events);

/** The export as the API's JSON scalar hands it to the page: a plain value, here a fresh copy to tamper with. */
type Editable = Record<string, unknown> & {
  seed: string | null;
  startPosition: string | null;
  result: { winner: number | null } | null;
  events: { seq: number; payload: Record<string, unknown> }[];
};
const copy = (): Editable => JSON.parse(toJson(honest)) as Editable;

function failedKinds(value: unknown): string[] {
  const verification = verifyExportValue(value);
  expect(verification.readable).toBe(true);
  return verification.readable
    ? verification.checks.filter((check) => !check.ok).map((check) => check.kind)
    : [];
}

describe('the web client’s replay (engine-replay.ts)', () => {
  it('replays every ply as the engine played it: every hand and the stock, seen from the reader’s seat', () => {
    expect(honest.status).toBe('FINISHED');
    const replay = loadReplay(copy(), 1);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.stopped).toBeNull();
    expect(replay.steps.map((step) => step.ply)).toEqual(played.states.map((_, ply) => ply));
    replay.steps.forEach((step, ply) => {
      const state = played.states[ply]!;
      expect(step.hands).toEqual(state.seats.map((seat) => seat.hand.map(formatCard)));
      expect(step.view.stockCount).toBe(state.stock.length);
      expect(step.view.hand).toEqual(state.seats[1]!.hand.map(formatCard));
      expect(step.event).toEqual(ply === 0 ? null : played.events[ply - 1]!.event);
    });
    expect(replay.steps[replay.steps.length - 1]!.view.result).toEqual(honest.result);
  });

  it('replays a game that started from a custom position from that position (setupFromPosition)', () => {
    const from = 10;
    const custom = copy();
    custom.startPosition = formatPosition(played.states[from]!);
    custom.events = custom.events.slice(from).map((event, index) => ({ ...event, seq: index + 1 }));
    const replay = loadReplay(custom, 0);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.stopped).toBeNull();
    expect(replay.steps.map((step) => step.hands)).toEqual(
      played.states.slice(from).map((state) => state.seats.map((seat) => seat.hand.map(formatCard))),
    );
  });

  it('verifies an honest export: every check holds', () => {
    const verification = verifyExportValue(copy());
    expect(verification.ok).toBe(true);
    expect(verification.readable && verification.checks.map((check) => [check.kind, check.ok])).toEqual([
      ['over', true],
      ['rulesVersion', true],
      ['commitment', true],
      ['clientSeeds', true],
      ['logComplete', true],
      ['eventLabels', true],
      ['deal', true],
      ['events', true],
      ['result', true],
      ['players', true],
    ]);
  });

  it('catches another seed: it does not give the commitment', () => {
    const tampered = copy();
    tampered.seed = 'web-replay-2';
    expect(verifyExportValue(tampered).ok).toBe(false);
    expect(failedKinds(tampered)).toContain('commitment');
  });

  it('catches a changed card: the replay stops before it, Verify names the event', () => {
    const tampered = copy();
    const index = tampered.events.findIndex((event) => event.payload.type === 'played');
    const payload = tampered.events[index]!.payload;
    payload.card = payload.card === 'KS' ? 'QS' : 'KS';
    expect(failedKinds(tampered)).toEqual(['events']);
    const replay = loadReplay(tampered, null);
    if (!replay.ok) throw new Error(replay.error);
    expect(replay.steps).toHaveLength(index + 1);
    expect(replay.stopped).toMatch(new RegExp(`^event ${index + 1}: `));
  });

  it('catches a changed result', () => {
    const tampered = copy();
    tampered.result!.winner = tampered.result!.winner === 0 ? 1 : 0;
    expect(failedKinds(tampered)).toContain('result');
  });

  it('says what is not an export at all', () => {
    const verification = verifyExportValue({ format: 'something-else' });
    expect(verification).toEqual({
      readable: false,
      ok: false,
      error: expect.stringMatching(/not a malice-game\/1/),
    });
    expect(loadReplay('not an object', null)).toEqual({ ok: false, error: expect.any(String) });
  });

  it('verifies a game against a built-in bot a bot decision at a time, with the same finding', async () => {
    const game = botGame({ bot: 'random', preset: 'classic', index: 31, overrides: { payoffSize: 5 } });
    const value = JSON.parse(toJson(game.export)) as unknown;
    const progress: { replayed: number; of: number }[] = [];
    const stepped = await verifyExportValueInSteps(value, null, null, (step) => progress.push(step));
    const decisions = game.botMoves.length;
    expect(progress).toEqual([...Array(decisions).keys()].map((replayed) => ({ replayed, of: decisions })));
    expect(stepped).toEqual(verifyExportValue(value));
    expect(stepped.ok).toBe(true);
    expect(stepped.readable && stepped.checks.map((check) => check.kind).slice(-1)).toEqual(['botChoices']);
  });
});
