/** A forgotten password's operations (recovery.graphql), typed for `request` by declaration merging (web/src/api.ts). */
import type {
  RecoveryRequestResetMutation,
  RecoveryRequestResetMutationVariables,
  RecoveryResetPasswordMutation,
  RecoveryResetPasswordMutationVariables,
} from '../generated/graphql';
import RECOVERY from './recovery.graphql?raw';

declare module '../api' {
  interface Operations {
    RecoveryRequestReset: [RecoveryRequestResetMutation, RecoveryRequestResetMutationVariables];
    RecoveryResetPassword: [RecoveryResetPasswordMutation, RecoveryResetPasswordMutationVariables];
  }
}

export { RECOVERY };
