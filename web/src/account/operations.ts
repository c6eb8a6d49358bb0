/**
 * The account page's operations (account.graphql, apps.graphql, email.graphql, notifications.graphql,
 * presence.graphql, two-factor.graphql, vacation.graphql), typed for `request` by declaration merging
 * (web/src/api.ts).
 */
import type {
  AccountConnectedAppsQuery,
  AccountConnectedAppsQueryVariables,
  AccountDeleteOAuthAppMutation,
  AccountDeleteOAuthAppMutationVariables,
  AccountOAuthAppsQuery,
  AccountOAuthAppsQueryVariables,
  AccountRegisterOAuthAppMutation,
  AccountRegisterOAuthAppMutationVariables,
  AccountReplaceOAuthAppSecretMutation,
  AccountReplaceOAuthAppSecretMutationVariables,
  AccountRevokeConnectedAppMutation,
  AccountRevokeConnectedAppMutationVariables,
  AccountUpdateOAuthAppMutation,
  AccountUpdateOAuthAppMutationVariables,
  AccountChangePasswordMutation,
  AccountChangePasswordMutationVariables,
  AccountConfirmTwoFactorMutation,
  AccountConfirmTwoFactorMutationVariables,
  AccountCreateTokenMutation,
  AccountCreateTokenMutationVariables,
  AccountCreateWebhookMutation,
  AccountCreateWebhookMutationVariables,
  AccountDeleteMutation,
  AccountDeleteMutationVariables,
  AccountDeleteWebhookMutation,
  AccountDeleteWebhookMutationVariables,
  AccountDisableTwoFactorMutation,
  AccountDisableTwoFactorMutationVariables,
  AccountEmailAddressQuery,
  AccountEmailAddressQueryVariables,
  AccountEndVacationMutation,
  AccountEndVacationMutationVariables,
  AccountNotificationSettingsQuery,
  AccountNotificationSettingsQueryVariables,
  AccountPresenceQuery,
  AccountPresenceQueryVariables,
  AccountPushDevicesQuery,
  AccountPushDevicesQueryVariables,
  AccountRemoveEmailAddressMutation,
  AccountRemoveEmailAddressMutationVariables,
  AccountRevokeSessionMutation,
  AccountRevokeSessionMutationVariables,
  AccountRevokeTokenMutation,
  AccountRevokeTokenMutationVariables,
  AccountSessionsQuery,
  AccountSessionsQueryVariables,
  AccountSetEmailAddressMutation,
  AccountSetEmailAddressMutationVariables,
  AccountSetPresenceHiddenMutation,
  AccountSetPresenceHiddenMutationVariables,
  AccountStartVacationMutation,
  AccountStartVacationMutationVariables,
  AccountStartTwoFactorMutation,
  AccountStartTwoFactorMutationVariables,
  AccountSubscribePushMutation,
  AccountSubscribePushMutationVariables,
  AccountTestPushMutation,
  AccountTestPushMutationVariables,
  AccountTestWebhookMutation,
  AccountTestWebhookMutationVariables,
  AccountTokensQuery,
  AccountTokensQueryVariables,
  AccountTwoFactorQuery,
  AccountTwoFactorQueryVariables,
  AccountUnsubscribePushMutation,
  AccountUnsubscribePushMutationVariables,
  AccountUpdateNotificationSettingsMutation,
  AccountUpdateNotificationSettingsMutationVariables,
  AccountVacationQuery,
  AccountVacationQueryVariables,
  AccountWebhookDeliveriesQuery,
  AccountWebhookDeliveriesQueryVariables,
  AccountWebhooksQuery,
  AccountWebhooksQueryVariables,
  AccountWebPushKeyQuery,
  AccountWebPushKeyQueryVariables,
} from '../generated/graphql';
import ACCOUNT from './account.graphql?raw';
import APPS from './apps.graphql?raw';
import EMAIL from './email.graphql?raw';
import NOTIFICATIONS from './notifications.graphql?raw';
import PRESENCE from './presence.graphql?raw';
import TWO_FACTOR from './two-factor.graphql?raw';
import VACATION from './vacation.graphql?raw';

