/**
 * The GraphQL face of third-party apps (docs/api/apps-and-oauth.md): apps as their owners see them, the consent
 * page's view of a request, and the apps a person lets act for them.
 */
import { Field, ID, InputType, ObjectType } from '@nestjs/graphql';
import { TokenScope } from '../players/player.types';
import { listEnum, sameNames } from '../graphql/list-enum';
import { AUTHORIZATION_PROBLEMS } from './domain/authorization-request';
import { APP_LIMITS } from './domain/oauth-policy';

@ObjectType('OAuthApp', {
  description:
    'A third-party app you registered: it asks people for access through OAuth 2.0 (docs/api/apps-and-oauth.md).',
})
export class OAuthAppType {
  @Field(() => ID, { description: 'Its client id (`client_id` in OAuth requests).' })
  id!: string;

  @Field({ description: 'The name people see when they are asked to approve it.' })
  name!: string;

  @Field(() => [String], {
    description:
      'Where answers may be sent: matched exactly, except that a loopback one (http://127.0.0.1, http://[::1]) ' +
      'matches on any port.',
  })
  redirectUris!: string[];

  @Field({
    description:
      'Confidential: it keeps a secret on a server and authenticates with it at the token endpoint. Public (a ' +
      'page or a program people run): no secret, every code proved with PKCE S256.',
  })
  confidential!: boolean;

  @Field({ description: 'When it was registered.' })
  createdAt!: Date;

  @Field({ description: 'When its name or redirect URIs last changed (or its secret was replaced).' })
  updatedAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description:
      'When an admin disabled it (every approval of it ended; nobody can approve it); null while usable.',
  })
  disabledAt!: Date | null;
}

@ObjectType('RegisteredOAuthApp', { description: 'A new app, with its secret shown this once.' })
export class RegisteredOAuthAppType {
  @Field(() => OAuthAppType, { description: 'The app.' })
  app!: OAuthAppType;

  @Field(() => String, {
    nullable: true,
    description:
      'A confidential app’s client secret: store it on your server, it cannot be shown again ' +
      '(replaceOAuthAppSecret makes a new one). Null for a public app.',
  })
  clientSecret!: string | null;
}

@ObjectType('OAuthAppSummary', { description: 'What a person is shown of an app: its name and who made it.' })
export class OAuthAppSummaryType {
  @Field(() => ID, { description: 'Its client id.' })
  id!: string;

  @Field({ description: 'Its name.' })
  name!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The username of the account that registered it; null when that account was deleted.',
  })
  ownerName!: string | null;
}

export const OAuthProblemReason = listEnum(AUTHORIZATION_PROBLEMS, sameNames(AUTHORIZATION_PROBLEMS), {
  name: 'OAuthProblemReason',
  description: 'Why an authorization request cannot be approved (OAuthAuthorizationProblem.reason).',
  values: {
    UNKNOWN_APP: { description: 'No app has this client_id, or an admin disabled it.' },
    REDIRECT_URI_MISSING: { description: 'The request names no redirect_uri.' },
    REDIRECT_URI_NOT_REGISTERED: { description: 'The redirect_uri is not one the app registered.' },
    STATE_INVALID: { description: 'No state, or not 1–500 printable ASCII characters.' },
    RESPONSE_TYPE_UNSUPPORTED: { description: 'response_type is not code.' },
    SCOPE_INVALID: { description: 'No scope, or one an app may not ask for (ADMIN, an unknown name).' },
    PKCE_REQUIRED: { description: 'A public app sent no code_challenge.' },
    PKCE_METHOD_NOT_S256: { description: 'code_challenge_method is not S256 (plain is refused).' },
    PKCE_CHALLENGE_MALFORMED: { description: 'code_challenge is not a base64url SHA-256 (43 characters).' },
    PKCE_METHOD_WITHOUT_CHALLENGE: { description: 'code_challenge_method without a code_challenge.' },
    SCOPE_NOT_FOR_THIS_ACCOUNT: {
      description:
        'Your account cannot hold a scope the app asks for: BOT_PLAY is for bot accounts, and a bot account ' +
        'plays with BOT_PLAY, not GAME_PLAY.',
    },
  },
});
export type OAuthProblemReason = (typeof AUTHORIZATION_PROBLEMS)[number];

