/**
 * Home = my games: my turns first (the least time left first), then games waiting for the opponent, then games
 * waiting for players, then finished ones. It reads `dashboard` and `games(filter: { mine: true })` and reads
 * them again whenever `myEvents` says something happened to me, so it follows the games live.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, request, subscribeMyEvents, watchSocket } from './api';
import { ErrorBox } from './auth';
import type { HomeGameFragment, HomeQuery, InvitationFragment } from './generated/graphql';
import { STRINGS } from './strings';

type Section = 'yourTurn' | 'theirTurn' | 'waitingForPlayers' | 'finished';
const SECTIONS = [
  'yourTurn',
  'theirTurn',
  'waitingForPlayers',
  'finished',
] as const satisfies readonly Section[];

function sectionOf(game: HomeGameFragment): Section {
  switch (game.status) {
    case 'ACTIVE':
      return game.isMyTurn ? 'yourTurn' : 'theirTurn';
    case 'WAITING':
      return 'waitingForPlayers';
    case 'FINISHED':
    case 'ABORTED':
      return 'finished';
    default: {
      const never: never = game.status;
      return never;
    }
  }
}

/** A deadline's distance as the page shows it, e.g. "2 d 3 h left". */
export function timeLeft(deadline: string | null, now: number): string {
  if (deadline === null) return STRINGS.noClock;
  const minutes = Math.floor((Date.parse(deadline) - now) / 60_000);
  if (minutes < 0) return STRINGS.timeUp;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts =
    days > 0
      ? [STRINGS.days(days), STRINGS.hours(hours)]
      : hours > 0
        ? [STRINGS.hours(hours), STRINGS.minutes(minutes % 60)]
        : [STRINGS.minutes(minutes % 60)];
  return STRINGS.timeLeft(parts.join(' '));
}

const byDeadline = (a: HomeGameFragment, b: HomeGameFragment): number =>
  (a.deadline === null ? Infinity : Date.parse(a.deadline)) -
  (b.deadline === null ? Infinity : Date.parse(b.deadline));
const newestFinished = (a: HomeGameFragment, b: HomeGameFragment): number =>
  Date.parse(b.finishedAt ?? b.createdAt) - Date.parse(a.finishedAt ?? a.createdAt);

function grouped(games: readonly HomeGameFragment[]): Record<Section, HomeGameFragment[]> {
  const groups: Record<Section, HomeGameFragment[]> = {
    yourTurn: [],
    theirTurn: [],
    waitingForPlayers: [],
    finished: [],
  };
  for (const game of games) groups[sectionOf(game)].push(game);
  groups.yourTurn.sort(byDeadline);
  groups.theirTurn.sort(byDeadline);
  groups.finished.sort(newestFinished);
  return groups;
}

function GameRow({ game, me, now }: { game: HomeGameFragment; me: string; now: number }) {
  const opponents = game.players
    .filter((seat) => seat.seat !== game.mySeat)
    .map((seat) => seat.player.username);
  const mine = game.players.find((seat) => seat.seat === game.mySeat);
  const toMove = game.players.find((seat) => seat.seat === game.currentSeat);
  let status: string;
  switch (sectionOf(game)) {
    case 'yourTurn':
      status = timeLeft(game.deadline, now);
      break;
    case 'theirTurn':
      status = `${STRINGS.toMove(toMove?.player.username ?? '?')} · ${timeLeft(game.deadline, now)}`;
      break;
    case 'waitingForPlayers':
      status = `${game.players.length}/${game.seats}`;
      break;
    case 'finished':
      status =
        game.status === 'ABORTED' ? STRINGS.aborted : mine?.outcome ? STRINGS.outcome[mine.outcome] : '';
      break;
  }
  return (
    <li class="game" data-game-id={game.id} data-me={me}>
      <span class="opponents">{STRINGS.versus(opponents)}</span>
      <span class="preset">{STRINGS.preset[game.preset]}</span>
      <span class="status">{status}</span>
    </li>
  );
}

