import ClerkctlCore
import ClerkctlHTTP

extension TestSurfaceHandler {
  /// `POST /__emulator/jwt_templates/{name}` with `{"lifetime": SECONDS}`: sets how long the
  /// template's tokens live — or, for `session`, the session token's — from the next mint on.
  /// Unlike the Backend API (30 s at least, as Clerk has it) any positive lifetime is taken, so
  /// tests can watch tokens expire in seconds.
  func setTokenLifetime(_ context: RequestContext) -> HTTPResponse {
    let name = context.params["name"] ?? ""
    guard let body = context.jsonBody, let value = body["lifetime"] else {
      return clerkError(.paramMissing("lifetime"))
    }
    guard let lifetime = value.intValue, (1...315_360_000).contains(lifetime) else {
      return clerkError(.paramInvalid("lifetime", "lifetime must be a whole number of seconds > 0"))
    }
    let now = nowMilliseconds
    let found: Bool = state.withStore { store in
      if name == "session" {
        store.sessionTokenLifetime = lifetime
        return true
      }
      guard store.templates[name] != nil else { return false }
      store.templates[name]?.lifetime = lifetime
      store.templates[name]?.updatedAt = now
      return true
    }
    guard found else { return clerkError(.templateNotFound(name)) }
    return json(["name": .string(name), "lifetime": .int(lifetime)])
  }
}
