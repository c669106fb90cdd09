import ClerkctlCore
import ClerkctlHTTP

/// Finds and downloads an issuer's signing keys: OpenID Connect Discovery, then its JWKS.
package struct OIDCDiscovery: Sendable {
  /// How requests are sent.
  package let http: HTTPClient

  /// Discovery over `http`.
  package init(http: HTTPClient) {
    self.http = http
  }

  /// The `jwks_uri` from `<issuer>/.well-known/openid-configuration`.
  ///
  /// The document's `issuer` must be the issuer asked for (a trailing `/` on either is ignored),
  /// so one issuer cannot vouch for another's keys.
  ///
  /// - Throws: Transport errors from `http` unchanged; `JWTError.discoveryFailed` for a non-2xx
  ///   status, a body that is not a JSON object, an issuer mismatch or a missing `jwks_uri`.
  package func jwksURL(issuer: String) throws -> String {
    let base = Self.trimmingSlashes(issuer)
    let url = base + "/.well-known/openid-configuration"
    let body = try get(url)
    let document: JSONValue
    do {
      document = try JSONValue(parsing: body)
    } catch {
      throw JWTError.discoveryFailed(url: url, reason: "the response is not JSON (\(error))")
    }
    guard let advertised = document["issuer"]?.stringValue else {
      throw JWTError.discoveryFailed(url: url, reason: "the document has no 'issuer'")
    }
    guard Self.trimmingSlashes(advertised) == base else {
      throw JWTError.discoveryFailed(
        url: url,
        reason:
          "the document is for issuer '\(Redaction.endpoint(advertised))', not '\(Redaction.endpoint(issuer))'"
      )
    }
    guard let jwksURI = document["jwks_uri"]?.stringValue, !jwksURI.isEmpty else {
      throw JWTError.discoveryFailed(url: url, reason: "the document has no 'jwks_uri'")
    }
    return jwksURI
  }

  /// The key set at `url`.
  ///
  /// - Throws: Transport errors from `http` unchanged; `JWTError.discoveryFailed` for a non-2xx
  ///   status or a body that is not a JWKS.
  package func fetchJWKS(url: String) throws -> JWKS {
    let body = try get(url)
    do {
      return try JWKS(bytes: body)
    } catch {
      throw JWTError.discoveryFailed(url: url, reason: error.description)
    }
  }

  /// The key set of `issuer`: `jwksURL(issuer:)`, then `fetchJWKS(url:)`.
  package func jwks(issuer: String) throws -> JWKS {
    try fetchJWKS(url: jwksURL(issuer: issuer))
  }

  private func get(_ url: String) throws -> [UInt8] {
    var request = HTTPRequest(url: url)
    request.headers.add(name: "Accept", value: "application/json")
    let response = try http.send(request)
    guard response.isSuccess else {
      throw JWTError.discoveryFailed(
        url: url, reason: "the server answered HTTP \(response.status)")
    }
    return response.body
  }

  private static func trimmingSlashes(_ text: String) -> String {
    var result = Substring(text)
    while result.hasSuffix("/") { result = result.dropLast() }
    return String(result)
  }
}
