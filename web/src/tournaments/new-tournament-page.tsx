/**
 * A new tournament (/tournaments/new, signed in): name, format, rules, rated, days per move, the fewest and most
 * players, the rounds of a Swiss one, the start in the reader's own time, and optionally the most games lost on time
 * a player may have to join (a percentage; the API takes a share). Each field says its limits — the server's own
 * (src/tournaments/domain/) — and the form checks them before it is sent (tournament-view.ts formProblems); what
 * the server still refuses is said in the same words at its field. Made, it opens the tournament's page: the
 * organiser joins it there like anyone. A guest is told to keep the account first.
 */
import { useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { TournamentFormat } from '../generated/graphql';
import type { Me } from '../me';
import { PRESETS, navigate } from '../router';
import { strings as sharedStrings } from '../strings';
import { TOURNAMENTS } from './operations';
import { strings } from './strings';
import {
  FORMAT_DEFAULTS,
  MAX_DAYS_PER_MOVE,
  MAX_DAYS_TO_START,
  MAX_NAME_LENGTH,
  MIN_DAYS_PER_MOVE,
  PLAYER_LIMITS,
  Problem,
  TournamentForm,
  formProblems,
  initialForm,
  localInputValue,
  playersInputs,
  problemOfRefusal,
  toInput,
  type FormField,
} from './tournament-view';
import { SWISS_MAX_ROUNDS, SWISS_MIN_ROUNDS } from '../../../src/tournaments/domain/vocabulary';
import './tournaments.css';

const FORMATS = ['ROUND_ROBIN', 'SWISS'] as const satisfies readonly TournamentFormat[];

/** The id of a field's problem line, which the field names in `aria-describedby`. */
const problemId = (field: FormField) => `tournament-problem-${field}`;

function ProblemLine({ field, problem }: { field: FormField; problem: Problem | undefined }) {
  if (problem === undefined) return null;
  return (
    <span class="field-problem" id={problemId(field)} data-testid={`problem-${field}`}>
      {strings().problem[problem.kind]}
    </span>
  );
}

export function NewTournamentPage({ me }: { me: Me }) {
  const S = strings();
  const shared = sharedStrings();
  const [form, setForm] = useState<TournamentForm>(() => initialForm(new Date()));
  // Problems are shown once a send was tried, then follow each change; the server's refusal stays until a change.
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<Problem | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);

  if (me.isGuest)
    return (
      <section class="new-tournament" data-testid="new-tournament-page">
        <h1>{S.newTitle}</h1>
        <p class="hint" data-testid="tournament-guest-hint">
          {S.guestHint}
        </p>
      </section>
    );

  const now = new Date();
  const problems = tried ? formProblems(form, now) : [];
  const problemOf = (field: FormField): Problem | undefined =>
    problems.find((problem) => problem.field === field) ?? (refused?.field === field ? refused : undefined);
  const players = problemOf('players');
  const badInputs = players?.field === 'players' ? playersInputs(players.kind, form) : [];
  /** The attributes of a field that a problem may be about. */
  const described = (field: FormField, hint: string, invalid = problemOf(field) !== undefined) => ({
    'aria-invalid': invalid ? ('true' as const) : undefined,
    'aria-describedby': invalid ? `${problemId(field)} ${hint}` : hint,
  });

  const change = (next: Partial<TournamentForm>) => {
    setForm({ ...form, ...next });
    setRefused(null);
    setError(null);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    setTried(true);
    setError(null);
    setRefused(null);
    const found = formProblems(form, new Date());
    if (found.length > 0) {
      // The first field that is wrong gets the focus: its problem is read out with it (aria-describedby).
      requestAnimationFrame(() =>
        formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setBusy(true);
    try {
      const { createTournament } = await request(TOURNAMENTS, 'CreateTournament', { input: toInput(form) });
      navigate({ page: 'tournament', id: createTournament.id });
    } catch (failure) {
      const apiFailure = asFailure(failure);
      setError(apiFailure);
      if (apiFailure.code === 'BAD_USER_INPUT')
        setRefused(problemOfRefusal(apiFailure.extensions['refusal']));
      setBusy(false);
    }
  };

  const [fewest, most] = PLAYER_LIMITS[form.format];
  const latest = localInputValue(new Date(now.getTime() + MAX_DAYS_TO_START * 86_400_000));
  return (
    <section class="new-tournament" data-testid="new-tournament-page">
      <h1>{S.newTitle}</h1>
      <p class="muted">{S.newAbout}</p>
      <form
        class="new-tournament-form"
        data-testid="new-tournament-form"
        noValidate
        ref={formElement}
        onSubmit={(event) => void submit(event)}
      >
        <div class="field">
          <label>
            {S.name}
            <input
              data-testid="tournament-name"
              value={form.name}
              maxLength={MAX_NAME_LENGTH}
              required
              autoComplete="off"
              onInput={(event) => change({ name: event.currentTarget.value })}
              {...described('name', 'tournament-name-hint')}
            />
          </label>
          <span class="hint" id="tournament-name-hint">
            {S.nameHint}
          </span>
          <ProblemLine field="name" problem={problemOf('name')} />
        </div>

        <fieldset>
          <legend>{S.formatLegend}</legend>
          {FORMATS.map((format) => (
            <div key={format} class="choice">
              <label class="check">
                <input
                  type="radio"
                  name="tournament-format"
                  value={format}
                  data-testid={`tournament-format-${format}`}
                  checked={form.format === format}
                  aria-describedby={`tournament-format-hint-${format}`}
                  // A format's own numbers come with it: the other's may be out of its limits.
                  onChange={() => change({ format, ...FORMAT_DEFAULTS[format] })}
                />
                {S.format[format]}
              </label>
              <span class="hint" id={`tournament-format-hint-${format}`}>
                {S.formatHint[format]}
              </span>
            </div>
          ))}
        </fieldset>

        <label>
          {S.rules}
          <select
            data-testid="tournament-preset"
            value={form.preset}
            onChange={(event) =>
              change({ preset: PRESETS.find((p) => p === event.currentTarget.value) ?? 'CLASSIC' })
            }
          >
            {PRESETS.map((preset) => (
              <option key={preset} value={preset}>
                {shared.preset[preset]}
              </option>
            ))}
          </select>
        </label>

        <div class="choice">
          <label class="check">
            <input
              type="checkbox"
              data-testid="tournament-rated"
              checked={form.rated}
              aria-describedby="tournament-rated-hint"
              onChange={(event) => change({ rated: event.currentTarget.checked })}
            />
            {S.rated}
          </label>
          <span class="hint" id="tournament-rated-hint">
            {S.ratedHint}
          </span>
        </div>

        <div class="field">
          <label>
            {S.daysPerMove}
            <input
              type="number"
              inputMode="numeric"
              data-testid="tournament-days"
              min={MIN_DAYS_PER_MOVE}
              max={MAX_DAYS_PER_MOVE}
              step={1}
              value={form.daysPerMove}
              onInput={(event) => change({ daysPerMove: event.currentTarget.value })}
              {...described('daysPerMove', 'tournament-days-hint')}
            />
          </label>
          <span class="hint" id="tournament-days-hint">
            {S.daysPerMoveHint}
          </span>
          <ProblemLine field="daysPerMove" problem={problemOf('daysPerMove')} />
        </div>

        <fieldset aria-describedby="tournament-players-hint">
          <legend>{S.playersLegend}</legend>
          <div class="number-pair">
            <label>
              {S.minPlayers}
              <input
                type="number"
                inputMode="numeric"
                data-testid="tournament-min-players"
                min={fewest}
                max={most}
                step={1}
                value={form.minPlayers}
                onInput={(event) => change({ minPlayers: event.currentTarget.value })}
                {...described('players', 'tournament-players-hint', badInputs.includes('min'))}
              />
            </label>
            <label>
              {S.maxPlayers}
              <input
                type="number"
                inputMode="numeric"
                data-testid="tournament-max-players"
                min={fewest}
                max={most}
                step={1}
                value={form.maxPlayers}
                onInput={(event) => change({ maxPlayers: event.currentTarget.value })}
                {...described('players', 'tournament-players-hint', badInputs.includes('max'))}
              />
            </label>
          </div>
          <span class="hint" id="tournament-players-hint">
            {S.playersHint[form.format]}
          </span>
          {form.format === 'SWISS' && (
            <div class="field">
              <label>
                {S.roundsField}
                <input
                  type="number"
                  inputMode="numeric"
                  data-testid="tournament-rounds"
                  min={SWISS_MIN_ROUNDS}
                  max={SWISS_MAX_ROUNDS}
                  step={1}
                  value={form.rounds}
                  onInput={(event) => change({ rounds: event.currentTarget.value })}
                  {...described('players', 'tournament-rounds-hint', badInputs.includes('rounds'))}
                />
              </label>
              <span class="hint" id="tournament-rounds-hint">
                {S.roundsHint}
              </span>
            </div>
          )}
          <ProblemLine field="players" problem={players} />
        </fieldset>

        <div class="field">
          <label>
            {S.startsAt}
            <input
              type="datetime-local"
              data-testid="tournament-starts-at"
              min={localInputValue(now)}
              max={latest}
              value={form.startsAt}
              onInput={(event) => change({ startsAt: event.currentTarget.value })}
              {...described('startsAt', 'tournament-starts-hint')}
            />
          </label>
          <span class="hint" id="tournament-starts-hint">
            {S.startsAtHint}
          </span>
          <ProblemLine field="startsAt" problem={problemOf('startsAt')} />
        </div>

        <div class="field">
          <label>
            {S.maxTimeoutRateField}
            <input
              type="number"
              inputMode="decimal"
              data-testid="tournament-max-timeout-rate"
              min={0}
              max={100}
              step="any"
              value={form.maxTimeoutRate}
              onInput={(event) => change({ maxTimeoutRate: event.currentTarget.value })}
              {...described('maxTimeoutRate', 'tournament-rate-hint')}
            />
          </label>
          <span class="hint" id="tournament-rate-hint">
            {S.maxTimeoutRateHint}
          </span>
          <ProblemLine field="maxTimeoutRate" problem={problemOf('maxTimeoutRate')} />
        </div>

        {problems.length > 0 && (
          <p class="error" role="alert" data-testid="tournament-form-problems">
            {S.checkFields}
          </p>
        )}
        {error !== null && (
          <ErrorBox
            error={error}
            text={
              refused === null
                ? error.code === 'GUEST_NOT_ALLOWED'
                  ? S.guestHint
                  : undefined
                : S.problem[refused.kind]
            }
          />
        )}
        <button type="submit" data-testid="create-tournament" disabled={busy}>
          {busy ? S.creating : S.create}
        </button>
      </form>
    </section>
  );
}
