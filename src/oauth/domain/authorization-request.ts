/**
 * The authorization request an app sends a person to (`/oauth/authorize?…`, RFC 6749 §4.1.1 with PKCE, RFC 7636),
 * judged before the person is asked anything. Pure: the app is looked up by the caller.
 *
 * Two kinds of problem, as RFC 6749 §4.1.2.1 requires: with no valid app or an unregistered redirect URI, nobody
 * may be sent anywhere (the page says what is wrong); any other problem goes back to the app, at its registered
 * redirect URI, as `error` and `error_description`.
 */
import { AppScope, parseScopes, redirectUriMatches } from './oauth-policy';

/** The request's parameters, as the consent page read them from its address (each absent one null). */
export interface AuthorizationParams {
  readonly clientId: string | null;
  readonly redirectUri: string | null;
  readonly responseType: string | null;
  readonly scope: string | null;
  readonly state: string | null;
  readonly codeChallenge: string | null;
  readonly codeChallengeMethod: string | null;
}

/** What the judgement needs of the app. */
export interface RequestingApp {
  readonly redirectUris: readonly string[];
  readonly confidential: boolean;
}

/** The errors an authorization request is sent back with (RFC 6749 §4.1.2.1). */
export const AUTHORIZATION_ERRORS = [
  'invalid_request',
  'unsupported_response_type',
  'invalid_scope',
  'access_denied',
] as const;
export type AuthorizationError = (typeof AUTHORIZATION_ERRORS)[number];

export type AuthorizationJudgement =
  /** No app, or no registered redirect URI to send an answer to: said on the page, never redirected. */
  | { readonly kind: 'invalid'; readonly field: 'clientId' | 'redirectUri'; readonly message: string }
  /** A request the app got wrong: sent back to it. */
  | {
      readonly kind: 'refused';
      readonly redirectUri: string;
      readonly error: AuthorizationError;
      readonly description: string;
    }
  | {
      readonly kind: 'valid';
      readonly redirectUri: string;
      readonly scopes: readonly AppScope[];
      readonly state: string;
      readonly codeChallenge: string | null;
    };

/** `state` is opaque to us, but it travels in a URL: printable ASCII, bounded (RFC 6749 Appendix A.5). */
const STATE = /^[\x20-\x7e]{1,500}$/;
/** An S256 challenge is a SHA-256 digest, base64url without padding: 43 characters (RFC 7636 §4.2). */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function judgeAuthorization(
  app: RequestingApp | null,
  params: AuthorizationParams,
): AuthorizationJudgement {
  if (app === null) {
    return {
      kind: 'invalid',
      field: 'clientId',
      message: 'no app has this client_id, or it was disabled: the link that brought you here is wrong',
    };
  }
  const redirectUri = params.redirectUri;
  if (redirectUri === null || !redirectUriMatches(app.redirectUris, redirectUri)) {
    return {
      kind: 'invalid',
      field: 'redirectUri',
      message:
        redirectUri === null
          ? 'the request names no redirect_uri'
          : 'the redirect_uri is not one the app registered: nothing is sent there',
    };
  }
  const refused = (error: AuthorizationError, description: string): AuthorizationJudgement => ({
    kind: 'refused',
    redirectUri,
    error,
    description,
  });
  if (params.state === null || !STATE.test(params.state)) {
    return refused('invalid_request', 'state is required: 1–500 printable ASCII characters');
  }
  if (params.responseType !== 'code') {
    return refused('unsupported_response_type', 'response_type must be code');
  }
  const scopes = parseScopes(params.scope);
  if ('problem' in scopes) return refused('invalid_scope', scopes.problem);
  if (params.codeChallenge === null) {
    if (params.codeChallengeMethod !== null) {
      return refused('invalid_request', 'code_challenge_method without a code_challenge');
    }
    if (!app.confidential) {
      return refused(
        'invalid_request',
        'a public app must use PKCE: code_challenge with code_challenge_method S256',
      );
    }
  } else {
    if (params.codeChallengeMethod !== 'S256') {
      return refused('invalid_request', 'code_challenge_method must be S256 (plain is not accepted)');
    }
    if (!S256_CHALLENGE.test(params.codeChallenge)) {
      return refused(
        'invalid_request',
        'code_challenge must be the base64url SHA-256 of the verifier (43 characters)',
      );
    }
  }
  return {
    kind: 'valid',
    redirectUri,
    scopes: scopes.scopes,
    state: params.state,
    codeChallenge: params.codeChallenge,
  };
}

/**
 * The redirect URI with the answer's parameters added after its own (RFC 6749 §4.1.2: a registered query is
 * kept). `iss` names this server (RFC 9207), so that an app talking to several can tell whose answer it is.
 */
export function answerUri(redirectUri: string, params: Readonly<Record<string, string>>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  return url.toString();
}
