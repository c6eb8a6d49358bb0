/**
 * Home = my games: my turns first (the least time left first, games without a clock last), then games waiting
 * for the opponent, then games waiting for players, then the newest finished ones. Each section reads what it
 * needs (docs/web.md "Home"): every one of my active and waiting games and of the invitations to me, page after
 * page, and only a recent slice of the finished ones, with a link to my history for the rest. It reads them again
 * whenever `myEvents` says something happened to me, so it follows the games live.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request, subscribe, watchSocket } from './api';
import { newClientSeed, sendKeepingDeal } from './client-seed';
import { ErrorBox } from './error-box';
import type {
  AcceptInvitationMutation,
  AcceptInvitationMutationVariables,
  DeclineInvitationMutation,
  DeclineInvitationMutationVariables,
  GameStatus,
  HomeGameFragment,
  HomeMoreGamesQuery,
  HomeMoreGamesQueryVariables,
  HomeMoreInvitationsQuery,
  HomeMoreInvitationsQueryVariables,
  HomeQuery,
  HomeQueryVariables,
  InvitationFragment,
  MyEventsSubscription,
  MyEventsSubscriptionVariables,
} from './generated/graphql';
import HOME from './home.graphql?raw';
import { HOME_PAGE_SIZE, HOME_RECENT_FINISHED, allPages } from './home-paging';
import { formatDateTime } from './i18n';
import { FirstGame } from './guest/landing';
import type { Me } from './me';
import { Link } from './router';
import { strings } from './strings';

declare module './api' {
  interface Operations {
    Home: [HomeQuery, HomeQueryVariables];
    HomeMoreGames: [HomeMoreGamesQuery, HomeMoreGamesQueryVariables];
    HomeMoreInvitations: [HomeMoreInvitationsQuery, HomeMoreInvitationsQueryVariables];
    AcceptInvitation: [AcceptInvitationMutation, AcceptInvitationMutationVariables];
    DeclineInvitation: [DeclineInvitationMutation, DeclineInvitationMutationVariables];
    MyEvents: [MyEventsSubscription, MyEventsSubscriptionVariables];
  }
}

/** Calls `onEvent` for each of my events as it happens (myEvents); returns the unsubscribe. */
export function subscribeMyEvents(onEvent: () => void, onError: (error: unknown) => void): () => void {
  return subscribe(HOME, 'MyEvents', {}, onEvent, onError);
}

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
  const S = strings();
  if (deadline === null) return S.noClock;
  const minutes = Math.floor((Date.parse(deadline) - now) / 60_000);
  if (minutes < 0) return S.timeUp;
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const parts =
    days > 0
      ? [S.days(days), S.hours(hours)]
      : hours > 0
        ? [S.hours(hours), S.minutes(minutes % 60)]
        : [S.minutes(minutes % 60)];
  return S.timeLeft(parts.join(' '));
}

/** The earliest deadline first; games without a clock after every game with one; then the oldest game first. */
const byDeadline = (a: HomeGameFragment, b: HomeGameFragment): number => {
  if (a.deadline !== b.deadline) {
    if (a.deadline === null) return 1;
    if (b.deadline === null) return -1;
    const sooner = Date.parse(a.deadline) - Date.parse(b.deadline);
    if (sooner !== 0) return sooner;
  }
  return Date.parse(a.createdAt) - Date.parse(b.createdAt) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
};
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

/** What the page shows: the games of every section, whether older finished ones exist, the invitations. */
interface HomeData {
  readonly dashboard: HomeQuery['dashboard'];
  readonly games: readonly HomeGameFragment[];
  readonly moreFinished: boolean;
  readonly invitations: readonly InvitationFragment[];
}

/**
 * One read of the page: the first pages together, then the rest of my active and waiting games and of the
 * invitations, page after page (HOME_PAGE_SIZE each), so that nobody with many games loses one from "Your turn".
 * Finished and called-off games: the newest HOME_RECENT_FINISHED of each, merged, the newest of them kept.
 */
async function readHome(): Promise<HomeData> {
  const first = await request(HOME, 'Home', { pageSize: HOME_PAGE_SIZE, recent: HOME_RECENT_FINISHED });
  const rest = (status: GameStatus) => (after: string) =>
    request(HOME, 'HomeMoreGames', { status, pageSize: HOME_PAGE_SIZE, after }).then((page) => page.games);
  const [active, waiting, invitations] = await Promise.all([
    allPages(first.active, rest('ACTIVE')),
    allPages(first.waiting, rest('WAITING')),
    allPages(first.invitations, (after) =>
      request(HOME, 'HomeMoreInvitations', { pageSize: HOME_PAGE_SIZE, after }).then(
        (page) => page.challenges,
      ),
    ),
  ]);
  const over = [...first.finished.edges, ...first.aborted.edges]
    .map((edge) => edge.node)
    .sort(newestFinished);
  return {
    dashboard: first.dashboard,
    games: [...active, ...waiting, ...over.slice(0, HOME_RECENT_FINISHED)],
    moreFinished:
      over.length > HOME_RECENT_FINISHED ||
      first.finished.pageInfo.hasNextPage ||
      first.aborted.pageInfo.hasNextPage,
    invitations,
  };
}