declare module '../api' {
  interface Operations {
    AccountChangePassword: [AccountChangePasswordMutation, AccountChangePasswordMutationVariables];
    AccountSessions: [AccountSessionsQuery, AccountSessionsQueryVariables];
    AccountRevokeSession: [AccountRevokeSessionMutation, AccountRevokeSessionMutationVariables];
    AccountTokens: [AccountTokensQuery, AccountTokensQueryVariables];
    AccountCreateToken: [AccountCreateTokenMutation, AccountCreateTokenMutationVariables];
    AccountRevokeToken: [AccountRevokeTokenMutation, AccountRevokeTokenMutationVariables];
    AccountWebhooks: [AccountWebhooksQuery, AccountWebhooksQueryVariables];
    AccountCreateWebhook: [AccountCreateWebhookMutation, AccountCreateWebhookMutationVariables];
    AccountDeleteWebhook: [AccountDeleteWebhookMutation, AccountDeleteWebhookMutationVariables];
    AccountTestWebhook: [AccountTestWebhookMutation, AccountTestWebhookMutationVariables];
    AccountWebhookDeliveries: [AccountWebhookDeliveriesQuery, AccountWebhookDeliveriesQueryVariables];
    AccountDelete: [AccountDeleteMutation, AccountDeleteMutationVariables];
    AccountWebPushKey: [AccountWebPushKeyQuery, AccountWebPushKeyQueryVariables];
    AccountPushDevices: [AccountPushDevicesQuery, AccountPushDevicesQueryVariables];
    AccountSubscribePush: [AccountSubscribePushMutation, AccountSubscribePushMutationVariables];
    AccountUnsubscribePush: [AccountUnsubscribePushMutation, AccountUnsubscribePushMutationVariables];
    AccountTestPush: [AccountTestPushMutation, AccountTestPushMutationVariables];
    AccountNotificationSettings: [
      AccountNotificationSettingsQuery,
      AccountNotificationSettingsQueryVariables,
    ];
    AccountUpdateNotificationSettings: [
      AccountUpdateNotificationSettingsMutation,
      AccountUpdateNotificationSettingsMutationVariables,
    ];
    AccountPresence: [AccountPresenceQuery, AccountPresenceQueryVariables];
    AccountSetPresenceHidden: [AccountSetPresenceHiddenMutation, AccountSetPresenceHiddenMutationVariables];
    AccountVacation: [AccountVacationQuery, AccountVacationQueryVariables];
    AccountStartVacation: [AccountStartVacationMutation, AccountStartVacationMutationVariables];
    AccountEndVacation: [AccountEndVacationMutation, AccountEndVacationMutationVariables];
    AccountEmailAddress: [AccountEmailAddressQuery, AccountEmailAddressQueryVariables];
    AccountSetEmailAddress: [AccountSetEmailAddressMutation, AccountSetEmailAddressMutationVariables];
    AccountRemoveEmailAddress: [
      AccountRemoveEmailAddressMutation,
      AccountRemoveEmailAddressMutationVariables,
    ];
    AccountTwoFactor: [AccountTwoFactorQuery, AccountTwoFactorQueryVariables];
    AccountStartTwoFactor: [AccountStartTwoFactorMutation, AccountStartTwoFactorMutationVariables];
    AccountConfirmTwoFactor: [AccountConfirmTwoFactorMutation, AccountConfirmTwoFactorMutationVariables];
    AccountDisableTwoFactor: [AccountDisableTwoFactorMutation, AccountDisableTwoFactorMutationVariables];
    AccountConnectedApps: [AccountConnectedAppsQuery, AccountConnectedAppsQueryVariables];
    AccountRevokeConnectedApp: [
      AccountRevokeConnectedAppMutation,
      AccountRevokeConnectedAppMutationVariables,
    ];
    AccountOAuthApps: [AccountOAuthAppsQuery, AccountOAuthAppsQueryVariables];
    AccountRegisterOAuthApp: [AccountRegisterOAuthAppMutation, AccountRegisterOAuthAppMutationVariables];
    AccountUpdateOAuthApp: [AccountUpdateOAuthAppMutation, AccountUpdateOAuthAppMutationVariables];
    AccountReplaceOAuthAppSecret: [
      AccountReplaceOAuthAppSecretMutation,
      AccountReplaceOAuthAppSecretMutationVariables,
    ];
    AccountDeleteOAuthApp: [AccountDeleteOAuthAppMutation, AccountDeleteOAuthAppMutationVariables];
  }
}

export { ACCOUNT, APPS, EMAIL, NOTIFICATIONS, PRESENCE, TWO_FACTOR, VACATION };

/**
 * Every member of a string union as a list, checked complete by the type checker: `everyOf<TokenScope>()([...])`
 * fails to compile when a member is left out (or is not one), so a scope or event kind the schema adds shows up.
 */
export function everyOf<T extends string>() {
  return <const L extends readonly T[]>(
    list: L & ([Exclude<T, L[number]>] extends [never] ? unknown : { missing: Exclude<T, L[number]> }),
  ): L => list;
}
