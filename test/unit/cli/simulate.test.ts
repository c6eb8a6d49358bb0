import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  BOT_NAMES,
  Bot,
  BotName,
  IllegalBotMoveError,
  PRESET_NAMES,
  SIMULATED_ENDS,
  Summary,
  applyEvent,
  botRng,
  cloneState,
  createBot,
  decide,
  distribution,
  gameSeed,
  legalMoves,
  legalMovesInView,
  newDeal,
  optionsFor,
  seatBot,
  setup,
  simulate,
  viewFor,
} from '../../../src/engine';
import {
  CliIo,
  UsageError,
  formatBlockedEnds,
  formatGamesPerSecond,
  formatSummary,
  overridesFor,
  parseCliArgs,
  parseOptionValue,
  runCli,
} from '../../../src/cli/simulate';
import { RoundRobin, pairingsOf, roundRobin } from '../../../src/cli/round-robin';
import { NEW_PLAYER, rate } from '../../../src/ratings/glicko2';

const ROOT = path.resolve(__dirname, '../../..');

/** Everything a summary says that does not depend on the clock. */
function withoutTiming(summary: Summary): Omit<Summary, 'elapsedMs' | 'gamesPerSecond'> {
  const { elapsedMs: _elapsed, gamesPerSecond: _speed, ...rest } = summary;
  return rest;
}

function expectConsistent(summary: Summary): void {
  const seatWins = summary.perSeat.reduce((total, seat) => total + seat.wins, 0);
  const botWins = summary.perBot.reduce((total, bot) => total + bot.wins, 0);
  expect(seatWins).toBe(summary.decided);
  expect(botWins).toBe(summary.decided);
  expect(summary.decided + summary.draws).toBe(summary.games);
  const endTotal = SIMULATED_ENDS.reduce((total, end) => total + summary.endShares[end], 0);
  expect(endTotal).toBeCloseTo(1, 10);
  expect(summary.turns.mean).toBeGreaterThan(0);
  if (summary.winnerScore !== null) {
    const score = summary.winnerScore;
    expect(score.min).toBeGreaterThanOrEqual(0);
    expect(score.min).toBeLessThanOrEqual(score.p25);
    expect(score.p25).toBeLessThanOrEqual(score.median);
    expect(score.median).toBeLessThanOrEqual(score.p75);
    expect(score.p75).toBeLessThanOrEqual(score.max);
  }
}

