/** The consent page's operations (oauth.graphql), typed for `request` by declaration merging (web/src/api.ts). */
import type {
  OAuthConsentApproveMutation,
  OAuthConsentApproveMutationVariables,
  OAuthConsentDenyMutation,
  OAuthConsentDenyMutationVariables,
  OAuthConsentRequestQuery,
  OAuthConsentRequestQueryVariables,
} from '../generated/graphql';
import OAUTH from './oauth.graphql?raw';

declare module '../api' {
  interface Operations {
    OAuthConsentRequest: [OAuthConsentRequestQuery, OAuthConsentRequestQueryVariables];
    OAuthConsentApprove: [OAuthConsentApproveMutation, OAuthConsentApproveMutationVariables];
    OAuthConsentDeny: [OAuthConsentDenyMutation, OAuthConsentDenyMutationVariables];
  }
}

export { OAUTH };
