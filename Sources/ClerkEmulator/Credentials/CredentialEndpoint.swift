/// The endpoints of the credentials a user (or a backend for one) hands out: API keys on both
/// APIs, actor tokens and testing tokens on the Backend API (see ``CredentialHandler``).
enum CredentialEndpoint: Sendable, Equatable {
  /// FAPI `/api_keys…`, with the session JWT as Bearer.
  case frontendListKeys, frontendCreateKey, frontendUpdateKey, frontendRevokeKey
  /// BAPI `/api_keys…` (and `/v1/api_keys…`), with the instance secret key.
  case backendListKeys, backendCreateKey, backendGetKey, backendRevokeKey, backendVerifyKey
  /// BAPI `/v1/actor_tokens` and `/v1/actor_tokens/{id}/revoke`.
  case createActorToken, revokeActorToken
  /// BAPI `/v1/testing_tokens`.
  case createTestingToken
}
