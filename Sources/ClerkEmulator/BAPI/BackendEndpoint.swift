/// The Backend API endpoints ``BackendAPIHandler`` serves (the machine, credential and OAuth
/// ones have handlers of their own).
enum BackendEndpoint: Sendable, Equatable {
  /// `POST /v1/sign_in_tokens` and `…/{sign_in_token_id}/revoke`.
  case createSignInToken, revokeSignInToken
  /// `GET|POST /v1/users`, `GET /v1/users/count`, `GET /v1/users/{user_id}`.
  case listUsers, countUsers, createUser, getUser
  /// `GET /v1/jwks`.
  case jwks
  /// `/v1/jwt_templates…`.
  case listTemplates, createTemplate, getTemplate, updateTemplate
  /// `GET /v1/sessions`, `GET /v1/sessions/{session_id}`, `…/revoke`.
  case listSessions, getSession, revokeSession
  /// `POST /v1/sessions/{session_id}/tokens[/{template_name}]`: claims signed after the lock.
  case sessionToken, templateToken
  /// `GET|POST /v1/organizations`, `POST /v1/organizations/{organization_id}/memberships`.
  case listOrganizations, createOrganization, createOrganizationMembership
  /// A user's moderation, metadata and password.
  case users(UserEndpoint)
  /// Email addresses, session creation, organizations and invitations.
  case resources(ResourceEndpoint)
}
