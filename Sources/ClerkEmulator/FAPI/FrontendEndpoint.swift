/// The Frontend API's own endpoints (see ``FrontendAPIHandler``): its public documents, the
/// client, sign-ins, the sign-up transfer and sessions.
enum FrontendEndpoint: Sendable, Equatable {
  /// Answered without a client: `GET /v1/environment`, the well-known JWKS and OpenID
  /// configuration, and the provider's redirect back (`GET /v1/oauth_callback`).
  case environment, jwks, openIDConfiguration, oauthCallback
  /// `GET|DELETE /v1/client`.
  case getClient, deleteClient
  /// `POST /v1/client/sign_ins` and `POST /v1/client/sign_ups` (a transfer).
  case createSignIn, createSignUp
  /// A step of an existing sign-in, `/v1/client/sign_ins/{sign_in_id}…`.
  case signIn(SignInStep)
  /// The client's sessions, `/v1/client/sessions…` and `/v1/me…`.
  case session(SessionStep)

  /// `GET /v1/client/sign_ins/{sign_in_id}` and its `prepare_*` / `attempt_*` factor steps.
  enum SignInStep: Sendable, Equatable {
    case get, prepareFirstFactor, attemptFirstFactor, prepareSecondFactor, attemptSecondFactor
  }

  /// The session endpoints: `DELETE /v1/client/sessions`, one session's get, tokens, touch,
  /// end and remove, and `GET /v1/me[/organization_memberships]`.
  enum SessionStep: Sendable, Equatable {
    case deleteSessions, getSession, sessionToken, templateToken, touchSession, endSession
    case removeSession, me, myOrganizationMemberships
  }
}
