/**
 * The back office's SDK for a game server (decision 040): a signed client of the integration API and its events feed,
 * and the verification of Standard Webhooks deliveries. The integration guide is this package's README.md.
 */
export {
  createGameClient,
  gameRequestHeaders,
  signGameRequest,
  GameApiError,
  type GameClient,
  type GameClientOptions,
  type GameEventsQuery,
  type GameEventsResult,
  type GameFeedPage,
  type GameMintTicketInput,
  type GameMintTicketResult,
  type GameUpsertPlayerInput,
  type GameUpsertPlayerResult,
} from './client';
export {
  verifyDelivery,
  webhookSigningKeys,
  DeliveryVerificationError,
  DELIVERY_TOLERANCE_SECONDS,
  type DeliveryErrorReason,
  type DeliveryHeaders,
  type GameDelivery,
  type GameTestEvent,
  type VerifyDeliveryOptions,
} from './delivery';
export {
  GAME_EVENT_TYPES,
  GAME_EVENT_SOURCES,
  ZGameEvent,
  ZGameTestEvent,
  type GameEventType,
  type TGameEvent,
} from '@promoter/contract';
