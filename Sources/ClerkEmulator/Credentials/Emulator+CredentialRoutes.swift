extension Emulator {
  /// API keys, actor tokens and testing tokens. The Frontend API's `/api_keys…` sit at the
  /// root (no `/v1`, as clerk-js calls them); the Backend API's under both `/v1/api_keys…` (the
  /// spec's server, Python's SDK) and `/api_keys…` (Clerk's JS SDK, `skipApiVersionInUrl`). A
  /// request with `Bearer sk_…` is routed to the Backend API first, any other to the Frontend
  /// API.
  static let credentialRoutes: [Route] = {
    func route(
      _ surface: Route.Surface, _ method: String, _ template: String,
      _ endpoint: CredentialEndpoint
    ) -> Route {
      Route(surface: surface, method: method, template: template, endpoint: .credential(endpoint))
    }
    let frontend = [
      route(.frontend, "GET", "/api_keys", .frontendListKeys),
      route(.frontend, "POST", "/api_keys", .frontendCreateKey),
      route(.frontend, "PATCH", "/api_keys/{apiKeyID}", .frontendUpdateKey),
      route(.frontend, "POST", "/api_keys/{apiKeyID}/revoke", .frontendRevokeKey),
    ]
    let keys: [(String, String, CredentialEndpoint)] = [
      ("GET", "/api_keys", .backendListKeys),
      ("POST", "/api_keys", .backendCreateKey),
      ("POST", "/api_keys/verify", .backendVerifyKey),
      ("GET", "/api_keys/{apiKeyID}", .backendGetKey),
      ("POST", "/api_keys/{apiKeyID}/revoke", .backendRevokeKey),
    ]
    let backend =
      keys.flatMap { method, path, endpoint in
        [route(.backend, method, "/v1" + path, endpoint), route(.backend, method, path, endpoint)]
      } + [
        route(.backend, "POST", "/v1/actor_tokens", .createActorToken),
        route(.backend, "POST", "/v1/actor_tokens/{actor_token_id}/revoke", .revokeActorToken),
        route(.backend, "POST", "/v1/testing_tokens", .createTestingToken),
      ]
    return frontend + backend
  }()
}
