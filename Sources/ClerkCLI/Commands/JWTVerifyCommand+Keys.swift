import ClerkKit
import FoundationEssentials

/// Where `jwt verify` gets its keys: a JWKS file, a JWKS URL, or OIDC discovery.
extension JWTVerifyCommand {
  /// The key set to verify `token` against, and the issuer its `iss` must match (`nil`: none).
  ///
  /// - Throws: `CLIError.unreadableFile` (exit 3) for a JWKS file that cannot be read;
  ///   `JWTError` for a JWKS that is not usable, a token whose `iss` cannot be discovered, or a
  ///   discovery or download that failed; `HTTPError` from the transport.
  func keySet(for token: JWT, context: CommandContext) throws -> (JWKS, String?) {
    let discovery = OIDCDiscovery(http: try Self.httpClient(context))
    if let jwks {
      if jwks.contains("://") { return (try discovery.fetchJWKS(url: jwks), issuer) }
      return (try Self.readJWKSFile(jwks), issuer)
    }
    let issuer = try self.issuer ?? Self.discoverableIssuer(of: token)
    if self.issuer == nil {
      context.note(
        "clerkctl: using the keys of the token's own issuer '\(issuer)'; "
          + "pass --issuer to require a particular one")
    }
    return (try discovery.jwks(issuer: issuer), issuer)
  }

  /// The project's HTTP client, each request bounded by the request timeout.
  private static func httpClient(_ context: CommandContext) throws -> HTTPClient {
    let client = context.httpClient()
    let timeout = try context.requestTimeout()
    return HTTPClient { request in
      var bounded = request
      bounded.timeout = timeout
      bounded.connectTimeout = min(request.connectTimeout, timeout)
      return try client.send(bounded)
    }
  }

  /// The token's unverified `iss`, when it is an http(s) URL discovery can start from.
  private static func discoverableIssuer(of token: JWT) throws(JWTError) -> String {
    guard let value = token.payload["iss"] else {
      throw .invalidClaim(
        name: "iss",
        reason: "the token has none, so its keys cannot be found; "
          + "pass --jwks FILE|URL or --issuer URL")
    }
    guard let iss = value.stringValue else {
      throw .invalidClaim(name: "iss", reason: "expected a URL string, got \(value.encoded)")
    }
    let lowered = iss.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
      throw .invalidClaim(
        name: "iss",
        reason: "'\(iss)' is not an http(s) URL, so OIDC discovery cannot find its keys; "
          + "pass --jwks FILE|URL")
    }
    return iss
  }

  /// The key set in the file at `path`.
  private static func readJWKSFile(_ path: String) throws -> JWKS {
    let files = FileManager.default
    var isDirectory = false
    let what = "the JWKS file"
    guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw CLIError.unreadableFile(what: what, path: path, reason: "no such file")
    }
    guard !isDirectory else {
      throw CLIError.unreadableFile(what: what, path: path, reason: "it is a directory")
    }
    guard let data = files.contents(atPath: path) else {
      throw CLIError.unreadableFile(what: what, path: path, reason: "it is not readable")
    }
    do {
      return try JWKS(bytes: Array(data))
    } catch .invalidKey(let reason) {
      throw JWTError.invalidKey("\(reason) (in '\(path)')")
    } catch {
      throw error
    }
  }
}