/** An invitation to me: who sent it, what it offers, and the two answers (joinGame accepts, declineChallenge). */
function InvitationRow({
  invitation,
  answered,
  failed,
}: {
  invitation: InvitationFragment;
  answered: () => void;
  failed: (failure: ApiFailure) => void;
}) {
  const [busy, setBusy] = useState(false);
  const answer = (operation: 'AcceptInvitation' | 'DeclineInvitation'): void => {
    setBusy(true);
    request(operation, { id: invitation.id })
      .then(answered)
      .catch((failure: unknown) =>
        failed(failure instanceof ApiFailure ? failure : new ApiFailure(String(failure), null)),
      )
      .finally(() => setBusy(false));
  };
  const { daysPerMove, hoursPerMove } = invitation.timeControl ?? { daysPerMove: null, hoursPerMove: null };
  return (
    <li class="game invitation" data-game-id={invitation.id}>
      <span class="opponents">{STRINGS.invitationFrom(invitation.challenger.username)}</span>
      <span class="preset">{STRINGS.preset[invitation.preset]}</span>
      <span class="status">
        {invitation.rated ? STRINGS.rated : STRINGS.casual} ·{' '}
        {STRINGS.perMove(daysPerMove ?? null, hoursPerMove ?? null)}
      </span>
      <span class="answers">
        <button type="button" disabled={busy} onClick={() => answer('AcceptInvitation')}>
          {STRINGS.accept}
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => answer('DeclineInvitation')}>
          {STRINGS.decline}
        </button>
      </span>
    </li>
  );
}

export function Home({ me }: { me: { username: string } }) {
  const [data, setData] = useState<HomeQuery | null>(null);
  const [error, setError] = useState<ApiFailure | null>(null);
  // Until the socket is first acknowledged, the page says nothing about it.
  const [live, setLive] = useState(true);
  const [now, setNow] = useState(Date.now());
  // The effect's read, for an answer given on this page (a declined invitation may send me no event).
  const loadRef = useRef<() => void>(() => undefined);
  const reload = (): void => loadRef.current();

  useEffect(() => {
    let current = true;
    let pending: Promise<void> | null = null;
    let again = false;
    // One read at a time; events that come during a read ask for one more afterwards.
    const load = (): void => {
      if (pending !== null) {
        again = true;
        return;
      }
      pending = request('Home', {})
        .then((answer) => {
          if (current) {
            setData(answer);
            setError(null);
          }
        })
        .catch((failure: unknown) => {
          if (current)
            setError(failure instanceof ApiFailure ? failure : new ApiFailure(String(failure), null));
        })
        .finally(() => {
          pending = null;
          if (again && current) {
            again = false;
            load();
          }
        });
    };
    loadRef.current = load;
    load();
    const unwatch = watchSocket(
      // Read again on each (re)connection: events from before the subscription, or while it was down, are not sent.
      () => {
        setLive(true);
        load();
      },
      () => setLive(false),
    );
    const unsubscribe = subscribeMyEvents(load, () => setLive(false));
    const tick = setInterval(() => setNow(Date.now()), 30_000);
    return () => {
      current = false;
      unsubscribe();
      unwatch();
      clearInterval(tick);
    };
  }, []);

  useEffect(() => {
    document.title = STRINGS.title(data?.dashboard.myTurn ?? 0);
  }, [data]);

  const groups = grouped(data?.games.edges.map((edge) => edge.node) ?? []);
  const invitations = data?.invitations.edges.map((edge) => edge.node) ?? [];
  const empty = data !== null && data.games.edges.length === 0 && invitations.length === 0;
  return (
    <section class="home">
      <h1>{STRINGS.home}</h1>
      {data !== null && (
        <p class="summary" data-testid="summary">
          {STRINGS.awaitingCount(data.dashboard.myTurn)}
          {!live && <span class="muted"> {STRINGS.offline}</span>}
        </p>
      )}
      {error !== null && <ErrorBox error={error} />}
      {empty && (
        <p class="empty" data-testid="no-games">
          {STRINGS.noGames}
        </p>
      )}
      {invitations.length > 0 && (
        <div class="section invitations" data-section="invitations">
          <h2>{STRINGS.invitations}</h2>
          <ul>
            {invitations.map((invitation) => (
              <InvitationRow
                key={invitation.id}
                invitation={invitation}
                answered={reload}
                failed={setError}
              />
            ))}
          </ul>
        </div>
      )}
      {SECTIONS.filter((section) => groups[section].length > 0).map((section) => (
        <div class={`section ${section}`} data-section={section} key={section}>
          <h2>{STRINGS[section]}</h2>
          <ul>
            {groups[section].map((game) => (
              <GameRow key={game.id} game={game} me={me.username} now={now} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
