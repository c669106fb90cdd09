import ClerkctlCore

/// What a Convex deployment answered instead of a function's value (`clerkctl convex`).
/// Each exits 1.
package enum ConvexError: Error, Equatable, CustomStringConvertible {
  /// The function ran and failed (`{"status":"error","errorMessage":…}`).
  case functionFailed(message: String)
  /// Convex refused the request (`{"code","message"}`); `hint` says what to check.
  case requestRefused(code: String, message: String, hint: String?)
  /// A response that is not Convex's (wrong URL, a proxy's error page).
  case unexpectedResponse(status: Int, url: String)
  /// `CONVEX_URL` names another deployment than the one the profile has used (exit 3).
  case otherDeployment(profile: String, used: String, named: String)

  package var description: String {
    switch self {
    case .functionFailed(let message):
      message
    case .requestRefused(let code, let message, let hint):
      "Convex refused the request: \(code): "
        + (hint.map { (message.hasSuffix(".") ? String(message.dropLast()) : message) + "; " + $0 }
          ?? message)
    case .unexpectedResponse(let status, let url):
      "HTTP \(status) from \(Redaction.endpoint(url)) is not a Convex function response; check "
        + "that --url or CONVEX_URL is your deployment URL (https://NAME.convex.cloud)"
    case .otherDeployment(let profile, let used, let named):
      "profile '\(profile)' uses the Convex deployment \(used), but CONVEX_URL names "
        + "\(Redaction.endpoint(named)); no token was minted or sent. Pass --url \(Redaction.endpoint(named)) "
        + "if that deployment is yours"
    }
  }

  /// A request-level error, with what to check for the codes that concern the token.
  ///
  /// - Parameters:
  ///   - code: Convex's error code (`NoAuthProvider`, `Unauthenticated`, …).
  ///   - message: Convex's message.
  ///   - jwt: the token that was sent, to show its `iss` and `aud`.
  ///   - template: the JWT template it was minted from (`nil`: the session token).
  /// - Returns: `.requestRefused` with a hint when one applies.
  package static func refused(
    code: String, message: String, jwt: String, template: String?
  ) -> ConvexError {
    let claims = (try? JWT(jwt))?.payload
    let issuer = claims?["iss"]?.stringValue.map(Redaction.endpoint) ?? "(none)"
    let audience = claims?["aud"].map(describe) ?? "(none)"
    let source = template.map { "the JWT template named '\($0)'" } ?? "the session token"
    let hint: String?
    switch code {
    case "NoAuthProvider":
      hint =
        "the token's iss/aud must match a provider in convex/auth.config.ts: domain (the "
        + "issuer) = your Clerk Frontend API URL, applicationID = \"convex\"; this token has "
        + "iss \(issuer) and aud \(audience): check that \(source) has aud \"convex\" "
        + "and that the config was pushed (npx convex dev)"
    case "Unauthenticated":
      hint =
        "Convex could not verify the token from \(issuer): check the signature keys "
        + "(\(issuer)/.well-known/jwks.json), that the token has exactly one aud, and your "
        + "clock; clerkctl doctor checks these"
    case "InvalidAuthHeader":
      hint =
        "the token is not an OIDC ID token Convex accepts: \(source) must give iss, sub, aud, "
        + "iat and exp"
    case "AuthProviderDiscoveryFailed":
      hint =
        "Convex could not fetch \(issuer)/.well-known/openid-configuration; check that the "
        + "issuer is your Clerk Frontend API URL and is reachable from the deployment"
    case "BadConvexFunctionIdentifier":
      hint = "a function path looks like module:function, e.g. messages:list or dir/file:fn"
    default:
      hint = nil
    }
    return .requestRefused(code: code, message: message, hint: hint)
  }

  private static func describe(_ audience: JSONValue) -> String {
    if let text = audience.stringValue { return "\"\(text)\"" }
    return audience.encoded
  }
}
