/**
 * The consent page at /oauth/authorize (docs/api/apps-and-oauth.md, "The flow, step by step"): an app sent the
 * person here with its request in the query; the page asks the server what it asks (`oauthAuthorization`) and
 * shows who asks, for what, and where the answer goes, with Approve and Deny. The answer is a GraphQL mutation
 * over fetch (the page's Content-Security-Policy has `form-action 'self'`: no form posts to the app), and the
 * browser then goes to the address the server answered. Nothing but that address, or a problem's `returnTo`, is
 * ever followed: a request with no valid app or redirect URI is only shown (RFC 6749 §4.1.2.1).
 *
 * Signed out, the page shows the request and the sign-in form under it, in place: the address, query and all,
 * stays, so signing in (or up) comes back to the same request. A guest cannot approve (GUEST_NOT_ALLOWED): the page
 * says so and opens the guest bar's form to keep the account, after which Approve shows. An account that cannot
 * hold what the app asks (a person asked for BOT_PLAY, a bot account for GAME_PLAY: SCOPE_NOT_FOR_THIS_ACCOUNT) is
 * shown the request and why, with no Approve, only the way back that tells the app no.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, asFailure, request } from '../api';
import { ErrorBox } from '../error-box';
import type { OAuthConsentRequestQuery, OAuthProblemReason, TokenScope } from '../generated/graphql';
import { openKeepForm } from '../guest/keep-account';
import type { Me } from '../me';
import { strings as shared } from '../strings';
import './oauth.css';
import { OAUTH } from './operations';
import { authorizationInput, destinationOf, playsAs } from './request';
import { strings } from './strings';

type Authorization = OAuthConsentRequestQuery['oauthAuthorization'];
type Answer = 'approve' | 'deny';

/** What the request asks, in words, one scope a line. */
function Scopes({ scopes }: { scopes: readonly TokenScope[] }) {
  const S = strings();
  return (
    <>
      <p class="consent-asks">{S.asksTo}</p>
      <ul class="consent-scopes" data-testid="oauth-scopes">
        {scopes.map((scope) => (
          <li key={scope} data-scope={scope}>
            {S.scope[scope]}
          </li>
        ))}
      </ul>
    </>
  );
}

/** Why the request cannot be approved, for the person; the account's case as exactly as the scopes tell it. */
function reasonSentence(reason: OAuthProblemReason, scopes: readonly TokenScope[]): string {
  const S = strings();
  const asked = reason === 'SCOPE_NOT_FOR_THIS_ACCOUNT' ? playsAs(scopes) : null;
  return asked === null ? S.reason[reason] : S.notForThisAccount[asked];
}

/**
 * A request that cannot be approved: why, and a way back to the app only when the server gives one. When the
 * request is right but the account cannot hold what it asks (SCOPE_NOT_FOR_THIS_ACCOUNT), it still shows what is
 * asked, and the way back is a refusal (`error=access_denied`).
 */
function Problem({ authorization }: { authorization: Authorization }) {
  const S = strings();
  const { app, scopes, problem } = authorization;
  const returnTo = problem?.returnTo ?? null;
  const next =
    returnTo === null
      ? S.problemNowhere
      : problem?.reason === 'SCOPE_NOT_FOR_THIS_ACCOUNT'
        ? S.problemDeclined
        : S.problemReturn;
  return (
    <section
      class="card consent"
      data-testid="oauth-problem"
      data-reason={problem?.reason}
      aria-labelledby="oauth-problem-h"
    >
      <h1 id="oauth-problem-h">{S.problemHeading}</h1>
      {app !== null && <p data-testid="oauth-app">{S.appBy(app.name, app.ownerName)}</p>}
      {scopes.length > 0 && <Scopes scopes={scopes} />}
      {problem !== null && <p data-testid="oauth-problem-reason">{reasonSentence(problem.reason, scopes)}</p>}
      <p>{next}</p>
      {problem !== null && (
        <p class="hint" data-testid="oauth-problem-message">
          {shared().serverSaid}: <span lang="en">{problem.message}</span>
        </p>
      )}
      {returnTo !== null && (
        <p>
          <a href={returnTo} data-testid="oauth-return">
            {S.returnToApp}
          </a>
        </p>
      )}
    </section>
  );
}