function GameRow({ game, me, now }: { game: HomeGameFragment; me: string; now: number }) {
  const S = strings();
  const opponents = game.players
    .filter((seat) => seat.seat !== game.mySeat)
    .map((seat) => seat.player.username);
  // An opponent on vacation (Player.awayUntil): their turns wait, which is worth knowing at a glance.
  const away = game.players.filter((seat) => seat.seat !== game.mySeat && seat.player.awayUntil !== null);
  const mine = game.players.find((seat) => seat.seat === game.mySeat);
  const toMove = game.players.find((seat) => seat.seat === game.currentSeat);
  let status: string;
  switch (sectionOf(game)) {
    case 'yourTurn':
      status = timeLeft(game.deadline, now);
      break;
    case 'theirTurn':
      status = `${S.toMove(toMove?.player.username ?? '?')} · ${timeLeft(game.deadline, now)}`;
      break;
    case 'waitingForPlayers':
      status = `${game.players.length}/${game.seats}`;
      break;
    case 'finished':
      status = game.status === 'ABORTED' ? S.aborted : mine?.outcome ? S.outcome[mine.outcome] : '';
      break;
  }
  return (
    <li class="game" data-game-id={game.id} data-me={me}>
      <Link to={{ page: 'game', id: game.id }} class="opponents">
        {S.versus(opponents)}
      </Link>
      <span class="preset">{S.preset[game.preset]}</span>
      <span class="status">{status}</span>
      {game.status !== 'FINISHED' &&
        game.status !== 'ABORTED' &&
        away.map((seat) => (
          <span class="status away" data-testid="away" data-player={seat.player.username} key={seat.id}>
            {S.awayUntil(seat.player.username, formatDateTime(seat.player.awayUntil ?? ''))}
          </span>
        ))}
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
  const S = strings();
  const [busy, setBusy] = useState(false);
  const answer = (operation: 'AcceptInvitation' | 'DeclineInvitation'): void => {
    setBusy(true);
    const clientSeed = newClientSeed();
    const sent =
      operation === 'AcceptInvitation'
        ? sendKeepingDeal(invitation.id, invitation.game.seedCommitment, clientSeed, () =>
            request(HOME, operation, { id: invitation.id, clientSeed }),
          )
        : request(HOME, operation, { id: invitation.id });
    sent
      .then(answered)
      .catch((failure: unknown) => failed(asFailure(failure)))
      .finally(() => setBusy(false));
  };
  const { daysPerMove, hoursPerMove } = invitation.timeControl ?? { daysPerMove: null, hoursPerMove: null };
  return (
    <li class="game invitation" data-game-id={invitation.id}>
      <span class="opponents">{S.invitationFrom(invitation.challenger.username)}</span>
      <span class="preset">{S.preset[invitation.preset]}</span>
      <span class="status">
        {invitation.rated ? S.rated : S.casual} · {S.perMove(daysPerMove ?? null, hoursPerMove ?? null)}
      </span>
      <span class="answers">
        <button type="button" disabled={busy} onClick={() => answer('AcceptInvitation')}>
          {S.accept}
        </button>
        <button type="button" class="secondary" disabled={busy} onClick={() => answer('DeclineInvitation')}>
          {S.decline}
        </button>
      </span>
    </li>
  );
}

export function Home({ me }: { me: Me }) {
  const S = strings();
  const [data, setData] = useState<HomeData | null>(null);
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
      pending = readHome()
        .then((answer) => {
          if (current) {
            setData(answer);
            setError(null);
          }
        })
        .catch((failure: unknown) => {
          if (current) setError(asFailure(failure));
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

  const groups = grouped(data?.games ?? []);
  const invitations = data?.invitations ?? [];
  const empty = data !== null && data.games.length === 0 && invitations.length === 0;
  return (
    <section class="home">
      <h1>{S.home}</h1>
      {data !== null && (
        <p class="summary" data-testid="summary">
          {S.awaitingCount(data.dashboard.myTurn)}
          {!live && <span class="muted"> {S.offline}</span>}
        </p>
      )}
      {error !== null && <ErrorBox error={error} />}
      {empty && <FirstGame me={me} />}
      {invitations.length > 0 && (
        <div class="section invitations" data-section="invitations">
          <h2>{S.invitations}</h2>
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
          <h2>{S[section]}</h2>
          <ul>
            {groups[section].map((game) => (
              <GameRow key={game.id} game={game} me={me.username} now={now} />
            ))}
          </ul>
          {section === 'finished' && data?.moreFinished === true && (
            <p class="more">
              <Link to={{ page: 'player', username: me.username }} testId="more-finished">
                {S.moreFinished}
              </Link>
            </p>
          )}
        </div>
      ))}
    </section>
  );
}
