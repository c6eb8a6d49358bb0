/**
 * What the tournament tests share: the fields they read, and the standings computed by the test itself from the
 * boards alone, by the rules of docs/social.md#tournaments — an independent check of the server's table.
 */
export interface BoardData {
  round: number;
  board: number;
  first: { username: string };
  second: { username: string } | null;
  gameId: string | null;
  result: string | null;
  over: boolean;
}

export interface StandingData {
  rank: number;
  player: { username: string };
  points: number;
  played: number;
  won: number;
  lost: number;
  byes: number;
  buchholz: number;
  sonnebornBerger: number;
  withdrawn: boolean;
}

export interface TournamentData {
  id: string;
  status: string;
  currentRound: number;
  rounds: number | null;
  playerCount: number;
  joined: boolean;
  boards: BoardData[];
  standings: StandingData[];
}

export const TOURNAMENT_FIELDS = `id status currentRound rounds playerCount joined
  boards { round board first { username } second { username } gameId result over }
  standings { rank player { username } points played won lost byes buchholz sonnebornBerger withdrawn }`;

/** One player's line of the table as the test computes it. */
export interface ExpectedLine {
  readonly name: string;
  readonly points: number;
  readonly buchholz: number;
  readonly sb: number;
}

/**
 * Points (win 1, draw ½, Swiss bye 1, a round robin's sit-out 0), Buchholz (the points of every opponent met in a
 * finished game) and Sonneborn–Berger (the points of the opponents beaten, half those of the opponents drawn),
 * by name.
 */
export function expectedTable(boards: readonly BoardData[], swiss: boolean): ExpectedLine[] {
  const points = new Map<string, number>();
  const add = (name: string, p: number) => points.set(name, (points.get(name) ?? 0) + p);
  for (const b of boards) {
    add(b.first.username, 0);
    if (b.second === null) {
      if (swiss) add(b.first.username, 1);
      continue;
    }
    add(b.second.username, 0);
    if (b.result === 'FIRST_WON') add(b.first.username, 1);
    if (b.result === 'SECOND_WON') add(b.second.username, 1);
    if (b.result === 'DRAW') {
      add(b.first.username, 0.5);
      add(b.second.username, 0.5);
    }
  }
  const buchholz = new Map<string, number>();
  const sb = new Map<string, number>();
  for (const b of boards) {
    if (b.second === null || b.result === null) continue;
    const [f, s] = [b.first.username, b.second.username];
    buchholz.set(f, (buchholz.get(f) ?? 0) + points.get(s)!);
    buchholz.set(s, (buchholz.get(s) ?? 0) + points.get(f)!);
    if (b.result === 'FIRST_WON') sb.set(f, (sb.get(f) ?? 0) + points.get(s)!);
    if (b.result === 'SECOND_WON') sb.set(s, (sb.get(s) ?? 0) + points.get(f)!);
    if (b.result === 'DRAW') {
      sb.set(f, (sb.get(f) ?? 0) + points.get(s)! / 2);
      sb.set(s, (sb.get(s) ?? 0) + points.get(f)! / 2);
    }
  }
  return [...points.keys()]
    .map((name) => ({
      name,
      points: points.get(name)!,
      buchholz: buchholz.get(name) ?? 0,
      sb: sb.get(name) ?? 0,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The server's standings in the same shape, by name. */
export function tableOf(standings: readonly StandingData[]): ExpectedLine[] {
  return standings
    .map((s) => ({ name: s.player.username, points: s.points, buchholz: s.buchholz, sb: s.sonnebornBerger }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
