/**
 * A seek's optional rating range (docs/social.md "Seeks by rating"): "Only players near my rating" reveals how many
 * points below and above one's own rating in the preset an opponent may be, sent as `SeekInput.ratingRange`.
 */
import { strings } from './strings';

/** The two sides of the range, in the order the page shows them. */
export const RANGE_SIDES = ['below', 'above'] as const;
export type RangeSide = (typeof RANGE_SIDES)[number];

/** What the server takes for each side (docs/schema.graphql, SeekRatingRangeInput). */
export const RANGE_MIN_POINTS = 0;
export const RANGE_MAX_POINTS = 1000;
/** Where each side starts: a game against someone near one's own strength, with room to find them. */
export const RANGE_DEFAULT_POINTS = 200;

export interface SeekRangeChoice {
  readonly on: boolean;
  readonly below: number;
  readonly above: number;
}

export const NO_RANGE: SeekRangeChoice = {
  on: false,
  below: RANGE_DEFAULT_POINTS,
  above: RANGE_DEFAULT_POINTS,
};

export function SeekRange({
  range,
  onChange,
}: {
  range: SeekRangeChoice;
  onChange: (next: SeekRangeChoice) => void;
}) {
  const S = strings();
  return (
    <div class="seek-range" data-testid="seek-range">
      <label class="check near-rating">
        <input
          type="checkbox"
          data-testid="near-rating"
          checked={range.on}
          onChange={(event) => onChange({ ...range, on: event.currentTarget.checked })}
        />
        {S.nearRating}
      </label>
      {range.on && (
        <>
          <p class="hint">{S.nearRatingHint}</p>
          <div class="range-points">
            {RANGE_SIDES.map((side) => (
              <label key={side}>
                {S.rangePoints[side](RANGE_MIN_POINTS, RANGE_MAX_POINTS)}
                <input
                  type="number"
                  inputMode="numeric"
                  data-testid={`range-${side}`}
                  min={RANGE_MIN_POINTS}
                  max={RANGE_MAX_POINTS}
                  step={1}
                  required
                  value={range[side]}
                  onInput={(event) => {
                    // A half-typed number is left to the field (the form's own check stops a bad one).
                    const next = event.currentTarget.valueAsNumber;
                    if (Number.isInteger(next)) onChange({ ...range, [side]: next });
                  }}
                />
              </label>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