describe('simulate', () => {
  it.each(PRESET_NAMES.map((preset) => [preset]))('%s: a small run adds up and is reproducible', (preset) => {
    const config = { preset, games: 12, bots: ['greedy', 'random'] as const, seed: 'small' };
    const summary = simulate(config);
    expect(summary.preset).toBe(preset);
    expect(summary.options).toEqual(optionsFor(preset));
    expect(summary.games).toBe(12);
    expectConsistent(summary);
    expect(withoutTiming(simulate(config))).toEqual(withoutTiming(summary));
  });

  it('applies option overrides to every game', () => {
    const summary = simulate({
      preset: 'modern',
      overrides: { forcedAces: true, maxCenterPiles: 4, wildRanks: ['K', 'JOKER'] },
      games: 10,
      bots: ['greedy', 'random', 'greedy'],
      seed: 'over',
    });
    expect(summary.options.forcedAces).toBe(true);
    expect(summary.options.maxCenterPiles).toBe(4);
    expect(summary.options.jokersPerDeck).toBe(2);
    expect(summary.seats).toBe(3);
    expect(summary.perBot.map((bot) => bot.label)).toEqual(['greedy#1', 'random', 'greedy#3']);
    expectConsistent(summary);

    const capped = simulate({
      preset: 'classic',
      overrides: { maxTurns: 5 },
      games: 6,
      bots: ['random', 'random'],
      seed: 'cap',
    });
    expect(capped.endShares.turnLimit).toBe(1);
    expect(capped.turns.median).toBe(5);
  });

  it('rotates the bots over the seats unless told not to', () => {
    const seatsOf = (rotate: boolean): number[] => {
      const seen: number[] = [];
      simulate({
        preset: 'classic',
        games: 4,
        bots: ['greedy', 'random'],
        seed: 'rot',
        rotate,
        botFactory: (name) => {
          const bot = createBot(name);
          return {
            name,
            version: bot.version,
            choose: (view, legal, rng) => {
              if (name === 'greedy' && view.seat !== null && !seen.includes(view.seat)) seen.push(view.seat);
              return bot.choose(view, legal, rng);
            },
          };
        },
      });
      return seen.sort();
    };
    expect(seatsOf(true)).toEqual([0, 1]);
    expect(seatsOf(false)).toEqual([0]);
  });

  it('stops with the details when a bot makes a move that decide refuses', () => {
    const cheater: Bot = { name: 'random', version: 'random-1', choose: () => '7H-c9' };
    let thrown: unknown;
    try {
      simulate({
        preset: 'zloba',
        games: 3,
        bots: ['random', 'random'],
        seed: 'bad',
        botFactory: () => cheater,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(IllegalBotMoveError);
    const details = (thrown as IllegalBotMoveError).details;
    expect(details.game).toBe(0);
    expect(details.seed).toBe('bad-0');
    expect(details.move).toBe('7H-c9');
    expect(details.legalMoves.length).toBeGreaterThan(0);
    expect((thrown as Error).message).toContain('7H-c9');
  });

  it('counts a blocked game as declined when a bot passed with another legal move', () => {
    // A bot that passes whenever it may: the first two turns are null (full hands, no draw), so every game
    // blocks at once (docs/rules.md §2.9), and each first player had other moves.
    const passer = (name: BotName): Bot => ({
      name,
      version: createBot(name).version,
      choose: (_view, legal) => (legal.includes('pass') ? 'pass' : (legal[0] as string)),
    });
    const summary = simulate({
      preset: 'classic',
      games: 6,
      bots: ['greedy', 'random'],
      seed: 'decline',
      botFactory: passer,
    });
    expect(summary.endShares.blocked).toBe(1);
    expect(summary.blockedEnds).toEqual({ nobodyCouldMove: 0, someoneDeclined: 6 });
    expect(summary.blockedEndShares).toEqual({ nobodyCouldMove: 0, someoneDeclined: 1 });
    // Each game's two null turns: both bots declined in every game (each had moves besides pass).
    expect(summary.perBot.map((bot) => bot.declinedBlocks)).toEqual([6, 6]);
    expect(formatBlockedEnds(summary)).toBe(
      '6 games: nobody could move 0 (0.0 %), someone declined 6 (100.0 %); declined: greedy 6, random 6',
    );
  });

  it('tells blocked games that nobody could move out of from those someone declined, as the final table shows', () => {
    // Checked against the final state of each blocked game: nothing changes in a null turn, so a seat had
    // only `pass` in its null turn exactly when `pass` is its only legal move in the final position.
    const config = { preset: 'classic', games: 60, bots: ['greedy', 'random'], seed: 'ends' } as const;
    const summary = simulate(config);
    const options = optionsFor(config.preset);
    const expected = { nobodyCouldMove: 0, someoneDeclined: 0 };
    for (let game = 0; game < config.games; game++) {
      const state = setup(options, newDeal(gameSeed(config.seed, game)), 2);
      const bots = [0, 1].map((seat) => createBot(config.bots[seatBot(config, game, seat)]!));
      const rngs = [0, 1].map((seat) => botRng(config.seed, game, seat));
      while (state.result === null) {
        const seat = state.current;
        const view = viewFor(state, seat);
        const move = bots[seat]!.choose(view, legalMovesInView(view), rngs[seat]!);
        const decision = decide(state, { type: 'move', seat, move });
        if (!decision.ok) throw new Error(decision.violation.reason);
        for (const event of decision.events) applyEvent(state, event);
      }
      if (state.result.reason !== 'blocked') continue;
      const onlyPass = [0, 1].every((seat) => {
        const probe = cloneState(state);
        probe.result = null;
        probe.current = seat;
        probe.turnActive = false;
        return legalMoves(probe).join(' ') === 'pass';
      });
      expected[onlyPass ? 'nobodyCouldMove' : 'someoneDeclined']++;
    }
    expect(summary.blockedEnds).toEqual(expected);
    expect(expected.nobodyCouldMove).toBeGreaterThan(0);
    expect(expected.someoneDeclined).toBeGreaterThan(0);
    expect(summary.blockedEndShares.nobodyCouldMove + summary.blockedEndShares.someoneDeclined).toBeCloseTo(
      summary.endShares.blocked,
      10,
    );
  });

  it('reports progress once per game', () => {
    const calls: [number, number][] = [];
    simulate({ preset: 'zloba', games: 5, bots: ['random', 'greedy'], seed: 'p' }, (done, total) =>
      calls.push([done, total]),
    );
    expect(calls).toEqual([1, 2, 3, 4, 5].map((done) => [done, 5]));
  });

  it('computes quantiles by linear interpolation', () => {
    expect(distribution([])).toBeNull();
    expect(distribution([4, 1, 3, 2, 10])).toEqual({ min: 1, p25: 2, median: 3, p75: 4, max: 10, mean: 4 });
    expect(distribution([1, 2])).toEqual({ min: 1, p25: 1.25, median: 1.5, p75: 1.75, max: 2, mean: 1.5 });
  });
});

describe('command line arguments', () => {
  it('reads every option, with defaults', () => {
    expect(parseCliArgs([])).toMatchObject({
      presets: ['classic'],
      games: 1000,
      bots: ['greedy', 'random'],
      rotate: true,
      json: false,
    });
    const config = parseCliArgs([
      '--preset',
      'all',
      '--games=50',
      '--bots',
      'random,greedy,greedy',
      '--seed',
      'S',
      '--option',
      'forcedAces=true',
      '--option',
      'wildRanks=K,JOKER',
      '--no-rotate',
      '--json',
    ]);
    expect(config).toMatchObject({
      presets: PRESET_NAMES,
      games: 50,
      bots: ['random', 'greedy', 'greedy'],
      seed: 'S',
      optionTexts: [
        ['forcedAces', 'true'],
        ['wildRanks', 'K,JOKER'],
      ],
      rotate: false,
      json: true,
    });
  });

  it.each([
    [['--preset', 'poker'], '--preset'],
    [['--games', '0'], '--games'],
    [['--games', 'ten'], '--games'],
    [['--bots', 'greedy,smart'], 'smart'],
    [['--option', 'forcedAces'], '--option'],
    [['--seed'], '--seed'],
    [['--fast'], '--fast'],
  ])('refuses %j, naming %s', (argv, named) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(named);
  });

  it('types option values after the preset', () => {
    expect(parseOptionValue('classic', 'forcedAces', 'false')).toBe(false);
    expect(parseOptionValue('classic', 'maxCenterPiles', '4')).toBe(4);
    expect(parseOptionValue('modern', 'maxCenterPiles', '6')).toBe(6);
    expect(parseOptionValue('classic', 'maxCenterPiles', 'unlimited')).toBe('unlimited');
    expect(parseOptionValue('classic', 'wildRanks', 'K,JOKER')).toEqual(['K', 'JOKER']);
    expect(parseOptionValue('classic', 'sideBuild', 'any')).toBe('any');
    expect(parseOptionValue('classic', 'handSize', 'six')).toBe('six');
    expect(overridesFor('classic', [['maxCenterPiles', '4']], 2)).toEqual({ maxCenterPiles: 4 });
  });

  it('names each invalid option, and a seat count the preset does not allow', () => {
    const problem = (texts: [string, string][], seats = 2): string => {
      try {
        overridesFor('classic', texts, seats);
      } catch (error) {
        if (error instanceof UsageError) return error.message;
        throw error;
      }
      return '';
    };
    expect(problem([['forcedAces', 'maybe']])).toContain('forcedAces: must be true or false');
    expect(problem([['handSize', 'six']])).toContain('handSize');
    expect(problem([['noSuchThing', '1']])).toContain('noSuchThing: no such option');
    expect(problem([['wildRanks', 'Q']])).toContain('wildRanks');
    expect(problem([], 3)).toContain('--bots: 3 bots');
  });
});

describe('runCli', () => {
  function run(argv: string[]): { code: number; out: string; err: string } {
    let out = '';
    let err = '';
    const io: CliIo = {
      out: (text) => (out += `${text}\n`),
      err: (text) => (err += `${text}\n`),
      progress: null,
    };
    const code = runCli(argv, io);
    return { code, out, err };
  }

  it('prints a table per preset for --preset all, with overrides', () => {
    const { code, out, err } = run([
      '--preset',
      'all',
      '--games',
      '6',
      '--seed',
      'cli',
      '--option',
      'forcedAces=true',
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    for (const preset of PRESET_NAMES) expect(out).toContain(`== ${preset}: 6 games`);
    expect(out).toContain('overrides: forcedAces=true');
  });

  it('prints JSON summaries with --json', () => {
    const { code, out } = run([
      '--preset',
      'modern',
      '--games',
      '4',
      '--bots',
      'greedy,random,random',
      '--json',
    ]);
    expect(code).toBe(0);
    const summaries = JSON.parse(out) as Summary[];
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.seats).toBe(3);
    expect(summaries[0]!.games).toBe(4);
    expect(Object.keys(summaries[0]!.blockedEnds).sort()).toEqual(['nobodyCouldMove', 'someoneDeclined']);
    expect(summaries[0]!.perBot.every((bot) => typeof bot.declinedBlocks === 'number')).toBe(true);
  });

  it('exits with 2 and names the option for an invalid --option', () => {
    const { code, err } = run(['--preset', 'zloba', '--option', 'maxCenterPiles=lots']);
    expect(code).toBe(2);
    expect(err).toContain('maxCenterPiles');
  });

  it('formats every figure of a summary', () => {
    const summary = simulate({ preset: 'zloba', games: 8, bots: ['greedy', 'random'], seed: 'fmt' });
    const text = formatSummary(summary);
    for (const start of [
      'seat 0',
      'seat 1',
      'bot greedy',
      'bot random',
      'draws',
      'turns',
      'ended by',
      'blocked ends',
    ]) {
      expect(text).toMatch(new RegExp(`^${start} `, 'm'));
    }
    expect(text).toMatch(
      /^winner's score +min \d+, p25 [\d.]+, median [\d.]+, p75 [\d.]+, max \d+, mean [\d.]+$/m,
    );
    expect(text).toMatch(/^speed +\d+ games\/s/m);
  });
});

describe('the simulate command', () => {
  const tsx = path.join(ROOT, 'node_modules', '.bin', 'tsx');

  it('runs a seeded zloba match and prints the summary (no progress bar when piped)', () => {
    const result = spawnSync(
      tsx,
      ['src/cli/simulate.ts', '--preset', 'zloba', '--games', '20', '--bots', 'greedy,random', '--seed', 't'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const out = result.stdout;
    expect(out).toContain('== zloba: 20 games, 2 seats, bots greedy,random (rotated), seed t');
    expect(out).toMatch(/^seat 0 +\d+ +[\d.]+ % +[\d.]+ %$/m);
    expect(out).toMatch(/^seat 1 +\d+ +[\d.]+ % +[\d.]+ %$/m);
    expect(out).toMatch(/^bot greedy +\d+ +[\d.]+ % +[\d.]+ %$/m);
    expect(out).toMatch(/^bot random +\d+ +[\d.]+ % +[\d.]+ %$/m);
    expect(out).toMatch(/^turns +mean [\d.]+, median [\d.]+$/m);
    expect(out).toMatch(
      /^ended by +pay-off emptied [\d.]+ %, blocked [\d.]+ %, stuck [\d.]+ %, turn limit [\d.]+ %; draws/m,
    );
    expect(out).toMatch(
      /^blocked ends +(no game was blocked|\d+ games: nobody could move \d+ \([\d.]+ %\), someone declined \d+ \([\d.]+ %\))/m,
    );
    expect(out).toMatch(/^winner's score +min/m);
    expect(out).toMatch(/^speed +\d+ games\/s/m);
  });

  it('exits non-zero and names the option for an invalid --option', () => {
    const result = spawnSync(tsx, ['src/cli/simulate.ts', '--games', '5', '--option', 'forcedAces=perhaps'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('forcedAces: must be true or false');
    expect(result.stdout).toBe('');
  });
});

describe('round robin', () => {
  it('reads --round-robin: every bot by default, or the --bots given', () => {
    expect(parseCliArgs(['--round-robin'])).toMatchObject({
      roundRobin: true,
      bots: BOT_NAMES,
      rotate: true,
    });
    expect(parseCliArgs(['--round-robin', '--bots', 'greedy,random', '--preset', 'all'])).toMatchObject({
      roundRobin: true,
      bots: ['greedy', 'random'],
      presets: PRESET_NAMES,
    });
    expect(parseCliArgs([]).roundRobin).toBe(false);
  });

  it.each([
    [['--round-robin', '--bots', 'greedy'], 'at least two'],
    [['--round-robin', '--bots', 'greedy,random,greedy'], 'named twice'],
    [['--round-robin', '--no-rotate'], '--no-rotate'],
  ])('refuses %j, saying %s', (argv, named) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(named);
  });

  it('pairs every bot with every other once', () => {
    expect(pairingsOf(['random', 'greedy'])).toEqual([['random', 'greedy']]);
    const three = ['random', 'greedy', 'random'] as unknown as BotName[];
    expect(pairingsOf(three)).toHaveLength(3);
  });

  it('a tiny round robin: each pairing plays the same seeded games, and the tallies and ratings add up', () => {
    // Every bot but the expert, whose search would make these games take minutes (test/unit/engine/bots/expert.test.ts).
    const bots = BOT_NAMES.filter((name) => name !== 'expert');
    const config = { preset: 'zloba', overrides: {}, games: 6, bots, seed: 'rr' } as const;
    const result = roundRobin(config);
    const pairs = (bots.length * (bots.length - 1)) / 2;
    expect(result.pairings).toHaveLength(pairs);
    for (const pairing of result.pairings) {
      expect(pairing.summary.games).toBe(6);
      expect(pairing.summary.bots).toEqual(pairing.bots);
      expect(pairing.summary.rotate).toBe(true);
      // The same deals as a plain simulation of the pairing.
      expect(pairing.summary.perBot).toEqual(
        simulate({ preset: config.preset, games: 6, bots: pairing.bots, seed: 'rr' }).perBot,
      );
    }
    expect(result.standings.map((standing) => standing.bot).sort()).toEqual([...bots].sort());
    for (const standing of result.standings) {
      expect(standing.games).toBe(6 * (bots.length - 1));
      expect(standing.wins + standing.draws + standing.losses).toBe(standing.games);
      const wins = result.pairings
        .filter((pairing) => pairing.bots.includes(standing.bot))
        .map((pairing) => pairing.summary.perBot[pairing.bots.indexOf(standing.bot)]!.wins)
        .reduce((total, count) => total + count, 0);
      expect(standing.wins).toBe(wins);
    }
    const ratings = result.standings.map((standing) => standing.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    const greedy = result.standings.find((standing) => standing.bot === 'greedy')!;
    const random = result.standings.find((standing) => standing.bot === 'random')!;
    expect(greedy.rating).toBeGreaterThan(random.rating);
    expect(roundRobin(config).standings).toEqual(result.standings);
  });

  it('rates with Glicko-2, one rating period per round: one game is one period from 1500', () => {
    const result = roundRobin({
      preset: 'classic',
      overrides: {},
      games: 1,
      bots: ['greedy', 'random'],
      seed: 'one',
    });
    const [greedyTally] = result.pairings[0]!.summary.perBot;
    const score = result.pairings[0]!.summary.draws === 1 ? 0.5 : greedyTally!.wins === 1 ? 1 : 0;
    const expected = rate(NEW_PLAYER, [{ opponent: NEW_PLAYER, score }]);
    const greedy = result.standings.find((standing) => standing.bot === 'greedy')!;
    expect(greedy.rating).toBeCloseTo(expected.rating, 9);
    expect(greedy.deviation).toBeCloseTo(expected.deviation, 9);
    expect(result.ratingMethod).toContain('Glicko-2');
  });

  it('prints a table per preset, and JSON with --json', () => {
    let out = '';
    const io: CliIo = { out: (text) => (out += `${text}\n`), err: (text) => (out += text), progress: null };
    // The default bots (every one of BOT_NAMES) are read above; here two, since the expert's search would
    // make these games take minutes.
    const bots = ['--bots', 'random,greedy'];
    expect(runCli(['--round-robin', ...bots, '--games', '4', '--preset', 'all', '--seed', 'rr'], io)).toBe(0);
    for (const preset of PRESET_NAMES) {
      expect(out).toContain(`== round robin ${preset}: bots random, greedy; 4 games per pairing`);
    }
    expect(out).toMatch(/^random vs greedy +4 +\d+ +\d+ +[\d.]+ % +[\d.]+ % +[\d.]+ %$/m);
    expect(out).toMatch(/^win rate of decided games, row against column$/m);
    expect(out).toMatch(/^ratings: Glicko-2/m);
    expect(out).toMatch(/^greedy +\d+ +\d+ +4 +\d+ +\d+ +\d+$/m);

    out = '';
    expect(runCli(['--round-robin', ...bots, '--games', '2', '--preset', 'modern', '--json'], io)).toBe(0);
    const parsed = JSON.parse(out) as RoundRobin[];
    expect(parsed).toHaveLength(1);
    expect(parsed[0]!.preset).toBe('modern');
    expect(parsed[0]!.pairings[0]!.summary.games).toBe(2);
    expect(parsed[0]!.standings).toHaveLength(2);
  });
});

describe('the speed line', () => {
  it('keeps two significant digits below ten games a second (a searching bot), whole games above', () => {
    expect(formatGamesPerSecond(0.4077)).toBe('0.41');
    expect(formatGamesPerSecond(3.14159)).toBe('3.1');
    expect(formatGamesPerSecond(134.2)).toBe('134');
  });
});
