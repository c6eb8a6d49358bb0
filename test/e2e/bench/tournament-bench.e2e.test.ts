/**
 * The tournament benchmark (bench/tournament.bench.ts, bench/tournament/run.ts): its command line and report, and
 * one tiny run end to end (8 players, 4 boards) against the compiled server on the test run's Postgres. Nothing
 * here asserts on times: only what must hold whatever the machine — the round started with a game on every board.
 */
import { formatReport, parseArguments } from '../../../bench/tournament.bench';
import { runTournamentBench } from '../../../bench/tournament/run';

it('reads its arguments: players even, 4–256', () => {
  expect(parseArguments([])).toEqual({ settings: { players: 256, pairingSamples: 20 }, json: false });
  expect(parseArguments(['--players', '16', '--json'])).toEqual({
    settings: { players: 16, pairingSamples: 50 },
    json: true,
  });
  for (const bad of [['--players', '7'], ['--players', '512'], ['--players', 'x'], ['--fast']]) {
    expect(parseArguments(bad)).toHaveProperty('error');
  }
});

it('a tiny run starts a round with a game on every board, and reports it', async () => {
  const adminUrl = process.env.MALICE_TEST_ADMIN_URL;
  if (adminUrl === undefined) throw new Error('MALICE_TEST_ADMIN_URL is unset: run through jest');
  const report = await runTournamentBench({ players: 8, pairingSamples: 3 }, adminUrl, () => undefined);
  expect(report.check).toEqual({ ok: true, problems: [] });
  expect(report.boards).toBe(4);
  expect(report.firstPairing.count).toBe(3);
  expect(report.roundStartMs).toBeGreaterThan(0);
  expect(report.baselineMs).toBeGreaterThan(0);
  expect(formatReport(report)).toContain('check: every board has its dealt game');
}, 120_000);
