/**
 * A player's games with the `games` query's filters (GamesFilter: preset, result, rated, opponent, status; always
 * `player`), newest first as the API orders them, 20 a page with `after`. Each row links to the game and each
 * opponent to their page.
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type {
  GameStatus,
  GamesFilter,
  Outcome,
  PlayersHistoryGameFragment,
  Preset,
} from '../generated/graphql';
import { formatDate } from '../i18n';
import { Link, PRESETS } from '../router';
import { strings as sharedStrings } from '../strings';
import { PLAYERS } from './operations';
import { usePaged } from './paged';
import { PlayerLink } from './player-link';
import { PlayerMarks } from './player-marks';
import { strings } from './strings';

const OUTCOMES = ['WIN', 'LOSS', 'DRAW'] as const satisfies readonly Outcome[];
const STATUSES = ['FINISHED', 'ACTIVE', 'WAITING', 'ABORTED'] as const satisfies readonly GameStatus[];
const RATED_CHOICES = ['any', 'rated', 'casual'] as const;
type RatedChoice = (typeof RATED_CHOICES)[number];

/** What the form holds; '' is "any". */
interface Filters {
  preset: Preset | '';
  result: Outcome | '';
  rated: RatedChoice;
  status: GameStatus | '';
  opponent: string;
}

const NO_FILTERS: Filters = { preset: '', result: '', rated: 'any', status: '', opponent: '' };

function ratedFilter(choice: RatedChoice): boolean | undefined {
  switch (choice) {
    case 'any':
      return undefined;
    case 'rated':
      return true;
    case 'casual':
      return false;
    default: {
      const never: never = choice;
      return never;
    }
  }
}

/** The filter as the API takes it: only what is chosen. */
function gamesFilter(username: string, filters: Filters): GamesFilter {
  const rated = ratedFilter(filters.rated);
  const opponent = filters.opponent.trim();
  return {
    player: username,
    ...(filters.preset === '' ? {} : { preset: filters.preset }),
    ...(filters.result === '' ? {} : { result: filters.result }),
    ...(rated === undefined ? {} : { rated }),
    ...(filters.status === '' ? {} : { status: filters.status }),
    ...(opponent === '' ? {} : { opponent }),
  };
}

/** A labelled select of the given values, after an "any" ('') first when `withAny`. */
function Choice<T extends string>({
  label,
  value,
  options,
  withAny = false,
  name,
  onChange,
  testId,
}: {
  label: string;
  value: T;
  options: readonly T[];
  withAny?: boolean;
  name: (option: T) => string;
  onChange: (value: T) => void;
  testId: string;
}) {
  const S = strings();
  return (
    <label>
      {label}
      <select
        data-testid={testId}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value as T)}
      >
        {withAny && <option value="">{S.any}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {name(option)}
          </option>
        ))}
      </select>
    </label>
  );
}

function FilterForm({ filters, onChange }: { filters: Filters; onChange: (filters: Filters) => void }) {
  const S = strings();
  const shared = sharedStrings();
  const [opponent, setOpponent] = useState(filters.opponent);
  return (
    <form
      class="history-filters"
      aria-label={S.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, opponent });
      }}
    >
      <Choice<Preset | ''>
        label={S.preset}
        value={filters.preset}
        options={PRESETS}
        name={(preset) => (preset === '' ? S.any : shared.preset[preset])}
        onChange={(preset) => onChange({ ...filters, preset })}
        testId="filter-preset"
        withAny
      />
      <Choice<Outcome | ''>
        label={S.result}
        value={filters.result}
        options={OUTCOMES}
        name={(outcome) => (outcome === '' ? S.any : S.outcome[outcome])}
        onChange={(result) => onChange({ ...filters, result })}
        testId="filter-result"
        withAny
      />
      <Choice<RatedChoice>
        label={S.rated}
        value={filters.rated}
        options={RATED_CHOICES}
        name={(choice) => (choice === 'any' ? S.any : choice === 'rated' ? S.ratedOnly : S.casualOnly)}
        onChange={(rated) => onChange({ ...filters, rated })}
        testId="filter-rated"
      />
      <Choice<GameStatus | ''>
        label={S.status}
        value={filters.status}
        options={STATUSES}
        name={(status) => (status === '' ? S.any : S.statusName[status])}
        onChange={(status) => onChange({ ...filters, status })}
        testId="filter-status"
        withAny
      />
      <div class="opponent">
        <label>
          {S.opponent}
          <input
            data-testid="filter-opponent"
            value={opponent}
            autocomplete="off"
            spellcheck={false}
            onInput={(event) => setOpponent(event.currentTarget.value)}
          />
        </label>
        <button type="submit">{S.show}</button>
      </div>
    </form>
  );
}

function HistoryRow({ game, playerId }: { game: PlayersHistoryGameFragment; playerId: string }) {
  const S = strings();
  const shared = sharedStrings();
  const seat = game.players.find((each) => each.player.id === playerId);
  const opponents = game.players.filter((each) => each.player.id !== playerId);
  const when = game.finishedAt ?? game.createdAt;
  const status =
    game.status === 'FINISHED' && seat?.outcome ? S.outcome[seat.outcome] : S.statusName[game.status];
  return (
    <li
      class={`history-row${seat?.outcome ? ` outcome-${seat.outcome.toLowerCase()}` : ''}`}
      data-testid="history-row"
      data-game-id={game.id}
    >
      <Link to={{ page: 'game', id: game.id }} class="history-game">
        {shared.preset[game.preset]} · {formatDate(when)}
      </Link>
      <span class="history-status" data-outcome={seat?.outcome ?? ''}>
        {status}
        {seat?.ratingChange !== null && seat?.ratingChange !== undefined && (
          <span class="muted"> ({S.signed(seat.ratingChange)})</span>
        )}
      </span>
      <span class="history-opponents">
        {opponents.length === 0
          ? S.noOpponent
          : [
              `${S.versus} `,
              ...opponents.flatMap((each, index) => [
                index > 0 ? ', ' : '',
                <span key={each.id}>
                  <PlayerLink username={each.player.username} />
                  <PlayerMarks player={each.player} />
                </span>,
              ]),
            ]}
      </span>
      <span class="muted history-kind">{game.rated ? S.ratedMark : S.casualMark}</span>
    </li>
  );
}

export function History({ username, playerId }: { username: string; playerId: string }) {
  const S = strings();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const filter = gamesFilter(username, filters);
  const list = usePaged(JSON.stringify(filter), async (after) => {
    const answer = await request(PLAYERS, 'PlayersHistory', { filter, after });
    return { items: answer.games.edges.map((edge) => edge.node), pageInfo: answer.games.pageInfo };
  });
  return (
    <section class="player-history" data-testid="history" data-busy={list.busy ? 'true' : 'false'}>
      <h2>{S.history}</h2>
      <FilterForm filters={filters} onChange={setFilters} />
      {list.error !== null && <ErrorBox error={list.error} />}
      {list.items === null && list.error === null && <p class="muted">{S.loading}</p>}
      {list.items !== null && list.items.length === 0 && (
        <p class="muted" data-testid="history-empty">
          {S.noGames}
        </p>
      )}
      {list.items !== null && list.items.length > 0 && (
        <ul class="history-list">
          {list.items.map((game) => (
            <HistoryRow key={game.id} game={game} playerId={playerId} />
          ))}
        </ul>
      )}
      {list.more !== null && (
        <button type="button" class="secondary more" disabled={list.busy} onClick={list.more}>
          {S.more}
        </button>
      )}
    </section>
  );
}
