/**
 * The move log beside the table, oldest first (Game.moves). It reads the log once, then again whenever the game's
 * `version` changes, each time only what follows the last move it has (`after` its cursor), page by page. The list
 * scrolls in its own box and keeps the latest move in sight as moves arrive — unless the reader scrolled up to read
 * earlier ones: then it stays where they are, until they scroll back to the bottom.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type {
  HistoryMoveFragment,
  HistoryMovesQuery,
  HistoryMovesQueryVariables,
} from '../generated/graphql';
import { formatDateTime } from '../i18n';
import { moveText } from './move-text';
import REPLAY from './replay.graphql?raw';
import { strings } from './strings';
import './replay.css';

declare module '../api' {
  interface Operations {
    HistoryMoves: [HistoryMovesQuery, HistoryMovesQueryVariables];
  }
}

/**
 * Within a few pixels of the end: a browser zoomed or scaled may stop a fraction of a pixel short of it, and a
 * reader who scrolls back down means the end.
 */
const END_SLACK_PX = 4;

function atEnd(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= END_SLACK_PX;
}

export function MoveHistory({ gameId, version }: { gameId: string; version: number }) {
  const S = strings();
  const [moves, setMoves] = useState<readonly HistoryMoveFragment[]>([]);
  const [names, setNames] = useState<readonly string[]>([]);
  const [error, setError] = useState<ApiFailure | null>(null);
  const cursor = useRef<string | null>(null);
  // One catch-up at a time: a version that changes while a page is on its way waits for it, so no move is read twice.
  const queue = useRef<Promise<void>>(Promise.resolve());
  const list = useRef<HTMLOListElement>(null);
  // Whether the list is scrolled to its end, as the reader last left it (true before any scrolling).
  const following = useRef(true);

  // Before the browser paints the new moves: scrolled to the end, the list stays at its (new) end.
  useLayoutEffect(() => {
    const element = list.current;
    if (element !== null && following.current) element.scrollTop = element.scrollHeight;
  }, [moves]);

  useEffect(() => {
    let current = true;
    queue.current = queue.current.then(async () => {
      try {
        for (;;) {
          const data = await request(REPLAY, 'HistoryMoves', { id: gameId, after: cursor.current });
          if (!current || data.game === null) return;
          const game = data.game;
          setNames([...game.players].sort((a, b) => a.seat - b.seat).map((player) => player.player.username));
          const page = game.moves.edges.map((edge) => edge.node);
          setMoves((known) => {
            const last = known[known.length - 1]?.seq ?? 0;
            return [...known, ...page.filter((move) => move.seq > last)];
          });
          cursor.current = game.moves.pageInfo.endCursor ?? cursor.current;
          setError(null);
          if (!game.moves.pageInfo.hasNextPage) return;
        }
      } catch (failure) {
        if (current) setError(asFailure(failure));
      }
    });
    return () => {
      current = false;
    };
  }, [gameId, version]);

  return (
    <section class="history-box" aria-labelledby="history-title">
      <h2 id="history-title">{S.history}</h2>
      {error !== null && <ErrorBox error={error} />}
      {moves.length === 0 && <p class="muted">{S.noMoves}</p>}
      <ol
        class="history"
        data-testid="history"
        data-game-id={gameId}
        data-version={version}
        ref={list}
        onScroll={(event) => {
          following.current = atEnd(event.currentTarget);
        }}
      >
        {moves.map((move) => (
          <li key={move.seq} data-seq={move.seq}>
            <span class="history-seq">{move.seq}</span>
            <span class="history-who">{names[move.seat] ?? S.seat(move.seat)}</span>
            <span class="history-what">{moveText(move)}</span>
            <time class="history-when muted" dateTime={move.createdAt}>
              {formatDateTime(move.createdAt)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
