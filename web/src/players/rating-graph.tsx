/**
 * A player's rating in one preset after each rated game, drawn as our own SVG from `ratingHistory` (every page,
 * newest first from the API, drawn oldest first): one point per game, placed left to right by when it finished, so
 * the line shows the rating over time (a quiet month is a long flat stretch); the horizontal axis names the dates of
 * the first game, the middle of the span and the last game, the vertical one the ratings. For screen readers the SVG has a title and a description, and a table below lists
 * every game.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { PlayersRatingHistoryQuery, Preset } from '../generated/graphql';
import { formatDate, formatNumber } from '../i18n';
import { Link } from '../router';
import { strings as sharedStrings } from '../strings';
import { PLAYERS } from './operations';
import { strings } from './strings';

type HistoryEntry = PlayersRatingHistoryQuery['ratingHistory']['edges'][number]['node'];

/** The most pages of 100 read for one graph: a player with more rated games sees their latest 2,000. */
const MAX_PAGES = 20;

async function wholeHistory(username: string, preset: Preset): Promise<HistoryEntry[]> {
  const entries: HistoryEntry[] = [];
  let after: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: PlayersRatingHistoryQuery = await request(PLAYERS, 'PlayersRatingHistory', {
      username,
      preset,
      after,
    });
    entries.push(...answer.ratingHistory.edges.map((edge) => edge.node));
    const { hasNextPage, endCursor } = answer.ratingHistory.pageInfo;
    if (!hasNextPage || endCursor === null) break;
    after = endCursor;
  }
  return entries.reverse();
}

// The drawing's own units (the SVG scales to the card's width).
const WIDTH = 360;
const HEIGHT = 180;
const LEFT = 50;
const RIGHT = 12;
const TOP = 10;
const BOTTOM = 28;
/** Below this spread the vertical axis still spans this many rating points, so small changes do not look huge. */
const MIN_SPAN = 40;

interface Scale {
  /** Where a game that finished at this time (milliseconds) sits. */
  x: (time: number) => number;
  y: (rating: number) => number;
  low: number;
  high: number;
}

function scaleFor(entries: readonly HistoryEntry[]): Scale {
  const ratings = entries.map((entry) => entry.ratingAfter);
  let low = Math.min(...ratings);
  let high = Math.max(...ratings);
  if (high - low < MIN_SPAN) {
    const middle = (high + low) / 2;
    low = middle - MIN_SPAN / 2;
    high = middle + MIN_SPAN / 2;
  }
  const plotWidth = WIDTH - LEFT - RIGHT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const first = timeOf(entries[0]!);
  const span = timeOf(entries[entries.length - 1]!) - first;
  return {
    // One game, or games all finished at one instant: the middle.
    x: (time) => LEFT + (span === 0 ? plotWidth / 2 : ((time - first) * plotWidth) / span),
    y: (rating) => TOP + ((high - rating) / (high - low)) * plotHeight,
    low,
    high,
  };
}

function timeOf(entry: HistoryEntry): number {
  return new Date(entry.finishedAt).getTime();
}

/**
 * The times whose dates label the horizontal axis: the first game's, the middle of the span and the last game's,
 * each only when its date differs from the ones before (games of one day get one label).
 */
function dateTicks(entries: readonly HistoryEntry[]): { time: number; label: string }[] {
  const first = timeOf(entries[0]!);
  const last = timeOf(entries[entries.length - 1]!);
  const ticks: { time: number; label: string }[] = [];
  for (const time of [first, first + (last - first) / 2, last]) {
    const label = formatDate(new Date(time).toISOString());
    if (!ticks.some((tick) => tick.label === label)) ticks.push({ time, label });
  }
  return ticks;
}

