/** The rules of one preset in our own words (docs/rules.md), in the reader's language. */
import type { Preset } from '../generated/graphql';

export function RulesPage({ preset }: { preset: Preset }) {
  return <section data-testid="rules" data-preset={preset} />;
}
