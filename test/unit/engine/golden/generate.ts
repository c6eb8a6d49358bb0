/**
 * Records the golden games of the current version: `npx tsx test/unit/engine/golden/generate.ts`.
 *
 * Run it only deliberately, for a new `RULES_VERSION`: it replaces the fixtures in that version's folder
 * (test/unit/engine/golden/<version>/) and leaves every other version's alone — those games are still replayed as they
 * were recorded. Each game is played with a fixed seed and one client seed per seat (seat 0 gives its own, the
 * others have their stand-ins, as a real game would) by the greedy chooser of test/support/playout.ts (pay-off
 * plays first, then centre plays, then side-pile cards, pass last; ties by a seeded pick). For each game the first
 * attempt seed whose game fits the fixture's limits is kept, so the fixtures stay small.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  GameEvent,
  RULES_VERSION,
  RuleOptions,
  PresetName,
  standInClientSeed,
  stateHash,
  takesClientSeeds,
} from '../../../../src/engine';
import { PlayoutSettings, playout, startGame } from '../../../support/playout';
import { GoldenGame, formatFixture, versionDir } from './fixture';

interface GoldenPlan {
  readonly name: string;
  readonly preset: PresetName;
  readonly overrides: Partial<RuleOptions>;
  readonly seats: number;
  readonly resignPerMille?: number;
  readonly timeoutPerMille?: number;
  /** What the kept game must show, beyond a length from `MIN_EVENTS` to `MAX_EVENTS`. */
  readonly wanted?: (events: readonly GameEvent[]) => boolean;
}

/** Long enough to pin more than the opening, short enough to review. */
const MIN_EVENTS = 100;
const MAX_EVENTS = 600;
const MAX_ATTEMPTS = 500;

const someoneLeft = (events: readonly GameEvent[]): boolean =>
  events.some((event) => event.type === 'resigned' || event.type === 'timedOut');

const PLANS: readonly GoldenPlan[] = [
  ...[1, 2, 3].map((n) => ({ name: `classic-${n}`, preset: 'classic' as const, overrides: {}, seats: 2 })),
  ...[1, 2, 3].map((n) => ({ name: `zloba-${n}`, preset: 'zloba' as const, overrides: {}, seats: 2 })),
  ...[1, 2, 3].map((n) => ({ name: `modern-2p-${n}`, preset: 'modern' as const, overrides: {}, seats: 2 })),
  { name: 'modern-3p-1', preset: 'modern', overrides: {}, seats: 3 },
  { name: 'modern-4p-1', preset: 'modern', overrides: {}, seats: 4 },
  {
    name: 'modern-4p-leavers',
    preset: 'modern',
    overrides: {},
    seats: 4,
    resignPerMille: 4,
    timeoutPerMille: 4,
    wanted: someoneLeft,
  },
  {
    name: 'modern-jokers-wild',
    preset: 'modern',
    overrides: { wildRanks: ['K', 'JOKER'], jokersPerDeck: 2, forcedAces: true, maxCenterPiles: 4 },
    seats: 3,
  },
  {
    name: 'classic-recycle-refill',
    preset: 'classic',
    overrides: {
      completedPile: 'setAsideRecycle',
      refillWhenHandEmpty: true,
      payoffCountVisible: true,
      payoffSize: 15,
    },
    seats: 2,
  },
  {
    name: 'zloba-mandatory-end',
    preset: 'zloba',
    overrides: { turnEnd: 'mandatory', forcedPayoffPlay: true, maxCenterPiles: 'unlimited', payoffSize: 15 },
    seats: 2,
  },
];

function record(plan: GoldenPlan): GoldenGame {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    const seed = `golden:${plan.name}:${attempt}`;
    const clientSeeds = takesClientSeeds(RULES_VERSION)
      ? Array.from({ length: plan.seats }, (_, seat) =>
          seat === 0 ? `golden.${plan.name}.${attempt}` : standInClientSeed(seed, seat),
        )
      : undefined;
    const settings: PlayoutSettings = {
      chooserSeed: seed,
      style: 'greedy',
      resignPerMille: plan.resignPerMille ?? 0,
      timeoutPerMille: plan.timeoutPerMille ?? 0,
      maxEvents: MAX_EVENTS + 1,
    };
    const { final, events } = playout(
      startGame({ ...plan, seed, version: RULES_VERSION, clientSeeds }),
      settings,
    );
    if (final.result === null || events.length < MIN_EVENTS || events.length > MAX_EVENTS) continue;
    if (plan.wanted !== undefined && !plan.wanted(events)) continue;
    return {
      rulesVersion: RULES_VERSION,
      name: plan.name,
      preset: plan.preset,
      overrides: plan.overrides,
      seats: plan.seats,
      seed,
      ...(clientSeeds === undefined ? {} : { clientSeeds }),
      chooser: `greedy, chooserSeed = seed, resignPerMille ${settings.resignPerMille}, timeoutPerMille ${settings.timeoutPerMille}`,
      eventCount: events.length,
      finalStateHash: stateHash(final),
      result: final.result,
      events,
    };
  }
  throw new Error(`${plan.name}: no game within ${MAX_EVENTS} events in ${MAX_ATTEMPTS} attempts`);
}

function main(): void {
  const games = PLANS.map(record);
  const dir = versionDir(RULES_VERSION);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  for (const game of games) {
    fs.writeFileSync(path.join(dir, `${game.name}.json`), formatFixture(game));
    console.log(
      `${game.name}: ${game.eventCount} events, ${game.result.reason}, winner ${game.result.winner} (${game.seed})`,
    );
  }
}

main();
