import { SCOPES, SCOPE_API_NAMES } from '../auth/viewer';
import { listEnum } from '../graphql/list-enum';
import { NodeType } from '../graphql/node';
import { Field, ID, ObjectType } from '@nestjs/graphql';

export const TokenScope = listEnum(SCOPES, SCOPE_API_NAMES, {
  name: 'TokenScope',
  description: 'What a personal API token may do.',
  values: {
    'game:read': { description: 'Read games, views, legal moves and history.' },
    'game:play': {
      description: 'Create, join and play games, and resign. Not for bot accounts: they use BOT_PLAY.',
    },
    'bot:play': {
      description:
        'Play as a bot account: everything GAME_PLAY and GAME_READ allow. Only a bot account may hold ' +
        'it (see upgradeToBotAccount).',
    },
    admin: {
      description:
        'Moderate (the admin operations: adminDisableAccount, adminAbortGame, adminAuditLog, …). Only an admin ' +
        'account may hold it, and an admin account is made only with the command line (npm run admin); a ' +
        'session never carries it.',
    },
  },
});
export type TokenScope = (typeof SCOPES)[number];

@ObjectType('Player', {
  description: 'A player: a person, a bot or a third-party client.',
  implements: () => [NodeType],
})
export class PlayerType implements NodeType {
  @Field(() => ID, { description: 'Stable id.' })
  id!: string;

  @Field({ description: 'Unique name (3–20 letters, digits, _ or -), case kept as registered.' })
  username!: string;

  @Field({
    description:
      'True for bot accounts: the built-in opponents (GreedyBot, RandomBot, ExpertBot) and accounts upgraded with ' +
      'upgradeToBotAccount. Shown wherever a player is listed.',
  })
  isBot!: boolean;

  @Field({
    description:
      'True for a guest (startGuest): a visitor’s account, named Guest-NNNNNN, that plays the built-in bots and ' +
      'unrated open seeks only until its owner keeps it with a name and password (keepGuestAccount).',
  })
  isGuest!: boolean;

  @Field({ description: 'When the account was created.' })
  createdAt!: Date;

  @Field({
    description:
      'True once its owner deleted the account (deleteAccount): a tombstone, kept with its username (which nobody ' +
      'can register again) in the games it played; it has no ratings, events or sign-in any more.',
  })
  deleted!: boolean;
}

@ObjectType('AuthPayload', { description: 'A session token and the player it belongs to.' })
export class AuthPayloadType {
  @Field({
    description: 'Bearer token for the Authorization header; valid for a limited time (SESSION_TTL_DAYS).',
  })
  token!: string;

  @Field(() => PlayerType, { description: 'The signed-in player.' })
  player!: PlayerType;
}

@ObjectType('ApiToken', {
  description: 'A personal API token (the secret itself is shown only once, at creation).',
})
export class ApiTokenType {
  @Field(() => ID, { description: 'Id, used to revoke the token.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'The name given at creation.' })
  name!: string | null;

  @Field(() => [TokenScope], { description: 'What the token may do.' })
  scopes!: TokenScope[];

  @Field({ description: 'When it was created.' })
  createdAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was last used (updated at most once a minute).',
  })
  lastUsedAt!: Date | null;
}

@ObjectType('Session', {
  description:
    'A login session: the token register or login returned (the secret itself is never shown again).',
})
export class SessionType {
  @Field(() => ID, { description: 'Id, used to end the session (revokeSession).' })
  id!: string;

  @Field({ description: 'When it began (register or login).' })
  createdAt!: Date;

  @Field(() => Date, {
    nullable: true,
    description: 'When it was last used (updated at most once a minute).',
  })
  lastUsedAt!: Date | null;

  @Field({ description: 'When it ends by itself (SESSION_TTL_DAYS after it began).' })
  expiresAt!: Date;

  @Field({ description: 'Whether this is the session the request was made with.' })
  current!: boolean;
}

@ObjectType('CreatedApiToken', { description: 'A new API token with its secret, shown this once.' })
export class CreatedApiTokenType {
  @Field({ description: 'The bearer token. Store it: it cannot be shown again.' })
  token!: string;

  @Field(() => ApiTokenType, { description: 'The token’s details.' })
  apiToken!: ApiTokenType;
}
