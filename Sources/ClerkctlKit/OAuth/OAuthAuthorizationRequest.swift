import ClerkctlCore

/// One authorization-code request with PKCE (RFC 6749 §4.1, RFC 7636): the URL to open, and
/// what checks and redeems the redirect — the `state` it must carry and the verifier.
package struct OAuthAuthorizationRequest: Sendable, CustomStringConvertible {
  /// The instance (Frontend API base URL) the grant is bound to.
  package let fapiURL: String
  package let endpoints: OAuthEndpoints
  package let clientID: String
  package let redirectURI: String
  package let scopes: [String]
  /// The protected resource (RFC 8707 `resource`), for an MCP server.
  package let resource: String?
  /// The random `state`: a redirect without it is not this sign-in's.
  package let state: String
  package let pkce: PKCE

  /// A new request, its `state` and verifier from the system CSPRNG.
  package init(
    fapiURL: String, endpoints: OAuthEndpoints, clientID: String, redirectURI: String,
    scopes: [String], resource: String? = nil
  ) throws(ClerkError) {
    self.init(
      fapiURL: fapiURL, endpoints: endpoints, clientID: clientID, redirectURI: redirectURI,
      scopes: scopes, resource: resource, state: Base64URL.encode(try SystemRandom.bytes(32)),
      pkce: try PKCE())
  }

  /// A request with a given `state` and PKCE pair (tests).
  package init(
    fapiURL: String, endpoints: OAuthEndpoints, clientID: String, redirectURI: String,
    scopes: [String], resource: String?, state: String, pkce: PKCE
  ) {
    self.fapiURL = fapiURL
    self.endpoints = endpoints
    self.clientID = clientID
    self.redirectURI = redirectURI
    self.scopes = scopes
    self.resource = resource
    self.state = state
    self.pkce = pkce
  }

  /// The authorization endpoint with the request's parameters.
  package var url: String {
    var fields = [
      ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI),
      ("scope", scopes.joined(separator: " ")), ("state", state),
      ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method),
    ]
    if let resource { fields.append(("resource", resource)) }
    let separator = endpoints.authorization.contains("?") ? "&" : "?"
    return endpoints.authorization + separator + FormEncoding.encode(fields)
  }

  /// The code of `callback`, once it is this request's answer.
  ///
  /// - Throws: `OAuthError.stateMismatch` for another `state`; `.issuerMismatch` for an `iss`
  ///   that is not the issuer; `.authorizationDenied` for an error answer.
  package func code(from callback: OAuthCallback) throws(OAuthError) -> String {
    guard let received = callback.state, Self.equal(received, state) else {
      throw .stateMismatch
    }
    if let issuer = callback.issuer, issuer != endpoints.issuer {
      throw .issuerMismatch(expected: endpoints.issuer, found: issuer)
    }
    if let error = callback.error {
      throw .authorizationDenied(error: error, description: callback.errorDescription)
    }
    guard let code = callback.code else {
      throw .authorizationDenied(error: "invalid_request", description: "no code")
    }
    return code
  }

  /// Compares without stopping at the first difference.
  private static func equal(_ left: String, _ right: String) -> Bool {
    let a = Array(left.utf8)
    let b = Array(right.utf8)
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  package var description: String {
    "OAuthAuthorizationRequest(clientID: \(clientID), redirectURI: \(redirectURI), "
      + "scopes: \(scopes), state: <redacted>, pkce: <redacted>)"
  }
}
