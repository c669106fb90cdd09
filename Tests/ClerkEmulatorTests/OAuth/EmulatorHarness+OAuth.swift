import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import Foundation
import Testing

@testable import ClerkEmulator

/// OAuth provider flows on the harness, through the same forms a browser posts.
extension EmulatorHarness {
  /// A PKCE pair: a verifier and its S256 challenge.
  struct PKCE {
    var verifier: String
    var challenge: String

    init(verifier: String = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk-0123") {
      self.verifier = verifier
      challenge = Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
    }
  }

  static let publicClient = "demo_public_client"
  static let confidentialClient = "demo_confidential_client"
  static let confidentialSecret = "demo_confidential_secret"
  static let loopbackRedirect = "http://127.0.0.1:53682/callback"

  /// The authorize target for a public PKCE client.
  static func authorizeTarget(
    client: String = publicClient, redirect: String = loopbackRedirect,
    scope: String = "openid profile email offline_access", state: String = "state-12345678",
    pkce: PKCE? = PKCE(), extra: [(String, String)] = []
  ) -> String {
    var fields = [
      ("response_type", "code"), ("client_id", client), ("redirect_uri", redirect),
      ("scope", scope), ("state", state),
    ]
    if let pkce {
      fields += [("code_challenge", pkce.challenge), ("code_challenge_method", "S256")]
    }
    return "/oauth/authorize?" + FormEncoding.encode(fields + extra)
  }

  /// The `value` of a hidden input of a page.
  static func hidden(_ name: String, in response: HTTPResponse) -> String? {
    let html = response.bodyText
    guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
    let rest = html[range.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// Posts one of the authorize page's forms.
  func postAuthorize(_ fields: [(String, String)], cookie: String? = nil) -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
    if let cookie { headers.add(name: "Cookie", value: cookie) }
    return send(
      "POST", "/oauth/authorize", headers: headers, body: Array(FormEncoding.encode(fields).utf8))
  }

  /// Opens `target`, signs in as `identifier` and answers the consent page; returns the final
  /// response (a redirect, normally).
  func consent(
    _ target: String, identifier: String = "demo@example.com", password: String = "demo-password",
    approve: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> HTTPResponse {
    let page = send("GET", target)
    #expect(page.status == 200, "\(page.bodyText)", sourceLocation: sourceLocation)
    let token = try #require(Self.hidden("form_token", in: page), sourceLocation: sourceLocation)
    let signedIn = postAuthorize([
      ("form_token", token), ("step", "sign_in"), ("identifier", identifier),
      ("password", password),
    ])
    guard signedIn.status == 200 else { return signedIn }
    let consentToken = try #require(
      Self.hidden("form_token", in: signedIn), sourceLocation: sourceLocation)
    return postAuthorize([
      ("form_token", consentToken), ("step", "consent"), ("decision", approve ? "allow" : "deny"),
    ])
  }

  /// The query of a redirect's `Location`.
  static func redirectQuery(_ response: HTTPResponse) -> FormData {
    let location = response.headers["Location"] ?? ""
    let query =
      location.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? ""
    return FormData(encoded: query)
  }

  /// A code for the public client, through the pages.
  func authorizationCode(
    pkce: PKCE = PKCE(), redirect: String = loopbackRedirect,
    scope: String = "openid profile email offline_access", client: String = publicClient,
    extra: [(String, String)] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let response = try consent(
      Self.authorizeTarget(
        client: client, redirect: redirect, scope: scope, pkce: pkce, extra: extra),
      sourceLocation: sourceLocation)
    #expect(response.status == 303, "\(response.bodyText)", sourceLocation: sourceLocation)
    return try #require(Self.redirectQuery(response)["code"], sourceLocation: sourceLocation)
  }

  /// `POST /oauth/token` with a form (and Basic credentials when given).
  func tokenRequest(_ fields: [(String, String)], basic: (String, String)? = nil) -> HTTPResponse {
    oauthForm("/oauth/token", fields, basic: basic)
  }

  /// A form POST to an OAuth endpoint.
  func oauthForm(
    _ path: String, _ fields: [(String, String)], basic: (String, String)? = nil,
    bearer: String? = nil
  ) -> HTTPResponse {
    var headers: HTTPHeaders = ["Content-Type": "application/x-www-form-urlencoded"]
    if let (id, secret) = basic {
      headers.add(
        name: "Authorization",
        value: "Basic " + Data("\(id):\(secret)".utf8).base64EncodedString())
    }
    if let bearer { headers.add(name: "Authorization", value: "Bearer \(bearer)") }
    return send("POST", path, headers: headers, body: Array(FormEncoding.encode(fields).utf8))
  }

  /// Exchanges a public client's code; returns the token reply's JSON.
  func exchange(
    _ code: String, pkce: PKCE = PKCE(), redirect: String = loopbackRedirect,
    client: String = publicClient, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> JSONValue {
    let response = tokenRequest([
      ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect),
      ("client_id", client), ("code_verifier", pkce.verifier),
    ])
    #expect(response.status == 200, "\(response.bodyText)", sourceLocation: sourceLocation)
    return try JSONValue(parsing: response.body)
  }

  /// Introspects a token; returns `active`.
  func isActive(_ token: String) throws -> Bool {
    let response = oauthForm("/oauth/token_info", [("token", token)])
    return try JSONValue(parsing: response.body)["active"]?.boolValue ?? false
  }
}
