import Foundation

extension Emulator {
  /// Every route the emulator serves, in match order. Tests check each `.frontend` and
  /// `.backend` route against Clerk's OpenAPI specs.
  package static let routes: [Route] =
    frontendRoutes + backendRoutes + convexRoutes + testSurfaceRoutes + machineRoutes
    + userRoutes + credentialRoutes + resourceRoutes + oauthRoutes

  /// The Frontend API (and its public well-known documents).
  private static let frontendRoutes: [Route] = {
    func route(_ method: String, _ template: String, _ endpoint: FrontendEndpoint) -> Route {
      Route(surface: .frontend, method: method, template: template, endpoint: .frontend(endpoint))
    }
    let signIn = "/v1/client/sign_ins/{sign_in_id}"
    let session = "/v1/client/sessions/{session_id}"
    return [
      route("GET", "/v1/environment", .environment),
      route("GET", "/v1/client", .getClient),
      route("DELETE", "/v1/client", .deleteClient),
      route("POST", "/v1/client/sign_ins", .createSignIn),
      route("GET", signIn, .signIn(.get)),
      route("POST", signIn + "/prepare_first_factor", .signIn(.prepareFirstFactor)),
      route("POST", signIn + "/attempt_first_factor", .signIn(.attemptFirstFactor)),
      route("POST", signIn + "/prepare_second_factor", .signIn(.prepareSecondFactor)),
      route("POST", signIn + "/attempt_second_factor", .signIn(.attemptSecondFactor)),
      route("POST", "/v1/client/sign_ups", .createSignUp),
      route("GET", "/v1/oauth_callback", .oauthCallback),
      route("DELETE", "/v1/client/sessions", .session(.deleteSessions)),
      route("GET", session, .session(.getSession)),
      route("POST", session + "/tokens", .session(.sessionToken)),
      route("POST", session + "/tokens/{template_name}", .session(.templateToken)),
      route("POST", session + "/touch", .session(.touchSession)),
      route("POST", session + "/end", .session(.endSession)),
      route("POST", session + "/remove", .session(.removeSession)),
      route("GET", "/v1/me", .session(.me)),
      route("GET", "/v1/me/organization_memberships", .session(.myOrganizationMemberships)),
      route("GET", "/.well-known/jwks.json", .jwks),
      route("GET", "/.well-known/openid-configuration", .openIDConfiguration),
    ]
  }()

  /// The Backend API subset `BackendAPIHandler` serves beyond users and resources (secret key).
  private static let backendRoutes: [Route] = {
    func route(_ method: String, _ template: String, _ endpoint: BackendEndpoint) -> Route {
      Route(surface: .backend, method: method, template: template, endpoint: .backend(endpoint))
    }
    return [
      route("POST", "/v1/sign_in_tokens", .createSignInToken),
      route("POST", "/v1/sign_in_tokens/{sign_in_token_id}/revoke", .revokeSignInToken),
      route("GET", "/v1/users", .listUsers),
      route("POST", "/v1/users", .createUser),
      route("GET", "/v1/users/count", .countUsers),
      route("GET", "/v1/users/{user_id}", .getUser),
      route("GET", "/v1/jwks", .jwks),
      route("GET", "/v1/jwt_templates", .listTemplates),
      route("POST", "/v1/jwt_templates", .createTemplate),
      route("GET", "/v1/jwt_templates/{template_id}", .getTemplate),
      route("PATCH", "/v1/jwt_templates/{template_id}", .updateTemplate),
      route("GET", "/v1/sessions", .listSessions),
      route("GET", "/v1/sessions/{session_id}", .getSession),
      route("POST", "/v1/sessions/{session_id}/revoke", .revokeSession),
      route("POST", "/v1/sessions/{session_id}/tokens", .sessionToken),
      route("POST", "/v1/sessions/{session_id}/tokens/{template_name}", .templateToken),
      route("GET", "/v1/organizations", .listOrganizations),
      route("POST", "/v1/organizations", .createOrganization),
      route(
        "POST", "/v1/organizations/{organization_id}/memberships", .createOrganizationMembership),
    ]
  }()

  /// The Convex-style HTTP API.
  private static let convexRoutes: [Route] = [
    ("/api/query", ConvexEndpoint.query), ("/api/mutation", .mutation), ("/api/action", .action),
  ].map { template, endpoint in
    Route(surface: .convex, method: "POST", template: template, endpoint: .convex(endpoint))
  }

  /// The test surface (loopback only).
  private static let testSurfaceRoutes: [Route] = {
    func route(_ method: String, _ template: String, _ endpoint: TestSurfaceEndpoint) -> Route {
      Route(
        surface: .testSurface, method: method, template: "/__emulator" + template,
        endpoint: .testSurface(endpoint))
    }
    return [
      route("GET", "/requests", .requests),
      route("DELETE", "/requests", .clearRequests),
      route("POST", "/faults", .faults),
      route("POST", "/sessions/{session_id}/revoke", .revokeSession),
      route("GET", "/emails", .emails),
      route("GET", "/oauth/authorize", .oauthAuthorize),
      route("POST", "/jwt_templates/{name}", .tokenLifetime),
      route("POST", "/clock", .clock),
      route("POST", "/oauth/consent", .armOAuthConsent),
      route("POST", "/oauth/applications/{client_id}", .tuneOAuthApplication),
    ]
  }()
}