@ObjectType('OAuthAuthorizationProblem', { description: 'Why an authorization request cannot be approved.' })
export class OAuthAuthorizationProblemType {
  @Field(() => OAuthProblemReason, { description: 'Which problem, for a client to say it in its own words.' })
  reason!: OAuthProblemReason;

  @Field({ description: 'What is wrong, in English.' })
  message!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'Where to send the person back to tell the app (its redirect URI with `error`); null when the app or the ' +
      'redirect URI is not valid, and nobody may be sent anywhere.',
  })
  returnTo!: string | null;
}

@ObjectType('OAuthAuthorization', {
  description: 'An authorization request as the consent page shows it: who asks, for what, and any problem.',
})
export class OAuthAuthorizationType {
  @Field(() => OAuthAppSummaryType, {
    nullable: true,
    description: 'The app; null when the client id names none.',
  })
  app!: OAuthAppSummaryType | null;

  @Field(() => [TokenScope], { description: 'What the app asks to do (empty when there is a problem).' })
  scopes!: TokenScope[];

  @Field(() => String, {
    nullable: true,
    description: 'Where the answer will go; null when the redirect URI is not one the app registered.',
  })
  redirectUri!: string | null;

  @Field(() => OAuthAuthorizationProblemType, {
    nullable: true,
    description: 'Why it cannot be approved; null when it can.',
  })
  problem!: OAuthAuthorizationProblemType | null;
}

@ObjectType('OAuthRedirect', { description: 'Where to send the browser after an approval or a refusal.' })
export class OAuthRedirectType {
  @Field({
    description:
      'The app’s redirect URI with the answer: `code`, `state` and `iss` after an approval; `error=access_denied`, ' +
      '`state` and `iss` after a refusal.',
  })
  redirectTo!: string;
}

@ObjectType('ConnectedApp', {
  description:
    'An app you let act for you, and what it may do: one entry per app, however many times you approved it.',
})
export class ConnectedAppType {
  @Field(() => ID, { description: 'The newest approval’s id.' })
  id!: string;

  @Field(() => OAuthAppSummaryType, { description: 'The app.' })
  app!: OAuthAppSummaryType;

  @Field(() => [TokenScope], { description: 'What you let it do (all its live approvals together).' })
  scopes!: TokenScope[];

  @Field({ description: 'When you last approved it.' })
  approvedAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When it last used its access (updated at most once a minute); null when never.',
  })
  lastUsedAt!: Date | null;
}

@InputType('OAuthAuthorizationInput', {
  description:
    'The parameters of an authorization request, as the app put them in the /oauth/authorize address (RFC 6749 ' +
    '§4.1.1, RFC 7636). An absent one is null.',
})
export class OAuthAuthorizationInput {
  @Field(() => String, { nullable: true, description: '`client_id`: the app’s id.' })
  clientId!: string | null;

  @Field(() => String, { nullable: true, description: '`redirect_uri`: one the app registered.' })
  redirectUri!: string | null;

  @Field(() => String, { nullable: true, description: '`response_type`: must be `code`.' })
  responseType!: string | null;

  @Field(() => String, {
    nullable: true,
    description: '`scope`: GAME_READ, GAME_PLAY and/or BOT_PLAY, separated by spaces.',
  })
  scope!: string | null;

  @Field(() => String, {
    nullable: true,
    description: '`state`: required; the app’s own value, sent back as is.',
  })
  state!: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      '`code_challenge`: the base64url SHA-256 of the app’s code verifier (required of public apps).',
  })
  codeChallenge!: string | null;

  @Field(() => String, { nullable: true, description: '`code_challenge_method`: S256 (plain is refused).' })
  codeChallengeMethod!: string | null;
}

@InputType('OAuthAppInput', { description: 'An app’s name and redirect URIs.' })
export class OAuthAppInput {
  @Field({
    description: `The name people see (${APP_LIMITS.nameLength.min}–${APP_LIMITS.nameLength.max} characters).`,
  })
  name!: string;

  @Field(() => [String], {
    description:
      `${APP_LIMITS.redirectUris.min}–${APP_LIMITS.redirectUris.max} redirect URIs: https, a loopback http ` +
      'address (http://127.0.0.1/…, http://[::1]/…, any port), or a private-use scheme in reverse-domain form ' +
      '(com.example.app:/callback). No fragment.',
  })
  redirectUris!: string[];
}
