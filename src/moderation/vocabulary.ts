/**
 * The names of moderation (docs/operations.md#moderation), written once: the `admin_audit` columns, the API's
 * enums and the command line's output all use these.
 */

/** What an admin did: `admin_audit.action`, `AdminAction` in the API. */
export const ADMIN_ACTIONS = [
  'createAdmin',
  'grantAdmin',
  'revokeAdmin',
  'disableAccount',
  'enableAccount',
  'abortGame',
  'createAdminToken',
  'hideChatMessage',
  'restrictChat',
  'unrestrictChat',
  'dismissChatReport',
  'disableApp',
  'enableApp',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];

/** How an admin action came: over the API with an ADMIN token, or from the command line (`npm run admin`). */
export const AUDIT_VIAS = ['API', 'CLI'] as const;
export type AuditViaName = (typeof AUDIT_VIAS)[number];

/** Who acts: an admin account over the API, or whoever runs the command line on the server's database. */
export type AdminActor = { readonly via: 'API'; readonly playerId: string } | { readonly via: 'CLI' };

/** The longest reason an admin may give (it is stored and listed, never shown to the account's owner). */
export const MAX_REASON_LENGTH = 500;