export function ConsentPage({ me, signIn }: { me: Me | null; signIn: ComponentChildren }) {
  const S = strings();
  const common = shared();
  // Read once: the page's own address is the request, and nothing on the page changes it.
  const [input] = useState(() => authorizationInput(location.search));
  const [authorization, setAuthorization] = useState<Authorization | null>(null);
  const [loadError, setLoadError] = useState<ApiFailure | null>(null);
  /** The answer on its way; it stays set once the browser is leaving, so nothing is sent twice. */
  const [answering, setAnswering] = useState<Answer | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<ApiFailure | null>(null);

  // Asked again when someone signs in here: whether their account may hold what the app asks is part of the
  // answer (SCOPE_NOT_FOR_THIS_ACCOUNT), so it is known before the click. An answer for the one before is dropped.
  const viewer = me?.id ?? null;
  useEffect(() => {
    let current = true;
    setAuthorization(null);
    request(OAUTH, 'OAuthConsentRequest', { request: input }).then(
      (answer) => {
        if (current) setAuthorization(answer.oauthAuthorization);
      },
      (failure: unknown) => {
        if (current) setLoadError(asFailure(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [viewer]);

  const answer = async (chosen: Answer): Promise<void> => {
    if (answering !== null) return;
    setAnswering(chosen);
    setError(null);
    try {
      const redirectTo =
        chosen === 'approve'
          ? (await request(OAUTH, 'OAuthConsentApprove', { request: input })).approveOAuthAuthorization
              .redirectTo
          : (await request(OAUTH, 'OAuthConsentDeny', { request: input })).denyOAuthAuthorization.redirectTo;
      setLeaving(true);
      window.location.assign(redirectTo);
    } catch (failure) {
      setError(asFailure(failure));
      setAnswering(null);
    }
  };

  if (loadError !== null) return <ErrorBox error={loadError} />;
  if (authorization === null)
    return (
      <p class="muted" data-testid="oauth-loading">
        {common.working}
      </p>
    );
  const { app, redirectUri, problem } = authorization;
  if (problem !== null || app === null || redirectUri === null)
    return <Problem authorization={authorization} />;

  const destination = destinationOf(redirectUri);
  const canApprove = me !== null && !me.isGuest;
  return (
    <>
      <section class="card consent" data-testid="oauth-consent" aria-labelledby="oauth-consent-h">
        <h1 id="oauth-consent-h">{S.heading(app.name)}</h1>
        <p data-testid="oauth-app">{S.appBy(app.name, app.ownerName)}</p>
        <Scopes scopes={authorization.scopes} />
        <p data-testid="oauth-destination">{S.sentBackTo[destination.kind](destination.name)}</p>
        <p class="hint">{S.about}</p>
        {me?.isGuest === true && (
          <div class="consent-guest" data-testid="oauth-guest">
            <p>{S.guest}</p>
            <button type="button" class="secondary" onClick={openKeepForm}>
              {S.keepAccount}
            </button>
          </div>
        )}
        {error !== null && <ErrorBox error={error} />}
        {leaving && (
          <p role="status" data-testid="oauth-leaving">
            {S.sending}
          </p>
        )}
        <div class="consent-buttons">
          {canApprove && (
            <button
              type="button"
              data-testid="oauth-approve"
              disabled={answering !== null}
              onClick={() => void answer('approve')}
            >
              {answering === 'approve' ? common.working : S.approve}
            </button>
          )}
          <button
            type="button"
            class="secondary"
            data-testid="oauth-deny"
            disabled={answering !== null}
            onClick={() => void answer('deny')}
          >
            {answering === 'deny' ? common.working : S.deny}
          </button>
        </div>
      </section>
      {me === null && (
        <>
          <p class="card" data-testid="oauth-sign-in-first">
            {S.signInFirst}
          </p>
          {signIn}
        </>
      )}
    </>
  );
}
