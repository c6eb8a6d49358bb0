/**
 * A player's page (/players/<name>, open signed out too): who they are (joined, bot, deleted, how often they lose
 * on time, whether they are online now: ./online-badge.tsx), their rating in each preset with its graph,
 * head-to-head with me when I am signed in and it is not me, a Challenge link (/new?opponent=<name>, read by the
 * new-game page), how I stand with them with Follow and Block (./social-actions.tsx) and their games with filters.
 */
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { PlayersProfileQuery, Preset } from '../generated/graphql';
import { formatDate } from '../i18n';
import type { Me } from '../me';
import { Link, PRESETS } from '../router';
import { strings as sharedStrings } from '../strings';
import { HeadToHead } from './head-to-head';
import { PlayerMarks } from './player-marks';
import { History } from './history';
import { OnlineBadge } from './online-badge';
import { PLAYERS } from './operations';
import { RatingGraph } from './rating-graph';
import { SocialActions } from './social-actions';
import { strings } from './strings';
import './players.css';

type Profile = NonNullable<PlayersProfileQuery['player']>;

function RatingCard({ profile, preset }: { profile: Profile; preset: Preset }) {
  const S = strings();
  const rating = profile.ratings.find((each) => each.preset === preset);
  const stats = profile.stats.find((each) => each.preset === preset);
  return (
    <article class="card rating-card" data-testid={`rating-${preset}`}>
      <h3>{sharedStrings().preset[preset]}</h3>
      {rating !== undefined && (
        <p class="rating-line-text">
          <span class="rating-value" data-testid="rating-value">
            {S.ratingAndDeviation(rating.rating, rating.deviation)}
          </span>{' '}
          <span
            class={`badge${rating.provisional ? ' provisional' : ''}`}
            title={S.provisionalHint}
            data-testid="rating-status"
          >
            {rating.provisional ? S.provisional : S.established}
          </span>
          <br />
          <span class="muted">{S.ratedGames(rating.games)}</span>
        </p>
      )}
      {stats !== undefined && (
        <p class="muted" data-testid="rating-record">
          {S.record(stats.games, stats.wins, stats.losses, stats.draws)}
        </p>
      )}
      {rating !== undefined && rating.games > 0 ? (
        <RatingGraph username={profile.username} preset={preset} />
      ) : (
        <p class="muted">{S.noRatedGames}</p>
      )}
    </article>
  );
}

/** A link to the new-game page with this opponent filled in. */
function ChallengeLink({ username }: { username: string }) {
  return (
    <Link to={`/new?opponent=${encodeURIComponent(username)}`} class="button-link" testId="challenge">
      {strings().challenge}
    </Link>
  );
}

/** How often the player lets the clock run out (`timeoutRate`, 0–1), when there are enough games to say. */
function TimeoutRate({ rate }: { rate: number }) {
  const S = strings();
  return (
    <p data-testid="timeout-rate" data-rate={rate}>
      {S.timeoutRate(Math.round(rate * 100))} <span class="muted">({S.timeoutRateHint})</span>
    </p>
  );
}

function PlayerProfile({ profile, me }: { profile: Profile; me: Me | null }) {
  const S = strings();
  const isMe = me !== null && me.id === profile.id;
  const challenge = !isMe && !profile.deleted && <ChallengeLink username={profile.username} />;
  return (
    <section class="player-page" data-testid="player" data-username={profile.username}>
      <header class="player-head">
        <h1>
          {profile.username} <PlayerMarks player={profile} /> <OnlineBadge online={profile.online} />
        </h1>
        <p class="muted">{S.joined(formatDate(profile.createdAt))}</p>
        {profile.timeoutRate !== null && <TimeoutRate rate={profile.timeoutRate} />}
        {profile.deleted && <p data-testid="player-deleted">{S.deletedNote}</p>}
        {/* Signed in, on someone else's live account, the relation is there and the buttons go with it. */}
        {profile.relation !== null && !isMe && !profile.deleted ? (
          <SocialActions username={profile.username} initial={profile.relation} challenge={challenge} />
        ) : (
          challenge
        )}
      </header>
      {me !== null && !isMe && <HeadToHead me={me.username} opponent={profile.username} />}
      {!profile.deleted && (
        <section class="ratings">
          <h2>{S.ratings}</h2>
          <div class="rating-cards">
            {PRESETS.map((preset) => (
              <RatingCard key={preset} profile={profile} preset={preset} />
            ))}
          </div>
        </section>
      )}
      <History username={profile.username} playerId={profile.id} />
    </section>
  );
}

export function PlayerPage({ username, me }: { username: string; me: Me | null }) {
  const S = strings();
  // undefined: not read yet; null: there is no such player.
  const [profile, setProfile] = useState<Profile | null | undefined>(undefined);
  const [error, setError] = useState<ApiFailure | null>(null);
  useEffect(() => {
    let current = true;
    setProfile(undefined);
    setError(null);
    request(PLAYERS, 'PlayersProfile', { username })
      .then((answer) => current && setProfile(answer.player))
      .catch((failure: unknown) => current && setError(asFailure(failure)));
    return () => {
      current = false;
    };
  }, [username]);
  if (error !== null) return <ErrorBox error={error} />;
  if (profile === undefined) return <p class="muted">{S.loading}</p>;
  if (profile === null) {
    return (
      <p class="player-not-found" data-testid="player-not-found">
        {S.notFound(username)}
      </p>
    );
  }
  return <PlayerProfile key={profile.id} profile={profile} me={me} />;
}
