/**
 * A player's timeout rate (docs/social.md), as Lichess shows one: the share of their recent finished games with a
 * clock that they lost on time. Pure. Recent is the last TIMEOUT_WINDOW such games; with fewer than
 * TIMEOUT_MIN_GAMES there is no rate (a player with one game would show 0 % or 100 %).
 */
export const TIMEOUT_WINDOW = 50;
export const TIMEOUT_MIN_GAMES = 5;

export function timeoutRate(record: { readonly games: number; readonly timeouts: number }): number | null {
  if (record.games < TIMEOUT_MIN_GAMES) return null;
  return record.timeouts / record.games;
}
