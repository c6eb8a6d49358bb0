/**
 * The rule overrides of a new game: every option the page offers (./choices.ts), each showing the preset's own
 * value (read from the API's `presetRules`), marked when changed.
 */
import type { ComponentChildren } from 'preact';
import {
  BOOLEAN_OPTIONS,
  CENTER_LIMIT_KINDS,
  CENTER_TOP_RANKS,
  COMPLETED_PILES,
  LOW_CARDS,
  NUMBER_OPTIONS,
  NumberOption,
  Rules,
  SIDE_BUILDS,
  TURN_ENDS,
  WILD_CHOICES,
  WILD_CHOICE_NAMES,
  overridesOf,
  wildChoiceOf,
} from './choices';
import { strings } from './strings';

function Field({
  label,
  changed,
  presetValue,
  children,
}: {
  label: string;
  changed: boolean;
  presetValue: string;
  children: ComponentChildren;
}) {
  const S = strings();
  return (
    <label class={changed ? 'rule changed' : 'rule'}>
      <span>{label}</span>
      {children}
      <span class="hint">{S.presetValue(presetValue)}</span>
    </label>
  );
}

function Choice<T extends string>({
  label,
  value,
  preset,
  values,
  names,
  testId,
  onChange,
}: {
  label: string;
  value: T;
  preset: T;
  values: readonly T[];
  names: Record<T, string>;
  testId: string;
  onChange: (value: T) => void;
}) {
  return (
    <Field label={label} changed={value !== preset} presetValue={names[preset]}>
      <select
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as T)}
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {names[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}

function NumberField({
  option,
  label,
  value,
  preset,
  onChange,
}: {
  option: NumberOption;
  label: string;
  value: number;
  preset: number;
  onChange: (value: number) => void;
}) {
  const [min, max] = NUMBER_OPTIONS[option];
  return (
    <Field label={label} changed={value !== preset} presetValue={String(preset)}>
      <input
        type="number"
        inputMode="numeric"
        data-testid={`option-${option}`}
        min={min}
        max={max}
        step={1}
        required
        value={value}
        onInput={(event) => {
          const next = event.currentTarget.valueAsNumber;
          if (Number.isInteger(next)) onChange(next);
        }}
      />
    </Field>
  );
}

export function RuleOverrides({
  preset,
  chosen,
  onChange,
  locked = false,
}: {
  preset: Rules;
  chosen: Rules;
  onChange: (rules: Rules) => void;
  /** A rated game is played by the preset's own rules: the overrides are shown, and cannot be changed. */
  locked?: boolean;
}) {
  const S = strings();
  const set = <K extends keyof Rules>(key: K, value: Rules[K]) => onChange({ ...chosen, [key]: value });
  const changed = Object.keys(overridesOf(preset, chosen)).length;
  const yesNo = (value: boolean) => (value ? S.yes : S.no);
  const limit = chosen.maxCenterPiles;
  return (
    <details class="overrides" data-testid="overrides">
      <summary>
        {S.overridesLegend}
        {changed > 0 && <span class="muted"> · {S.overridesChanged(changed)}</span>}
      </summary>
      <p class="hint">{locked ? S.overridesLockedHint : S.overridesHint}</p>
      <fieldset class="rules-grid" disabled={locked} data-testid="overrides-fields">
        {BOOLEAN_OPTIONS.map((option) => (
          <label key={option} class={chosen[option] !== preset[option] ? 'check changed' : 'check'}>
            <input
              type="checkbox"
              data-testid={`option-${option}`}
              checked={chosen[option]}
              onChange={(event) => set(option, event.currentTarget.checked)}
            />
            <span>
              {S.booleanOption[option]} <span class="hint">{S.presetValue(yesNo(preset[option]))}</span>
            </span>
          </label>
        ))}
        <NumberField
          option="payoffSize"
          label={S.payoffSize}
          value={chosen.payoffSize}
          preset={preset.payoffSize}
          onChange={(value) => set('payoffSize', value)}
        />
        <NumberField
          option="handSize"
          label={S.handSize}
          value={chosen.handSize}
          preset={preset.handSize}
          onChange={(value) => set('handSize', value)}
        />
        <NumberField
          option="sidePiles"
          label={S.sidePiles}
          value={chosen.sidePiles}
          preset={preset.sidePiles}
          onChange={(value) => set('sidePiles', value)}
        />
        <Choice
          label={S.wildRanks}
          testId="option-wildRanks"
          value={wildChoiceOf(chosen.wildRanks)}
          preset={wildChoiceOf(preset.wildRanks)}
          values={WILD_CHOICE_NAMES}
          names={S.wildChoice}
          onChange={(choice) => set('wildRanks', [...WILD_CHOICES[choice]])}
        />
        <Choice
          label={S.centerTopRank}
          testId="option-centerTopRank"
          value={chosen.centerTopRank}
          preset={preset.centerTopRank}
          values={CENTER_TOP_RANKS}
          names={S.centerTop}
          onChange={(value) => set('centerTopRank', value)}
        />
        <Choice
          label={S.maxCenterPiles}
          testId="option-maxCenterPiles"
          value={limit.kind}
          preset={preset.maxCenterPiles.kind}
          values={CENTER_LIMIT_KINDS}
          names={S.centerLimit}
          onChange={(kind) =>
            set('maxCenterPiles', {
              kind,
              count: kind === 'FIXED' ? (preset.maxCenterPiles.count ?? limit.count ?? 4) : null,
            })
          }
        />
        {limit.kind === 'FIXED' && (
          <label class="rule">
            <span>{S.centerCount}</span>
            <input
              type="number"
              inputMode="numeric"
              data-testid="option-maxCenterPiles-count"
              min={1}
              max={48}
              step={1}
              required
              value={limit.count ?? ''}
              onInput={(event) => {
                const next = event.currentTarget.valueAsNumber;
                if (Number.isInteger(next)) set('maxCenterPiles', { kind: 'FIXED', count: next });
              }}
            />
          </label>
        )}
        <Choice
          label={S.completedPile}
          testId="option-completedPile"
          value={chosen.completedPile}
          preset={preset.completedPile}
          values={COMPLETED_PILES}
          names={S.completed}
          onChange={(value) => set('completedPile', value)}
        />
        <Choice
          label={S.sideBuild}
          testId="option-sideBuild"
          value={chosen.sideBuild}
          preset={preset.sideBuild}
          values={SIDE_BUILDS}
          names={S.side}
          onChange={(value) => set('sideBuild', value)}
        />
        <Choice
          label={S.lowCardsToSide}
          testId="option-lowCardsToSide"
          value={chosen.lowCardsToSide}
          preset={preset.lowCardsToSide}
          values={LOW_CARDS}
          names={S.lowCards}
          onChange={(value) => set('lowCardsToSide', value)}
        />
        <Choice
          label={S.turnEnd}
          testId="option-turnEnd"
          value={chosen.turnEnd}
          preset={preset.turnEnd}
          values={TURN_ENDS}
          names={S.turnEnds}
          onChange={(value) => set('turnEnd', value)}
        />
      </fieldset>
      {changed > 0 && !locked && (
        <button type="button" class="link" onClick={() => onChange(preset)}>
          {S.resetOverrides}
        </button>
      )}
    </details>
  );
}
