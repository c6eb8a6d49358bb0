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

/**
 * Why a request cannot be approved, named once so that a client can say it in the person's language (the
 * judgement's message is English). The last one is not the request's fault but the account's: it cannot hold a
 * scope the app asks for (src/auth/scopes.ts).
 */
export const AUTHORIZATION_PROBLEMS = [
  'UNKNOWN_APP',
  'REDIRECT_URI_MISSING',
  'REDIRECT_URI_NOT_REGISTERED',
  'STATE_INVALID',
  'RESPONSE_TYPE_UNSUPPORTED',
  'SCOPE_INVALID',
  'PKCE_REQUIRED',
  'PKCE_METHOD_NOT_S256',
  'PKCE_CHALLENGE_MALFORMED',
  'PKCE_METHOD_WITHOUT_CHALLENGE',
  'SCOPE_NOT_FOR_THIS_ACCOUNT',
] as const;
export type AuthorizationProblem = (typeof AUTHORIZATION_PROBLEMS)[number];

export type AuthorizationJudgement =
  /** No app, or no registered redirect URI to send an answer to: said on the page, never redirected. */
  | {
      readonly kind: 'invalid';
      readonly field: 'clientId' | 'redirectUri';
      readonly reason: AuthorizationProblem;
      readonly message: string;
    }
  /** A request the app got wrong: sent back to it. */
  | {
      readonly kind: 'refused';
      readonly redirectUri: string;
      readonly error: AuthorizationError;
      readonly reason: AuthorizationProblem;
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
      reason: 'UNKNOWN_APP',
      message: 'no app has this client_id, or it was disabled: the link that brought you here is wrong',
    };
  }
  const redirectUri = params.redirectUri;
  if (redirectUri === null) {
    return {
      kind: 'invalid',
      field: 'redirectUri',
      reason: 'REDIRECT_URI_MISSING',
      message: 'the request names no redirect_uri',
    };
  }
  if (!redirectUriMatches(app.redirectUris, redirectUri)) {
    return {
      kind: 'invalid',
      field: 'redirectUri',
      reason: 'REDIRECT_URI_NOT_REGISTERED',
      message: 'the redirect_uri is not one the app registered: nothing is sent there',
    };
  }
  const refused = (
    error: AuthorizationError,
    reason: AuthorizationProblem,
    description: string,
  ): AuthorizationJudgement => ({ kind: 'refused', redirectUri, error, reason, description });
  if (params.state === null || !STATE.test(params.state)) {
    return refused('invalid_request', 'STATE_INVALID', 'state is required: 1–500 printable ASCII characters');
  }
  if (params.responseType !== 'code') {
    return refused('unsupported_response_type', 'RESPONSE_TYPE_UNSUPPORTED', 'response_type must be code');
  }
  const scopes = parseScopes(params.scope);
  if ('problem' in scopes) return refused('invalid_scope', 'SCOPE_INVALID', scopes.problem);
  if (params.codeChallenge === null) {
    if (params.codeChallengeMethod !== null) {
      return refused(
        'invalid_request',
        'PKCE_METHOD_WITHOUT_CHALLENGE',
        'code_challenge_method without a code_challenge',
      );
    }
    if (!app.confidential) {
      return refused(
        'invalid_request',
        'PKCE_REQUIRED',
        'a public app must use PKCE: code_challenge with code_challenge_method S256',
      );
    }
  } else {
    if (params.codeChallengeMethod !== 'S256') {
      return refused(
        'invalid_request',
        'PKCE_METHOD_NOT_S256',
        'code_challenge_method must be S256 (plain is not accepted)',
      );
    }
    if (!S256_CHALLENGE.test(params.codeChallenge)) {
      return refused(
        'invalid_request',
        'PKCE_CHALLENGE_MALFORMED',
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
