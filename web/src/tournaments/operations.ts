/** The tournaments pages' operations (tournaments.graphql), typed for `request` (web/src/api.ts). */
import type {
  CancelTournamentMutation,
  CancelTournamentMutationVariables,
  CreateTournamentMutation,
  CreateTournamentMutationVariables,
  JoinTournamentMutation,
  JoinTournamentMutationVariables,
  StartTournamentMutation,
  StartTournamentMutationVariables,
  TournamentListQuery,
  TournamentListQueryVariables,
  TournamentPageQuery,
  TournamentPageQueryVariables,
  WithdrawFromTournamentMutation,
  WithdrawFromTournamentMutationVariables,
} from '../generated/graphql';
import TOURNAMENTS from './tournaments.graphql?raw';

declare module '../api' {
  interface Operations {
    TournamentList: [TournamentListQuery, TournamentListQueryVariables];
    TournamentPage: [TournamentPageQuery, TournamentPageQueryVariables];
    CreateTournament: [CreateTournamentMutation, CreateTournamentMutationVariables];
    JoinTournament: [JoinTournamentMutation, JoinTournamentMutationVariables];
    WithdrawFromTournament: [WithdrawFromTournamentMutation, WithdrawFromTournamentMutationVariables];
    StartTournament: [StartTournamentMutation, StartTournamentMutationVariables];
    CancelTournament: [CancelTournamentMutation, CancelTournamentMutationVariables];
  }
}

export { TOURNAMENTS };
