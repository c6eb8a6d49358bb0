/**
 * A preset's rules at a glance, as the server plays them: every option the new-game page offers, read from
 * `presetRules` (docs/rules.md §3.1) and named in the reader's language with the new-game page's words.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';
import { ErrorBox } from '../error-box';
import type { Preset } from '../generated/graphql';
import { BOOLEAN_OPTIONS, Rules, wildChoiceOf } from '../new-game/choices';
import { presetRules } from '../new-game/preset-rules';
import { strings as newGameStrings } from '../new-game/strings';
import { strings } from './strings';

export function PresetOptions({ preset }: { preset: Preset }) {
  const S = strings();
  const N = newGameStrings();
  const [rules, setRules] = useState<{ preset: Preset; rules: Rules } | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    let current = true;
    presetRules(preset).then(
      (loaded) => current && setRules({ preset, rules: loaded }),
      (failure: unknown) => current && setError(asFailure(failure)),
    );
    return () => void (current = false);
  }, [preset]);
  if (error !== null) return <ErrorBox error={error} />;
  if (rules === null || rules.preset !== preset) return null;
  const options = rules.rules;
  const limit = options.maxCenterPiles;
  const rows: [string, string][] = [
    [
      N.seats,
      options.minPlayers === options.maxPlayers
        ? `${options.minPlayers}`
        : `${options.minPlayers}–${options.maxPlayers}`,
    ],
    [N.payoffSize, `${options.payoffSize}`],
    [N.handSize, `${options.handSize}`],
    [N.sidePiles, `${options.sidePiles}`],
    [N.wildRanks, N.wildChoice[wildChoiceOf(options.wildRanks)]],
    [N.centerTopRank, N.centerTop[options.centerTopRank]],
    [N.maxCenterPiles, limit.kind === 'FIXED' ? `${limit.count ?? ''}` : N.centerLimit[limit.kind]],
    [N.completedPile, N.completed[options.completedPile]],
    [N.sideBuild, N.side[options.sideBuild]],
    [N.lowCardsToSide, N.lowCards[options.lowCardsToSide]],
    [N.turnEnd, N.turnEnds[options.turnEnd]],
    ...BOOLEAN_OPTIONS.map((option): [string, string] => [
      N.booleanOption[option],
      options[option] ? N.yes : N.no,
    ]),
  ];
  return (
    <section class="preset-options-table">
      <h2>{S.atAGlance}</h2>
      <dl data-testid="rules-options">
        {rows.map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
