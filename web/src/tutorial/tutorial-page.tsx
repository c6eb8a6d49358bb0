/** Placeholder: the interactive tutorial of a preset (to be built). */
import type { Preset } from '../generated/graphql';

export function TutorialPage({ preset }: { preset: Preset }) {
  return <section data-testid="tutorial" data-preset={preset} />;
}
