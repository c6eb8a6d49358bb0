/**
 * A preset's own rules from the API (`presetRules`, docs/api/games-and-moves.md#presetrules), read once per
 * preset per page load.
 */
import { request } from '../api';
import type { Preset } from '../generated/graphql';
import type { Rules } from './choices';
import NEW_GAME from './new-game.graphql?raw';

const presetRulesCache = new Map<Preset, Promise<Rules>>();
export function presetRules(preset: Preset): Promise<Rules> {
  let rules = presetRulesCache.get(preset);
  if (rules === undefined) {
    rules = request(NEW_GAME, 'NewGamePresetRules', { preset }).then((data) => data.presetRules);
    rules.catch(() => presetRulesCache.delete(preset));
    presetRulesCache.set(preset, rules);
  }
  return rules;
}