function Chart({ preset, entries }: { preset: Preset; entries: readonly HistoryEntry[] }) {
  const S = strings();
  const presetName = sharedStrings().preset[preset];
  const scale = scaleFor(entries);
  const ratings = entries.map((entry) => entry.ratingAfter);
  const titleId = `rating-graph-title-${preset}`;
  const descriptionId = `rating-graph-description-${preset}`;
  const first = entries[0]!;
  const last = entries[entries.length - 1]!;
  const ratingTicks = [scale.low, (scale.low + scale.high) / 2, scale.high];
  const line = entries.map((entry) => `${scale.x(timeOf(entry))},${scale.y(entry.ratingAfter)}`).join(' ');
  return (
    <svg
      class="rating-graph"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${titleId} ${descriptionId}`}
      data-testid={`rating-graph-${preset}`}
    >
      <title id={titleId}>{S.graphTitle(presetName)}</title>
      <desc id={descriptionId}>
        {S.graphDescription(
          entries.length,
          formatDate(first.finishedAt),
          formatDate(last.finishedAt),
          Math.min(...ratings),
          Math.max(...ratings),
        )}
      </desc>
      <g class="axis" aria-hidden="true">
        <line x1={LEFT} y1={TOP} x2={LEFT} y2={HEIGHT - BOTTOM} />
        <line x1={LEFT} y1={HEIGHT - BOTTOM} x2={WIDTH - RIGHT} y2={HEIGHT - BOTTOM} />
        {ratingTicks.map((rating) => (
          <g key={rating}>
            <line class="grid" x1={LEFT} y1={scale.y(rating)} x2={WIDTH - RIGHT} y2={scale.y(rating)} />
            <text x={LEFT - 4} y={scale.y(rating)} text-anchor="end" dominant-baseline="middle">
              {formatNumber(Math.round(rating))}
            </text>
          </g>
        ))}
        {dateTicks(entries).map(({ time, label }, position, all) => (
          <text
            key={time}
            x={scale.x(time)}
            y={HEIGHT - 8}
            text-anchor={
              all.length === 1 && entries.length === 1
                ? 'middle'
                : position === 0
                  ? 'start'
                  : position === all.length - 1
                    ? 'end'
                    : 'middle'
            }
          >
            {label}
          </text>
        ))}
      </g>
      <polyline class="rating-line" points={line} />
      {entries.map((entry) => (
        <circle
          key={entry.gameId}
          class={`rating-point outcome-${entry.outcome.toLowerCase()}`}
          data-testid="rating-point"
          cx={scale.x(timeOf(entry))}
          cy={scale.y(entry.ratingAfter)}
          r={3.5}
        >
          <title>{S.graphPoint(formatDate(entry.finishedAt), entry.ratingAfter, entry.ratingChange)}</title>
        </circle>
      ))}
    </svg>
  );
}

/** The same games as a table: what the graph shows, for readers who cannot see it. */
function HistoryTable({ entries }: { entries: readonly HistoryEntry[] }) {
  const S = strings();
  const shared = sharedStrings();
  return (
    <details class="rating-table">
      <summary>{S.graphTable}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{S.date}</th>
            <th scope="col">{S.result}</th>
            <th scope="col">{S.ratingLabel}</th>
            <th scope="col">{S.change}</th>
          </tr>
        </thead>
        <tbody>
          {[...entries].reverse().map((entry) => (
            <tr key={entry.gameId}>
              <td>
                <Link to={{ page: 'game', id: entry.gameId }}>{formatDate(entry.finishedAt)}</Link>
              </td>
              <td>{shared.outcome[entry.outcome]}</td>
              <td>{formatNumber(Math.round(entry.ratingAfter))}</td>
              <td>{S.signed(entry.ratingChange)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

export function RatingGraph({ username, preset }: { username: string; preset: Preset }) {
  const S = strings();
  const [entries, setEntries] = useState<HistoryEntry[] | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    let current = true;
    setEntries(null);
    wholeHistory(username, preset)
      .then((read) => current && setEntries(read))
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => {
      current = false;
    };
  }, [username, preset]);
  if (error !== null) return <ErrorBox error={error} />;
  if (entries === null) return <p class="muted">{S.loading}</p>;
  if (entries.length === 0) return <p class="muted">{S.noRatedGames}</p>;
  return (
    <div class="rating-history">
      <Chart preset={preset} entries={entries} />
      <HistoryTable entries={entries} />
    </div>
  );
}
