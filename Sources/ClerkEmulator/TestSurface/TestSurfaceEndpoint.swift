/// The loopback-only test surface under `/__emulator/` (see ``TestSurfaceHandler``).
enum TestSurfaceEndpoint: Sendable, Equatable {
  /// `GET|DELETE /__emulator/requests`: the request log.
  case requests, clearRequests
  /// `POST /__emulator/faults`.
  case faults
  /// `POST /__emulator/sessions/{session_id}/revoke`.
  case revokeSession
  /// `GET /__emulator/emails`.
  case emails
  /// `GET /__emulator/oauth/authorize`: the fake OAuth/SSO provider page.
  case oauthAuthorize
  /// `POST /__emulator/jwt_templates/{name}`.
  case tokenLifetime
  /// `POST /__emulator/clock`.
  case clock
  /// `POST /__emulator/oauth/consent` and `POST /__emulator/oauth/applications/{client_id}`:
  /// the OAuth provider's consent and application switches.
  case armOAuthConsent, tuneOAuthApplication
}
