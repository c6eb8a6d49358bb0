/**
 * The leaderboard of one preset (/leaderboard/<preset>, open signed out too): the API's `leaderboard`, best first,
 * 50 a page; established ratings only unless "Include provisional ratings" is ticked, which asks with
 * `includeProvisional` and marks those entries (docs/api/ratings-and-history.md#ratings: provisional while the deviation is 110
 * or more).
 */
import { useState } from 'preact/hooks';
import { request } from '../api';
import { ErrorBox } from '../error-box';
import type { PlayersLeaderboardQuery, Preset } from '../generated/graphql';
import { formatNumber } from '../i18n';
import { Link, PRESETS } from '../router';
import { strings as sharedStrings } from '../strings';
import { PLAYERS } from './operations';
import { usePaged } from './paged';
import { PlayerMarks } from './player-marks';
import { PlayerLink } from './player-link';
import { strings } from './strings';
import './players.css';

type Entry = PlayersLeaderboardQuery['leaderboard']['edges'][number]['node'];

/** One link per preset; the current one is not a link but says it is the page's. */
function PresetTabs({ preset }: { preset: Preset }) {
  const S = strings();
  const shared = sharedStrings();
  return (
    <nav class="preset-tabs" aria-label={S.presets}>
      {PRESETS.map((each) =>
        each === preset ? (
          <span key={each} class="tab current" aria-current="page">
            {shared.preset[each]}
          </span>
        ) : (
          <Link key={each} to={{ page: 'leaderboard', preset: each }} class="tab" testId={`tab-${each}`}>
            {shared.preset[each]}
          </Link>
        ),
      )}
    </nav>
  );
}

function Row({ entry }: { entry: Entry }) {
  const S = strings();
  return (
    <tr
      class={entry.provisional ? 'provisional' : undefined}
      data-testid="leaderboard-row"
      data-username={entry.player.username}
      data-provisional={entry.provisional ? 'true' : 'false'}
    >
      <td class="number">{formatNumber(entry.rank)}</td>
      <td class="name">
        <PlayerLink username={entry.player.username} /> <PlayerMarks player={entry.player} />
        {entry.provisional && <span class="badge provisional">{S.provisionalMark}</span>}
      </td>
      <td class="number" data-testid="leaderboard-rating">
        {formatNumber(Math.round(entry.rating))}
      </td>
      <td class="number">{formatNumber(Math.round(entry.deviation))}</td>
      <td class="number">{formatNumber(entry.games)}</td>
    </tr>
  );
}

export function LeaderboardPage({ preset }: { preset: Preset }) {
  const S = strings();
  const [includeProvisional, setIncludeProvisional] = useState(false);
  const board = usePaged(`${preset} ${includeProvisional}`, async (after) => {
    const answer = await request(PLAYERS, 'PlayersLeaderboard', { preset, includeProvisional, after });
    return {
      items: answer.leaderboard.edges.map((edge) => edge.node),
      pageInfo: answer.leaderboard.pageInfo,
    };
  });
  return (
    <section
      class="leaderboard-page"
      data-testid="leaderboard"
      data-preset={preset}
      data-busy={board.busy ? 'true' : 'false'}
    >
      <h1>
        {S.leaderboard}: {sharedStrings().preset[preset]}
      </h1>
      <PresetTabs preset={preset} />
      <label class="check">
        <input
          type="checkbox"
          data-testid="include-provisional"
          checked={includeProvisional}
          onChange={(event) => setIncludeProvisional(event.currentTarget.checked)}
        />
        {S.includeProvisional}
      </label>
      {board.error !== null && <ErrorBox error={board.error} />}
      {board.items === null && board.error === null && <p class="muted">{S.loading}</p>}
      {board.items !== null && board.items.length === 0 && (
        <p class="muted" data-testid="leaderboard-empty">
          {includeProvisional ? S.boardEmptyAll : S.boardEmpty}
        </p>
      )}
      {board.items !== null && board.items.length > 0 && (
        <table class="board">
          <thead>
            <tr>
              <th scope="col" class="number">
                {S.rank}
              </th>
              <th scope="col">{S.player}</th>
              <th scope="col" class="number">
                {S.ratingLabel}
              </th>
              <th scope="col" class="number">
                <span aria-hidden="true">±</span>
                <span class="visually-hidden">{S.deviationLabel}</span>
              </th>
              <th scope="col" class="number">
                {S.games}
              </th>
            </tr>
          </thead>
          <tbody>
            {board.items.map((entry) => (
              <Row key={entry.player.id} entry={entry} />
            ))}
          </tbody>
        </table>
      )}
      {board.more !== null && (
        <button type="button" class="secondary more" disabled={board.busy} onClick={board.more}>
          {S.more}
        </button>
      )}
    </section>
  );
}
