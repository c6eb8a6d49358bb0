import { Field, ID, ObjectType } from '@nestjs/graphql';
import { PageInfoType } from '../graphql/page-info';
import { listEnum } from '../graphql/list-enum';
import { PlayerType } from '../players/player.types';
import { ADMIN_ACTIONS, AUDIT_VIAS } from './vocabulary';

export const AdminAction = listEnum(
  ADMIN_ACTIONS,
  {
    createAdmin: 'CREATE_ADMIN',
    grantAdmin: 'GRANT_ADMIN',
    revokeAdmin: 'REVOKE_ADMIN',
    disableAccount: 'DISABLE_ACCOUNT',
    enableAccount: 'ENABLE_ACCOUNT',
    abortGame: 'ABORT_GAME',
    createAdminToken: 'CREATE_ADMIN_TOKEN',
    hideChatMessage: 'HIDE_CHAT_MESSAGE',
    restrictChat: 'RESTRICT_CHAT',
    unrestrictChat: 'UNRESTRICT_CHAT',
    dismissChatReport: 'DISMISS_CHAT_REPORT',
    disableApp: 'DISABLE_APP',
    enableApp: 'ENABLE_APP',
  },
  {
    name: 'AdminAction',
    description: 'What an admin did (AuditEntry.action).',
    values: {
      createAdmin: { description: 'Made a new admin account (npm run admin -- create-admin).' },
      grantAdmin: { description: 'Made an existing account an admin (npm run admin -- grant).' },
      revokeAdmin: {
        description:
          'Took the admin role from an account (npm run admin -- revoke): its ADMIN tokens lost that scope at once.',
      },
      disableAccount: {
        description: 'Disabled an account (adminDisableAccount, or npm run admin -- disable).',
      },
      enableAccount: {
        description: 'Enabled a disabled account (adminEnableAccount, or npm run admin -- enable).',
      },
      abortGame: { description: 'Called a game off with no result (adminAbortGame).' },
      createAdminToken: {
        description:
          'Made an API token with the ADMIN scope for their own account (createApiToken): AuditEntry.targetTokenId names it.',
      },
      hideChatMessage: {
        description:
          'Hid a chat message (adminHideChatMessage): targetPlayer is its author, targetGameId its game; the reason ' +
          'begins with the message id.',
      },
      restrictChat: { description: 'Restricted a player from chatting (adminRestrictChat).' },
      unrestrictChat: { description: 'Lifted a player’s chat restriction (adminUnrestrictChat).' },
      dismissChatReport: {
        description:
          'Closed a chat report with no action (adminDismissChatReport); the reason begins with its id.',
      },
      disableApp: {
        description:
          'Disabled a third-party app (adminDisableApp): every approval of it ended; targetAppId names it, ' +
          'targetPlayer is its owner.',
      },
      enableApp: { description: 'Enabled a disabled app again (adminEnableApp); targetAppId names it.' },
    },
  },
);
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const AuditVia = listEnum(
  AUDIT_VIAS,
  { API: 'API', CLI: 'COMMAND_LINE' },
  {
    name: 'AuditVia',
    description: 'How an admin action came.',
    values: {
      API: { description: 'Over the API, with an admin’s ADMIN token (AuditEntry.actor says whose).' },
      CLI: {
        description: 'From the command line on the server’s database (npm run admin): no account acted.',
      },
    },
  },
);
export type AuditVia = (typeof AUDIT_VIAS)[number];

@ObjectType('DisabledAccount', { description: 'An account an admin disabled: it cannot sign in.' })
export class DisabledAccountType {
  @Field(() => PlayerType, { description: 'The account.' }) player!: PlayerType;
  @Field({ description: 'When it was disabled.' }) disabledAt!: Date;
  @Field({ description: 'Why, as the admin said (never shown to the account’s owner).' }) reason!: string;
}

@ObjectType('DisabledAccountEdge', { description: 'A disabled account in a list, with its cursor.' })
export class DisabledAccountEdgeType {
  @Field({ description: 'Pass as `after` to continue after this account.' }) cursor!: string;
  @Field(() => DisabledAccountType, { description: 'The disabled account.' }) node!: DisabledAccountType;
}

@ObjectType('DisabledAccountConnection', {
  description: 'A page of disabled accounts, most recently disabled first.',
})
export class DisabledAccountConnectionType {
  @Field(() => [DisabledAccountEdgeType], { description: 'The accounts of this page.' })
  edges!: DisabledAccountEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}

@ObjectType('AuditEntry', { description: 'One admin action, as the audit log recorded it with the action.' })
export class AuditEntryType {
  @Field(() => ID, { description: 'Its place in the log: a later action has a greater id.' }) id!: string;
  @Field({ description: 'When it was done.' }) at!: Date;
  @Field(() => AdminAction, { description: 'What was done.' }) action!: AdminAction;
  @Field(() => AuditVia, { description: 'How it came: the API or the command line.' }) via!: AuditVia;
  @Field(() => PlayerType, {
    nullable: true,
    description: 'The admin who acted; null from the command line.',
  })
  actor!: PlayerType | null;
  @Field(() => PlayerType, {
    nullable: true,
    description: 'The account acted on; null for a game’s call-off.',
  })
  targetPlayer!: PlayerType | null;
  @Field(() => ID, { nullable: true, description: 'The game called off (ABORT_GAME); null otherwise.' })
  targetGameId!: string | null;
  @Field(() => ID, {
    nullable: true,
    description:
      'The ADMIN token made (CREATE_ADMIN_TOKEN): its id, as ApiToken.id and revokeApiToken take it, never the ' +
      'token itself; null otherwise.',
  })
  targetTokenId!: string | null;
  @Field(() => ID, {
    nullable: true,
    description:
      'The third-party app disabled or enabled (DISABLE_APP, ENABLE_APP): its client id; null otherwise.',
  })
  targetAppId!: string | null;
  @Field(() => String, { nullable: true, description: 'Why, as the admin said; null where none is asked.' })
  reason!: string | null;
}

@ObjectType('AuditEntryEdge', { description: 'An audit entry in a list, with its cursor.' })
export class AuditEntryEdgeType {
  @Field({ description: 'Pass as `after` to continue after this entry.' }) cursor!: string;
  @Field(() => AuditEntryType, { description: 'The entry.' }) node!: AuditEntryType;
}

@ObjectType('AuditEntryConnection', { description: 'A page of the audit log, newest first.' })
export class AuditEntryConnectionType {
  @Field(() => [AuditEntryEdgeType], { description: 'The entries of this page.' })
  edges!: AuditEntryEdgeType[];
  @Field(() => PageInfoType, { description: 'Paging state.' }) pageInfo!: PageInfoType;
}
