import ClerkctlCore
import ClerkctlJOSE
import Foundation

/// Checks an `Authorization` header the way Convex's backend checks an OIDC provider's JWT
/// (one provider: `domain` = the FAPI URL, `applicationID` = `convex`).
///
/// Order: header form; decode without verifying; provider match (issuer after normalisation,
/// audience contains the application id) else `NoAuthProvider`; then RS256 signature against
/// the instance JWKS, exact issuer, a single audience and `now < exp` (no leeway) else
/// `Unauthenticated`.
struct ConvexAuthenticator: Sendable {
  /// A request-level failure: HTTP status, Convex code and message.
  struct Failure: Error, Equatable {
    var status: Int
    var code: String
    var message: String
  }

  let issuer: String
  let applicationID: String
  let jwks: JWKS
  let now: Date

  /// The identity for the header: `nil` when unauthenticated, else Convex's
  /// `UserIdentity` object.
  func identity(authorization: String?) -> Result<JSONValue?, Failure> {
    guard let header = authorization else { return .success(nil) }
    guard header.count >= 7 else {
      return .failure(
        Failure(status: 400, code: "InvalidHeaderFailure", message: "Invalid authentication header")
      )
    }
    guard header.lowercased().hasPrefix("bearer ") else {
      return .failure(Failure(status: 400, code: "InvalidAdminKey", message: "Invalid admin key"))
    }
    let token = String(header.dropFirst(7)).trimmingSpaces
    guard let jwt = try? JWT(token) else {
      return .failure(
        Failure(
          status: 401, code: "InvalidAuthHeader",
          message: "Could not parse JWT payload. Check that the token is a valid JWT format with "
            + "three base64-encoded parts separated by dots."))
    }
    let payload = jwt.payload
    guard let tokenIssuer = payload["iss"]?.stringValue else {
      return .failure(
        Failure(
          status: 401, code: "InvalidAuthHeader",
          message: "Missing issuer claim ('iss') in JWT payload. Check that the token includes "
            + "an 'iss' claim."))
    }
    let audiences: [String]
    switch payload["aud"] {
    case .string(let value): audiences = [value]
    case .array(let values): audiences = values.compactMap(\.stringValue)
    default: audiences = []
    }
    guard Self.normalise(tokenIssuer) == Self.normalise(issuer), audiences.contains(applicationID)
    else {
      return .failure(
        Failure(
          status: 401, code: "NoAuthProvider",
          message: "No auth provider found matching the given token. Check that your JWT's "
            + "issuer and audience match one of your configured providers: "
            + "[OIDC(domain=\(issuer), app_id=\(applicationID))]"))
    }
    guard payload["sub"]?.stringValue != nil, let exp = payload["exp"]?.intValue,
      payload["iat"]?.intValue != nil
    else {
      return .failure(
        Failure(
          status: 401, code: "InvalidAuthHeader",
          message: "Could not parse as OIDC ID token. Token might not be an OIDC-compatible token.")
      )
    }
    let unauthenticated = Failure(
      status: 401, code: "Unauthenticated",
      message: "Could not verify OIDC token claim. Check that the token signature is valid and "
        + "the token hasn't expired.")
    // The library check covers signature and key; its time check is disabled by a wide leeway
    // because Convex's rule (reject when now >= exp, no leeway, nbf ignored) is applied here.
    let options = JWTVerifier.Options(leeway: 315_360_000, issuer: nil, audience: nil, now: now)
    // Convex's OIDC verifier takes a JOSE `typ` only when absent, `JWT` or `JOSE` (any case,
    // `application/` optional): an OAuth access token's `at+jwt` fails here.
    let type = (try? JWTParts(token).header())?["typ"]?.stringValue?.lowercased()
    guard jwt.algorithm == "RS256",
      type == nil || ["jwt", "jose", "application/jwt", "application/jose"].contains(type ?? ""),
      (try? JWTVerifier(keys: jwks).verify(token, options: options)) != nil,
      tokenIssuer == issuer, audiences.count == 1,
      Int64(now.timeIntervalSince1970.rounded(.down)) < exp
    else { return .failure(unauthenticated) }
    return .success(Self.userIdentity(payload))
  }

  private static func normalise(_ url: String) -> String {
    var url = url.contains("://") ? url : "https://" + url
    while url.hasSuffix("/") { url.removeLast() }
    return url
  }

  /// Convex's `UserIdentity`: tokenIdentifier, subject, issuer, the standard OIDC claims in
  /// camelCase, and every other claim except `jti`, `nbf`, `fva` and the registered ones.
  static func userIdentity(_ payload: JSONValue) -> JSONValue {
    let members = payload.objectValue ?? [:]
    let issuer = members["iss"]?.stringValue ?? ""
    let subject = members["sub"]?.stringValue ?? ""
    var identity: [String: JSONValue] = [
      "tokenIdentifier": .string(issuer + "|" + subject), "subject": .string(subject),
      "issuer": .string(issuer),
    ]
    let standard: [String: String] = [
      "name": "name", "given_name": "givenName", "family_name": "familyName",
      "nickname": "nickname", "preferred_username": "preferredUsername", "profile": "profileUrl",
      "picture": "pictureUrl", "email": "email", "email_verified": "emailVerified",
      "gender": "gender", "birthdate": "birthday", "zoneinfo": "timezone", "locale": "language",
      "phone_number": "phoneNumber", "phone_number_verified": "phoneNumberVerified",
      "address": "address", "updated_at": "updatedAt",
    ]
    let dropped: Set<String> = ["iss", "sub", "aud", "exp", "iat", "nbf", "jti", "fva"]
    for (claim, value) in members where !dropped.contains(claim) {
      identity[standard[claim] ?? claim] = value
    }
    return .object(identity)
  }
}
