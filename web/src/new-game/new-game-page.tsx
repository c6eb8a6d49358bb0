/**
 * New game: the preset (with its summary and a link to its rules), rule overrides shown against the preset's own
 * rules (`presetRules`), seats, time control (the server's `timeControlChoices`), rated, and who to play — a player
 * invited by name (prefilled from `?opponent=`, my friends suggested: web/src/friends/friend-suggestions.tsx), an
 * open seek (only players near my rating if I choose: ./seek-range.tsx), an open game anyone with its link may
 * join, or a built-in bot — then the game's commitment and the page's own client seed (./start-game.ts). Below, the
 * open seeks and open games of others, to join.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure } from '../api';
import { ErrorBox } from '../error-box';
import { FriendSuggestions } from '../friends/friend-suggestions';
import type { BotKind, Preset } from '../generated/graphql';
import type { Me } from '../me';
import { Link, PRESETS, navigate } from '../router';
import { strings as shared } from '../strings';
import { GameLink } from '../table/game-link';
import {
  BOT_KINDS,
  OPPONENT_KINDS,
  OpponentKind,
  Rules,
  guestMay,
  TIME_KINDS,
  TimeKind,
  overridesOf,
  twoSeatsOnly,
} from './choices';
import { OpenGames } from './open-games';
import { OpenSeeks } from './open-seeks';
import { RuleOverrides } from './rule-overrides';
import { NO_RANGE, SeekRange, SeekRangeChoice } from './seek-range';
import { presetRules } from './preset-rules';
import { Started, startGame } from './start-game';
import { strings } from './strings';
import { TimeControlChoices, timeControlChoices } from './time-controls';
import './new-game.css';

function PresetChoice({ preset, onChange }: { preset: Preset; onChange: (preset: Preset) => void }) {
  const S = strings();
  const common = shared();
  return (
    <fieldset class="presets">
      <legend>{S.presetLegend}</legend>
      <div class="preset-options">
        {PRESETS.map((name) => (
          <label key={name} class={name === preset ? 'preset-option chosen' : 'preset-option'}>
            <input
              type="radio"
              name="preset"
              value={name}
              data-testid={`preset-${name.toLowerCase()}`}
              checked={name === preset}
              onChange={() => onChange(name)}
            />
            {common.preset[name]}
          </label>
        ))}
      </div>
      <p data-testid="preset-summary">{S.summary[preset]}</p>
      <Link to={{ page: 'rules', preset }} testId="preset-rules-link">
        {S.rulesLink(common.preset[preset])}
      </Link>
    </fieldset>
  );
}

function TimeControl({
  choices,
  kind,
  days,
  hours,
  onChange,
}: {
  choices: TimeControlChoices;
  kind: TimeKind;
  days: number;
  hours: number;
  onChange: (next: { kind: TimeKind; days: number; hours: number }) => void;
}) {
  const S = strings();
  return (
    <fieldset>
      <legend>{S.timeLegend}</legend>
      <div class="time-kinds">
        {TIME_KINDS.map((option) => (
          <label key={option} class="check">
            <input
              type="radio"
              name="time-kind"
              data-testid={`time-${option}`}
              checked={kind === option}
              onChange={() => onChange({ kind: option, days, hours })}
            />
            {S.timeKind[option]}
          </label>
        ))}
      </div>
      {kind === 'days' && (
        <label>
          <span class="visually-hidden">{S.timeKind.days}</span>
          <select
            data-testid="days-per-move"
            value={days}
            onChange={(event) => onChange({ kind, days: Number(event.currentTarget.value), hours })}
          >
            {choices.daysPerMove.map((value) => (
              <option key={value} value={value}>
                {S.daysOption(value)}
              </option>
            ))}
          </select>
        </label>
      )}
      {kind === 'hours' && (
        <label>
          {S.hoursLabel(choices.hoursPerMoveMin, choices.hoursPerMoveMax)}
          <input
            type="number"
            inputMode="numeric"
            data-testid="hours-per-move"
            min={choices.hoursPerMoveMin}
            max={choices.hoursPerMoveMax}
            step={1}
            required
            value={hours}
            onInput={(event) => {
              const next = event.currentTarget.valueAsNumber;
              if (Number.isInteger(next)) onChange({ kind, days, hours: next });
            }}
          />
        </label>
      )}
    </fieldset>
  );
}

function Opponent({
  kind,
  name,
  bot,
  seats,
  guest,
  range,
  onChange,
  onRange,
}: {
  kind: OpponentKind;
  name: string;
  bot: BotKind;
  seats: number;
  /** A guest's page: only what a guest may start is offered. */
  guest: boolean;
  /** A seek's rating range (./seek-range.tsx). */
  range: SeekRangeChoice;
  onChange: (next: { kind: OpponentKind; name: string; bot: BotKind }) => void;
  onRange: (next: SeekRangeChoice) => void;
}) {
  const S = strings();
  return (
    <fieldset>
      <legend>{S.opponentLegend}</legend>
      <label>
        <span class="visually-hidden">{S.opponentLegend}</span>
        <select
          data-testid="opponent-kind"
          value={kind}
          onChange={(event) => onChange({ kind: event.currentTarget.value as OpponentKind, name, bot })}
        >
          {OPPONENT_KINDS.map((option) => (
            <option
              key={option}
              value={option}
              disabled={(seats > 2 && twoSeatsOnly(option)) || (guest && !guestMay(option))}
            >
              {S.opponentKind[option]}
            </option>
          ))}
        </select>
      </label>
      {guest && (
        <p class="hint" data-testid="guest-choices">
          {S.guestChoices}
        </p>
      )}
      {seats > 2 && (
        <p class="hint" data-testid="two-seats-only">
          {S.twoSeatsOnly(seats)}
        </p>
      )}
      {kind === 'invite' && (
        <label>
          {S.opponentName}
          <input
            data-testid="opponent-name"
            required
            autoComplete="off"
            list="friend-names"
            value={name}
            onInput={(event) => onChange({ kind, name: event.currentTarget.value, bot })}
          />
          <FriendSuggestions id="friend-names" />
        </label>
      )}
      {kind === 'seek' && <p class="hint">{S.seekHint}</p>}
      {kind === 'seek' && <SeekRange range={range} onChange={onRange} />}
      {kind === 'open' && <p class="hint">{S.openHint}</p>}
      {kind === 'bot' && seats > 2 && <p class="hint">{S.botSeatHint}</p>}
      {kind === 'bot' && (
        <label>
          {S.botKind}
          <select
            data-testid="bot-kind"
            value={bot}
            onChange={(event) => onChange({ kind, name, bot: event.currentTarget.value as BotKind })}
          >
            {BOT_KINDS.map((option) => (
              <option key={option} value={option}>
                {S.bot[option]}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}

/**
 * The game just started: its commitment, the page's seed and how it stands, the link to share while it waits for
 * anyone to join (`shareable`: not an invitation, which only its one player may accept), and the way to the table.
 */
function StartedPanel({ started, shareable }: { started: Started; shareable: boolean }) {
  const S = strings();
  const { game, clientSeed, seedNote } = started;
  const note = { after: S.seedAfter, none: S.seedNone, chosen: S.seedChosen }[seedNote];
  return (
    <section class="card started" data-testid="started" data-game-id={game.id} data-seed-note={seedNote}>
      <h2>{game.status === 'WAITING' ? S.waitingTitle : S.createdTitle}</h2>
      <p>
        <strong>{S.commitment}</strong>
        <code class="commitment" data-testid="seed-commitment">
          {game.seedCommitment}
        </code>
      </p>
      <p class="hint">{S.commitmentHint}</p>
      {clientSeed !== null && (
        <p>
          <strong>{S.yourSeed}</strong>
          <code class="commitment" data-testid="client-seed">
            {clientSeed}
          </code>
        </p>
      )}
      <p class="hint">{note}</p>
      {shareable && game.status === 'WAITING' && <GameLink gameId={game.id} />}
      <button type="button" data-testid="open-game" onClick={() => navigate({ page: 'game', id: game.id })}>
        {S.openGame}
      </button>
    </section>
  );
}

export function NewGamePage({ me }: { me: Me }) {
  const S = strings();
  const invited = new URLSearchParams(location.search).get('opponent') ?? '';
  const [preset, setPreset] = useState<Preset>('CLASSIC');
  const [defaults, setDefaults] = useState<Rules | null>(null);
  const [chosen, setChosen] = useState<Rules | null>(null);
  const [seats, setSeats] = useState(2);
  // A bot answers at once: its games default to no clock, people's to 3 days a move — until a clock is chosen here.
  const [time, setTime] = useState<{ kind: TimeKind; days: number; hours: number }>({
    kind: invited === '' ? 'none' : 'days',
    days: 3,
    hours: 24,
  });
  const [timeChosen, setTimeChosen] = useState(false);
  const [rated, setRated] = useState(false);
  const [fixedSeed, setFixedSeed] = useState('');
  const [opponent, setOpponent] = useState<{ kind: OpponentKind; name: string; bot: BotKind }>({
    kind: invited === '' || me.isGuest ? 'bot' : 'invite',
    name: invited,
    bot: 'EXPERT',
  });
  const [range, setRange] = useState<SeekRangeChoice>(NO_RANGE);
  const chooseOpponent = (next: { kind: OpponentKind; name: string; bot: BotKind }) => {
    setOpponent(next);
    if (!timeChosen) setTime((now) => ({ ...now, kind: next.kind === 'bot' ? 'none' : 'days' }));
  };
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);
  const [started, setStarted] = useState<Started | null>(null);
  const [timeChoices, setTimeChoices] = useState<TimeControlChoices | null>(null);

  useEffect(() => {
    let current = true;
    timeControlChoices().then(
      (choices) => {
        if (!current) return;
        setTimeChoices(choices);
        // The page's default (3 days) stands unless the server no longer offers it.
        setTime((now) =>
          choices.daysPerMove.includes(now.days) ? now : { ...now, days: choices.daysPerMove[0] ?? now.days },
        );
      },
      (failure: unknown) => current && setError(asFailure(failure)),
    );
    return () => void (current = false);
  }, []);

  useEffect(() => {
    let current = true;
    setDefaults(null);
    presetRules(preset).then(
      (rules) => {
        if (!current) return;
        setDefaults(rules);
        setChosen(rules);
        setSeats(rules.minPlayers);
      },
      (failure: unknown) => current && setError(asFailure(failure)),
    );
    return () => void (current = false);
  }, [preset]);

  const seeking = opponent.kind === 'seek';
  // An invitation or a seek fills one other seat: with more seats the game is open instead (./choices.ts).
  const chooseSeats = (count: number) => {
    setSeats(count);
    if (count > 2) setOpponent((now) => (twoSeatsOnly(now.kind) ? { ...now, kind: 'open' } : now));
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    if (defaults === null || chosen === null || timeChoices === null) return;
    setBusy(true);
    setError(null);
    try {
      const made = await startGame({
        preset,
        // A rated game is played by the preset's own rules (the overrides are locked then).
        options: seeking || rated ? {} : overridesOf(defaults, chosen),
        seats: seeking ? 2 : seats,
        rated,
        time:
          time.kind === 'days'
            ? { daysPerMove: time.days }
            : time.kind === 'hours'
              ? { hoursPerMove: time.hours }
              : {},
        opponentKind: opponent.kind,
        opponent: opponent.name,
        bot: opponent.bot,
        ratingRange: seeking && range.on ? { below: range.below, above: range.above } : null,
        fixedSeed: rated ? '' : fixedSeed.trim(),
      });
      // Against a bot the game is dealt at once: straight to the table (its seed story is in Verify, after).
      if (opponent.kind === 'bot' && made.game.status === 'ACTIVE')
        navigate({ page: 'game', id: made.game.id });
      else setStarted(made);
    } catch (failure) {
      setError(asFailure(failure));
    } finally {
      setBusy(false);
    }
  };

  const seatChoices =
    defaults === null
      ? []
      : Array.from(
          { length: defaults.maxPlayers - defaults.minPlayers + 1 },
          (_, i) => defaults.minPlayers + i,
        );

  return (
    <div class="new-game" data-testid="new-game" data-me={me.username}>
      <h1>{S.title}</h1>
      {started !== null ? (
        <StartedPanel started={started} shareable={opponent.kind !== 'invite'} />
      ) : (
        <form class="card new-game-form" onSubmit={(event) => void submit(event)}>
          <PresetChoice preset={preset} onChange={setPreset} />
          {defaults === null || chosen === null ? (
            <p class="muted">{S.loadingRules}</p>
          ) : (
            !seeking && (
              <RuleOverrides preset={defaults} chosen={chosen} onChange={setChosen} locked={rated} />
            )
          )}
          {!seeking && seatChoices.length > 1 && (
            <label>
              {S.seats}
              <select
                data-testid="seats"
                value={seats}
                onChange={(event) => chooseSeats(Number(event.currentTarget.value))}
              >
                {seatChoices.map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </label>
          )}
          {timeChoices === null ? (
            <p class="muted">{S.loadingRules}</p>
          ) : (
            <TimeControl
              choices={timeChoices}
              {...time}
              onChange={(next) => {
                setTime(next);
                setTimeChosen(true);
              }}
            />
          )}
          <label class="check">
            <input
              type="checkbox"
              data-testid="rated"
              checked={rated}
              disabled={me.isGuest}
              onChange={(event) => {
                const on = event.currentTarget.checked;
                setRated(on);
                // Rated means the preset's own rules: what was overridden goes back to them.
                if (on && defaults !== null) setChosen(defaults);
              }}
            />
            {S.rated}
          </label>
          <p class="hint">{S.ratedHint}</p>
          {!rated && !seeking && (
            <label>
              {S.fixedSeed}
              <input
                data-testid="fixed-seed"
                maxLength={200}
                autoComplete="off"
                value={fixedSeed}
                onInput={(event) => setFixedSeed(event.currentTarget.value)}
              />
              <span class="hint">{S.fixedSeedHint}</span>
            </label>
          )}
          <Opponent
            {...opponent}
            seats={seeking ? 2 : seats}
            guest={me.isGuest}
            range={range}
            onChange={chooseOpponent}
            onRange={setRange}
          />
          {error !== null && <ErrorBox error={error} />}
          <button
            type="submit"
            data-testid="create-game"
            disabled={busy || defaults === null || timeChoices === null}
          >
            {busy ? S.creating : S.create}
          </button>
        </form>
      )}
      {started === null && <OpenSeeks onJoined={setStarted} />}
      {started === null && <OpenGames />}
    </div>
  );
}
