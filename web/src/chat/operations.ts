/** The chat's operations (chat.graphql), typed for `request` and `subscribe` (web/src/api.ts). */
import type {
  ChatMuteMutation,
  ChatMuteMutationVariables,
  ChatNoteQuery,
  ChatNoteQueryVariables,
  ChatPushedSubscription,
  ChatPushedSubscriptionVariables,
  ChatReportMutation,
  ChatReportMutationVariables,
  ChatRoomReadQuery,
  ChatRoomReadQueryVariables,
  ChatSendMutation,
  ChatSendMutationVariables,
  ChatSetNoteMutation,
  ChatSetNoteMutationVariables,
} from '../generated/graphql';
import CHAT from './chat.graphql?raw';

declare module '../api' {
  interface Operations {
    ChatRoomRead: [ChatRoomReadQuery, ChatRoomReadQueryVariables];
    ChatPushed: [ChatPushedSubscription, ChatPushedSubscriptionVariables];
    ChatSend: [ChatSendMutation, ChatSendMutationVariables];
    ChatMute: [ChatMuteMutation, ChatMuteMutationVariables];
    ChatReport: [ChatReportMutation, ChatReportMutationVariables];
    ChatNote: [ChatNoteQuery, ChatNoteQueryVariables];
    ChatSetNote: [ChatSetNoteMutation, ChatSetNoteMutationVariables];
  }
}

export { CHAT };
