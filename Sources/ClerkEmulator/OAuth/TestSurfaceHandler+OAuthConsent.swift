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

extension TestSurfaceHandler {
  /// `POST /__emulator/oauth/applications/{client_id}` `{"access_token_lifetime": SECONDS,
  /// "access_token_format": "jwt"|"opaque"}`: changes how an application's next access tokens
  /// look and live (any lifetime from 1 s, so tests can watch them expire). Answers
  /// `{client_id, access_token_lifetime, access_token_format}`.
  func tuneOAuthApplication(_ context: RequestContext) -> HTTPResponse {
    let clientID = context.params["client_id"] ?? ""
    guard let body = context.jsonBody else {
      return clerkError(.paramMissing("access_token_lifetime"))
    }
    var lifetime: Int64?
    if let value = body["access_token_lifetime"], !value.isNull {
      guard let seconds = value.intValue, (1...315_360_000).contains(seconds) else {
        return clerkError(
          .paramInvalid(
            "access_token_lifetime", "access_token_lifetime must be 1…315360000 seconds"))
      }
      lifetime = seconds
    }
    var format: OAuthApplicationRecord.AccessTokenFormat?
    if let value = body["access_token_format"], !value.isNull {
      guard let parsed = value.stringValue.flatMap(OAuthApplicationRecord.AccessTokenFormat.init)
      else {
        return clerkError(
          .paramInvalid("access_token_format", "access_token_format must be jwt or opaque"))
      }
      format = parsed
    }
    let updated = state.withStore { store -> OAuthApplicationRecord? in
      guard var application = store.oauth.application(clientID: clientID) else { return nil }
      if let lifetime { application.accessTokenLifetime = lifetime }
      if let format { application.accessTokenFormat = format }
      store.oauth.insert(application)
      return application
    }
    guard let updated else { return clerkError(.notFound("OAuth application", id: clientID)) }
    return json([
      "client_id": .string(updated.clientID),
      "access_token_lifetime": .int(updated.accessTokenLifetime),
      "access_token_format": .string(updated.accessTokenFormat.rawValue),
    ])
  }
}
