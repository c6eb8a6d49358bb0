/**
 * An app's authorization request as the consent page's address carries it (docs/api/apps-and-oauth.md, "The flow,
 * step by step"), and where its answer will go. Pure: no Preact, no DOM beyond URL parsing.
 */
import type { OAuthAuthorizationInput, TokenScope } from '../generated/graphql';

/** Every field of the input, each a parameter's value or null: a field the schema adds fails to compile here. */
export type AuthorizationInput = {
  readonly [Field in keyof Required<OAuthAuthorizationInput>]: string | null;
};

/**
 * The request's parameters from the page's query (`location.search`), by their OAuth names (RFC 6749 §4.1.1,
 * RFC 7636 §4.3). An absent one is null, and so is one sent empty: RFC 6749 §3.1 treats it as omitted. The server
 * judges them all (docs/api/apps-and-oauth.md#oauthauthorization); the page only passes them on.
 */
export function authorizationInput(search: string): AuthorizationInput {
  const query = new URLSearchParams(search);
  const read = (name: string): string | null => {
    const value = query.get(name);
    return value === null || value === '' ? null : value;
  };
  return {
    clientId: read('client_id'),
    redirectUri: read('redirect_uri'),
    responseType: read('response_type'),
    scope: read('scope'),
    state: read('state'),
    codeChallenge: read('code_challenge'),
    codeChallengeMethod: read('code_challenge_method'),
  };
}

/** The kinds of redirect URI an app may register (docs/api/apps-and-oauth.md#redirect-uris). */
export const DESTINATION_KINDS = ['web', 'device', 'app'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];

export interface Destination {
  readonly kind: DestinationKind;
  /** What the person is told: the web host, the loopback address with its port, or the private-use scheme. */
  readonly name: string;
}

/** The loopback hosts a native app listens on (RFC 8252 §7.3), as URL.hostname writes them. */
const LOOPBACK = new Set(['127.0.0.1', '[::1]']);

/**
 * Where the browser goes after the answer, as the page names it: a web page's host (`pocket.example.org`), a
 * program's listener on this device (`127.0.0.1:51999`), or an app's private-use scheme (`com.example.app`).
 */
export function destinationOf(redirectUri: string): Destination {
  const url = new URL(redirectUri);
  if (url.protocol === 'http:' || url.protocol === 'https:') {
    return { kind: LOOPBACK.has(url.hostname) ? 'device' : 'web', name: url.host };
  }
  return { kind: 'app', name: url.protocol.slice(0, -1) };
}

/** Whom a request asks to play as: its play scopes (docs/api/apps-and-oauth.md#scopes). */
export const PLAYS_AS = ['bot', 'person', 'both'] as const;
export type PlaysAs = (typeof PLAYS_AS)[number];

/**
 * Whom the request asks to play as — BOT_PLAY a bot account, GAME_PLAY a person — which is what an account cannot
 * be when the server answers SCOPE_NOT_FOR_THIS_ACCOUNT (src/auth/scopes.ts, scopeRefusal): BOT_PLAY alone refuses
 * a person, GAME_PLAY alone a bot account, both together any account. Null when it asks neither.
 */
export function playsAs(scopes: readonly TokenScope[]): PlaysAs | null {
  const bot = scopes.includes('BOT_PLAY');
  const person = scopes.includes('GAME_PLAY');
  if (bot && person) return 'both';
  if (bot) return 'bot';
  return person ? 'person' : null;
}
