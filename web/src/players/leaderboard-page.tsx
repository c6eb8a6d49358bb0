/** The leaderboard of one preset. */
import type { Preset } from '../generated/graphql';

export function LeaderboardPage({ preset }: { preset: Preset }) {
  return <section data-testid="leaderboard" data-preset={preset} />;
}
