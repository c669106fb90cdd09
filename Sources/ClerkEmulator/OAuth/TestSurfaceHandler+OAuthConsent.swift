import ClerkctlCore
import ClerkctlHTTP

extension TestSurfaceHandler {
  /// `POST /__emulator/oauth/consent` `{"user": EMAIL or USERNAME, "approve": true|false}`:
  /// the next `/oauth/authorize` request that passes its checks answers at once for that user
  /// (a code, or `error=access_denied`), without the sign-in and consent pages.
  func armOAuthConsent(_ context: RequestContext) -> HTTPResponse {
    guard let body = context.jsonBody, let identifier = body["user"]?.stringValue,
      !identifier.isEmpty
    else { return clerkError(.paramMissing("user")) }
    let approve = body["approve"]?.boolValue ?? true
    let userID = state.withStore { store -> String? in
      guard let user = store.user(identifier: identifier) else { return nil }
      store.oauth.armedConsent = (user.id, approve)
      return user.id
    }
    guard let userID else { return clerkError(.notFound("user", id: identifier)) }
    return json(["user_id": .string(userID), "approve": .bool(approve)])
  }
}
