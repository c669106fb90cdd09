extension Emulator {
  /// Clerk as an OAuth provider: the Frontend API's `/oauth/*` and well-known document, the
  /// Backend API's OAuth applications (under `/v1`) and access token verification (under both
  /// `/v1` and the unversioned path Clerk's JS SDK calls), the emulator's own protected
  /// resource (`/mcp`, not Clerk's, so outside the spec check). Its test-surface switches are
  /// among the test surface's routes.
  static let oauthRoutes: [Route] = {
    func route(
      _ surface: Route.Surface, _ method: String, _ template: String, _ endpoint: OAuthEndpoint
    ) -> Route {
      Route(surface: surface, method: method, template: template, endpoint: .oauth(endpoint))
    }
    let frontend = [
      route(.frontend, "GET", "/.well-known/oauth-authorization-server", .serverMetadata),
      route(.frontend, "GET", "/oauth/authorize", .authorize),
      route(.frontend, "POST", "/oauth/authorize", .authorize),
      route(.frontend, "POST", "/oauth/register", .register),
      route(.frontend, "POST", "/oauth/token", .token),
      route(.frontend, "GET", "/oauth/userinfo", .userInfo),
      route(.frontend, "POST", "/oauth/userinfo", .userInfo),
      route(.frontend, "POST", "/oauth/token_info", .tokenInfo),
      route(.frontend, "POST", "/oauth/token/revoke", .revoke),
    ]
    let backend = [
      route(.backend, "GET", "/v1/oauth_applications", .listApplications),
      route(.backend, "POST", "/v1/oauth_applications", .createApplication),
      route(.backend, "POST", "/v1/oauth_applications/access_tokens/verify", .verifyAccessToken),
      route(.backend, "POST", "/oauth_applications/access_tokens/verify", .verifyAccessToken),
      route(.backend, "GET", "/v1/oauth_applications/{oauth_application_id}", .getApplication),
      route(
        .backend, "PATCH", "/v1/oauth_applications/{oauth_application_id}", .updateApplication),
      route(
        .backend, "DELETE", "/v1/oauth_applications/{oauth_application_id}", .deleteApplication),
      route(
        .backend, "POST", "/v1/oauth_applications/{oauth_application_id}/rotate_secret",
        .rotateSecret),
      route(
        .backend, "POST", "/v1/oauth_applications/{oauth_application_id}/revoke_token",
        .revokeApplicationToken),
      route(.backend, "GET", "/v1/instance/oauth_application_settings", .getSettings),
      route(.backend, "PATCH", "/v1/instance/oauth_application_settings", .updateSettings),
    ]
    let resource = [
      route(.resource, "GET", "/.well-known/oauth-protected-resource", .resourceMetadata),
      route(.resource, "GET", "/.well-known/oauth-protected-resource/mcp", .resourceMetadata),
      route(.resource, "GET", "/mcp", .protectedResource),
      route(.resource, "POST", "/mcp", .protectedResource),
    ]
    return frontend + backend + resource
  }()
}
