/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) with the constants Lichess uses
 * (docs/api/ratings-and-history.md#ratings): new players 1500 / RD 500 / volatility 0.09, τ = 0.75, RD kept
 * within 45–500, provisional while RD ≥ 110. Pure and framework-free. A game is one rating period; with 3–6
 * players every pair counts as one result, decided by placement (`pairwiseResults`), as BGA does.
 */

export interface Rating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

export interface GlickoSettings {
  /** The system constant τ: how much the volatility may change in one period. */
  readonly tau: number;
  readonly minDeviation: number;
  readonly maxDeviation: number;
  /** A rating is provisional while its deviation is at least this. */
  readonly provisionalDeviation: number;
}

export const LICHESS: GlickoSettings = {
  tau: 0.75,
  minDeviation: 45,
  maxDeviation: 500,
  provisionalDeviation: 110,
};
export const NEW_PLAYER: Rating = { rating: 1500, deviation: 500, volatility: 0.09 };

/** One game's result against one opponent: 1 a win, 0.5 a draw, 0 a loss. */
export interface Result {
  readonly opponent: Rating;
  readonly score: 0 | 0.5 | 1;
}

/** Glicko-2's internal scale: μ = (r − 1500) / 173.7178, φ = RD / 173.7178. */
const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expected(mu: number, opponentMu: number, opponentPhi: number): number {
  return 1 / (1 + Math.exp(-g(opponentPhi) * (mu - opponentMu)));
}

/** Step 5: the new volatility, by the Illinois variant of regula falsi. */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    return (
      (ex * (delta * delta - phi * phi - v - ex)) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)
    );
  };
  let low = a;
  let high: number;
  if (delta * delta > phi * phi + v) {
    high = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    high = a - k * tau;
  }
  let fLow = f(low);
  let fHigh = f(high);
  while (Math.abs(high - low) > CONVERGENCE) {
    const next = low + ((low - high) * fLow) / (fHigh - fLow);
    const fNext = f(next);
    if (fNext * fHigh <= 0) {
      low = high;
      fLow = fHigh;
    } else {
      fLow /= 2;
    }
    high = next;
    fHigh = fNext;
  }
  return Math.exp(low / 2);
}

/**
 * The player's rating after one rating period with these results (Glickman's steps 2–8). With no results the
 * deviation grows as for an idle period. The deviation is then clamped to the settings' bounds (Lichess).
 */
export function rate(player: Rating, results: readonly Result[], settings: GlickoSettings = LICHESS): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const clamp = (deviation: number): number =>
    Math.min(settings.maxDeviation, Math.max(settings.minDeviation, deviation));
  if (results.length === 0) {
    const idle = Math.sqrt(phi * phi + player.volatility * player.volatility);
    return { ...player, deviation: clamp(idle * SCALE) };
  }
  let inverseV = 0;
  let improvement = 0;
  for (const { opponent, score } of results) {
    const opponentMu = (opponent.rating - 1500) / SCALE;
    const opponentPhi = opponent.deviation / SCALE;
    const e = expected(mu, opponentMu, opponentPhi);
    const gPhi = g(opponentPhi);
    inverseV += gPhi * gPhi * e * (1 - e);
    improvement += gPhi * (score - e);
  }
  const v = 1 / inverseV;
  const delta = v * improvement;
  const volatility = newVolatility(player.volatility, phi, v, delta, settings.tau);
  const phiStar = Math.sqrt(phi * phi + volatility * volatility);
  const newPhi = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const newMu = mu + newPhi * newPhi * improvement;
  return { rating: newMu * SCALE + 1500, deviation: clamp(newPhi * SCALE), volatility };
}

export function isProvisional(rating: Rating, settings: GlickoSettings = LICHESS): boolean {
  return rating.deviation >= settings.provisionalDeviation;
}

/**
 * Placement to results: `ranking` lists groups of tied players, best first (the engine's
 * GameResult.ranking). Every pair of players counts as one game: a win for the better placed, a draw within a
 * group. Returns, per player, their results against every other player's rating before the game.
 */
export function pairwiseResults<P extends string | number>(
  ranking: readonly (readonly P[])[],
  before: ReadonlyMap<P, Rating>,
): Map<P, Result[]> {
  const place = new Map<P, number>();
  ranking.forEach((group, index) => group.forEach((player) => place.set(player, index)));
  const results = new Map<P, Result[]>();
  for (const [player, placed] of place) {
    const mine: Result[] = [];
    for (const [other, otherPlaced] of place) {
      if (other === player) continue;
      const opponent = before.get(other);
      if (opponent === undefined) throw new RangeError(`no rating for ${String(other)}`);
      mine.push({ opponent, score: placed < otherPlaced ? 1 : placed > otherPlaced ? 0 : 0.5 });
    }
    results.set(player, mine);
  }
  return results;
}
