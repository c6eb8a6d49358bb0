/**
 * `/` signed out (docs/web.md, "First game"): what the game is in a sentence, "Play the computer" (a guest's game in
 * one click), "Learn to play" (the tutorial), and sign-in or sign-up for those who have an account.
 */
import type { Me } from '../me';
import { Link } from '../router';
import { PlayComputerButton } from './play-computer-button';
import { strings } from './strings';
import './guest.css';

export function Landing({ onGuest }: { onGuest: (guest: Me) => void }) {
  const S = strings();
  return (
    <section class="landing card" data-testid="landing">
      <h1>{S.heading}</h1>
      <p class="pitch">{S.pitch}</p>
      <div class="landing-actions">
        <PlayComputerButton me={null} onGuest={onGuest} />
        <Link to={{ page: 'learn', preset: 'CLASSIC' }} class="button secondary big" testId="learn-to-play">
          {S.learn}
        </Link>
      </div>
      <p class="switch">
        {S.haveAccount}{' '}
        <Link to={{ page: 'signIn' }} testId="landing-sign-in">
          {S.signIn}
        </Link>
        {' · '}
        <Link to={{ page: 'signUp' }} testId="landing-sign-up">
          {S.signUp}
        </Link>
      </p>
    </section>
  );
}

/** The home page's offer to a player with no game yet: the same two ways in. */
export function FirstGame({ me }: { me: Me }) {
  const S = strings();
  return (
    <div class="first-game card" data-testid="first-game">
      <p>{S.firstGame}</p>
      <div class="landing-actions">
        <PlayComputerButton me={me} />
        <Link to={{ page: 'learn', preset: 'CLASSIC' }} class="button secondary big" testId="learn-to-play">
          {S.learn}
        </Link>
      </div>
    </div>
  );
}
