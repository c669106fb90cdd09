extension Emulator {
  /// `PATCH|DELETE /v1/users/{id}`, `POST /v1/users/{id}/ban|unban|lock|unlock|verify_password`
  /// and `PATCH /v1/users/{id}/metadata`, as Clerk's SDKs call them.
  static let userRoutes: [Route] = {
    func route(_ method: String, _ suffix: String, _ endpoint: UserEndpoint) -> Route {
      Route(
        surface: .backend, method: method, template: "/v1/users/{user_id}" + suffix,
        endpoint: .backend(.users(endpoint)))
    }
    return [
      route("PATCH", "", .update), route("DELETE", "", .delete), route("POST", "/ban", .ban),
      route("POST", "/unban", .unban), route("POST", "/lock", .lock),
      route("POST", "/unlock", .unlock), route("PATCH", "/metadata", .updateMetadata),
      route("POST", "/verify_password", .verifyPassword),
    ]
  }()
}
