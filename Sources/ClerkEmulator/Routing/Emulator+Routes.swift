import Foundation

extension Emulator {
  /// Every route the emulator serves, in match order. Tests check each `.frontend` and
  /// `.backend` route against Clerk's OpenAPI specs.
  package static let routes: [Route] =
    coreRoutes + machineRoutes + userRoutes + credentialRoutes + resourceRoutes + oauthRoutes

  /// The routes of the Frontend API, the Backend API subset, Convex and the test surface.
  private static let coreRoutes: [Route] = [
    // Frontend API (and its public well-known documents).
    Route(surface: .frontend, method: "GET", template: "/v1/environment", endpoint: .environment),
    Route(surface: .frontend, method: "GET", template: "/v1/client", endpoint: .getClient),
    Route(surface: .frontend, method: "DELETE", template: "/v1/client", endpoint: .deleteClient),
    Route(
      surface: .frontend, method: "POST", template: "/v1/client/sign_ins", endpoint: .createSignIn),
    Route(
      surface: .frontend, method: "GET", template: "/v1/client/sign_ins/{sign_in_id}",
      endpoint: .getSignIn),
    Route(
      surface: .frontend, method: "POST",
      template: "/v1/client/sign_ins/{sign_in_id}/prepare_first_factor",
      endpoint: .prepareFirstFactor),
    Route(
      surface: .frontend, method: "POST",
      template: "/v1/client/sign_ins/{sign_in_id}/attempt_first_factor",
      endpoint: .attemptFirstFactor),
    Route(
      surface: .frontend, method: "POST",
      template: "/v1/client/sign_ins/{sign_in_id}/prepare_second_factor",
      endpoint: .prepareSecondFactor),
    Route(
      surface: .frontend, method: "POST",
      template: "/v1/client/sign_ins/{sign_in_id}/attempt_second_factor",
      endpoint: .attemptSecondFactor),
    Route(
      surface: .frontend, method: "POST", template: "/v1/client/sign_ups", endpoint: .createSignUp),
    Route(
      surface: .frontend, method: "GET", template: "/v1/oauth_callback", endpoint: .oauthCallback),
    Route(
      surface: .frontend, method: "DELETE", template: "/v1/client/sessions",
      endpoint: .deleteSessions),
    Route(
      surface: .frontend, method: "GET", template: "/v1/client/sessions/{session_id}",
      endpoint: .getSession),
    Route(
      surface: .frontend, method: "POST", template: "/v1/client/sessions/{session_id}/tokens",
      endpoint: .sessionToken),
    Route(
      surface: .frontend, method: "POST",
      template: "/v1/client/sessions/{session_id}/tokens/{template_name}",
      endpoint: .templateToken),
    Route(
      surface: .frontend, method: "POST", template: "/v1/client/sessions/{session_id}/touch",
      endpoint: .touchSession),
    Route(
      surface: .frontend, method: "POST", template: "/v1/client/sessions/{session_id}/end",
      endpoint: .endSession),
    Route(
      surface: .frontend, method: "POST", template: "/v1/client/sessions/{session_id}/remove",
      endpoint: .removeSession),
    Route(surface: .frontend, method: "GET", template: "/v1/me", endpoint: .me),
    Route(
      surface: .frontend, method: "GET", template: "/v1/me/organization_memberships",
      endpoint: .myOrganizationMemberships),
    Route(
      surface: .frontend, method: "GET", template: "/.well-known/jwks.json", endpoint: .jwks),
    Route(
      surface: .frontend, method: "GET", template: "/.well-known/openid-configuration",
      endpoint: .openIDConfiguration),

    // Backend API subset (secret key).
    Route(
      surface: .backend, method: "POST", template: "/v1/sign_in_tokens",
      endpoint: .backendCreateSignInToken),
    Route(
      surface: .backend, method: "POST", template: "/v1/sign_in_tokens/{sign_in_token_id}/revoke",
      endpoint: .backendRevokeSignInToken),
    Route(surface: .backend, method: "GET", template: "/v1/users", endpoint: .backendListUsers),
    Route(surface: .backend, method: "POST", template: "/v1/users", endpoint: .backendCreateUser),
    Route(
      surface: .backend, method: "GET", template: "/v1/users/count", endpoint: .backendCountUsers),
    Route(
      surface: .backend, method: "GET", template: "/v1/users/{user_id}",
      endpoint: .backendGetUser),
    Route(surface: .backend, method: "GET", template: "/v1/jwks", endpoint: .backendJWKS),
    Route(
      surface: .backend, method: "GET", template: "/v1/jwt_templates",
      endpoint: .backendListTemplates),
    Route(
      surface: .backend, method: "POST", template: "/v1/jwt_templates",
      endpoint: .backendCreateTemplate),
    Route(
      surface: .backend, method: "GET", template: "/v1/jwt_templates/{template_id}",
      endpoint: .backendGetTemplate),
    Route(
      surface: .backend, method: "PATCH", template: "/v1/jwt_templates/{template_id}",
      endpoint: .backendUpdateTemplate),
    Route(
      surface: .backend, method: "GET", template: "/v1/sessions", endpoint: .backendListSessions),
    Route(
      surface: .backend, method: "GET", template: "/v1/sessions/{session_id}",
      endpoint: .backendGetSession),
    Route(
      surface: .backend, method: "POST", template: "/v1/sessions/{session_id}/revoke",
      endpoint: .backendRevokeSession),
    Route(
      surface: .backend, method: "POST", template: "/v1/sessions/{session_id}/tokens",
      endpoint: .backendSessionToken),
    Route(
      surface: .backend, method: "POST",
      template: "/v1/sessions/{session_id}/tokens/{template_name}",
      endpoint: .backendTemplateToken),
    Route(
      surface: .backend, method: "GET", template: "/v1/organizations",
      endpoint: .backendListOrganizations),
    Route(
      surface: .backend, method: "POST", template: "/v1/organizations",
      endpoint: .backendCreateOrganization),
    Route(
      surface: .backend, method: "POST",
      template: "/v1/organizations/{organization_id}/memberships",
      endpoint: .backendCreateOrganizationMembership),

    // Convex-style HTTP API.
    Route(surface: .convex, method: "POST", template: "/api/query", endpoint: .convexQuery),
    Route(surface: .convex, method: "POST", template: "/api/mutation", endpoint: .convexMutation),
    Route(surface: .convex, method: "POST", template: "/api/action", endpoint: .convexAction),

    // Test surface (loopback only).
    Route(
      surface: .testSurface, method: "GET", template: "/__emulator/requests",
      endpoint: .testRequests),
    Route(
      surface: .testSurface, method: "DELETE", template: "/__emulator/requests",
      endpoint: .testClearRequests),
    Route(
      surface: .testSurface, method: "POST", template: "/__emulator/faults", endpoint: .testFaults),
    Route(
      surface: .testSurface, method: "POST", template: "/__emulator/sessions/{session_id}/revoke",
      endpoint: .testRevokeSession),
    Route(
      surface: .testSurface, method: "GET", template: "/__emulator/emails", endpoint: .testEmails),
    Route(
      surface: .testSurface, method: "GET", template: "/__emulator/oauth/authorize",
      endpoint: .testOAuthAuthorize),
    Route(
      surface: .testSurface, method: "POST", template: "/__emulator/jwt_templates/{name}",
      endpoint: .testTokenLifetime),
    Route(
      surface: .testSurface, method: "POST", template: "/__emulator/clock", endpoint: .testClock),
  ]
}
