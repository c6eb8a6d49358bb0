/** The move log beside the table, newest last, read again whenever the game's version changes. */
export function MoveHistory({ gameId, version }: { gameId: string; version: number }) {
  return <ol class="history" data-testid="history" data-game-id={gameId} data-version={version} />;
}
