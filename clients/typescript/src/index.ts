/**
 * @malice/client: a typed client of the Malice API for bots and apps (README.md beside src/). MaliceClient sends the
 * operations of operations.graphql; MaliceOAuth is an app's OAuth flow; TokenHolder keeps an app's tokens fresh.
 */
export { MaliceClient, backoffMs, type EventStream, type MaliceClientOptions } from './client';
export {
  API_ERROR_CODES,
  MOVED_ON_CODES,
  MaliceError,
  type ApiErrorCode,
  type ClientErrorCode,
  type MaliceErrorCode,
} from './errors';
export { EventFeed } from './events';
export { loopbackRedirect, type LoopbackRedirect } from './loopback';
export {
  APP_SCOPES,
  MaliceOAuth,
  OAuthFailure,
  isLoopback,
  type AppScope,
  type OAuthAppOptions,
  type PendingAuthorization,
} from './oauth';
export {
  OPERATION_KINDS,
  type BotKind,
  type DataOf,
  type GameStatus,
  type OperationName,
  type Operations,
  type PlayableGame,
  type PlayerEvent,
  type PlayerEventKind,
  type Preset,
  type RequestName,
  type RuleOptionsInput,
  type SubscriptionName,
  type VariablesOf,
} from './operations';
export { TokenHolder, fixedToken, type TokenHolderOptions, type TokenSet, type TokenSource } from './tokens';
