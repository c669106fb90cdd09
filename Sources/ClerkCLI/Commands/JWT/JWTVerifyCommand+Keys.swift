import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlJOSE
import ClerkctlKit
import FoundationEssentials

/// Where `jwt verify` gets its keys: a JWKS file, a JWKS URL, or OIDC discovery.
extension JWTVerifyCommand {
  /// The key set to verify `token` against, and the issuer its `iss` must match (`nil`: none).
  ///
  /// - Throws: `CLIError.unreadableFile` (exit 3) for a JWKS file that cannot be read;
  ///   ``UsageError`` with neither `--jwks`, `--issuer` nor a signed-in profile; `JWTError`
  ///   for a JWKS that is not usable, a token whose `iss` is not the expected issuer (checked
  ///   before anything is fetched), or a discovery or download that failed; `HTTPError` from
  ///   the transport.
  func keySet(for token: JWT, context: CommandContext) throws -> (JWKS, String?) {
    let discovery = OIDCDiscovery(http: try Self.httpClient(context))
    if let jwks {
      if jwks.contains("://") { return (try discovery.fetchJWKS(url: jwks), issuer) }
      return (try Self.readJWKSFile(jwks), issuer)
    }
    let issuer = try self.issuer ?? Self.profileIssuer(context)
    // The token says where it comes from; that is checked, never followed.
    try Self.requireIssuer(issuer, of: token)
    return (try discovery.jwks(issuer: issuer), issuer)
  }

  /// The selected profile's instance: what its tokens name as `iss`.
  ///
  /// - Throws: ``UsageError`` when the profile is not signed in.
  private static func profileIssuer(_ context: CommandContext) throws -> String {
    let profile = try context.profileName()
    guard let credential = try context.profileStore().load(profile: profile) else {
      throw UsageError(
        "no --issuer or --jwks, and profile '\(profile)' is not signed in, so there is no "
          + "instance to verify against: pass --issuer https://YOUR-FRONTEND-API-HOST or "
          + "--jwks FILE|URL (the token's own iss is never trusted)")
    }
    return credential.fapiURL
  }

  /// Refuses a token whose `iss` is not `issuer` (a trailing `/` aside) before any key is
  /// fetched.
  private static func requireIssuer(_ issuer: String, of token: JWT) throws(JWTError) {
    let iss = token.payload["iss"]?.stringValue
    guard let iss, trimmingOneSlash(iss) == trimmingOneSlash(issuer) else {
      throw .wrongIssuer(expected: issuer, got: iss ?? token.payload["iss"]?.encoded)
    }
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

  /// The largest JWKS file read (1 MiB).
  static let maxJWKSFileBytes = 1 << 20

  /// The key set in the file at `path`: a regular file, at most ``maxJWKSFileBytes``.
  private static func readJWKSFile(_ path: String) throws -> JWKS {
    let what = "the JWKS file"
    let data: [UInt8]
    do {
      data = try LocalFile.read(path, limit: Self.maxJWKSFileBytes)
    } catch .unreadable {
      throw CLIError.unreadableFile(what: what, path: path, reason: "it is not readable")
    } catch {
      throw CLIError.unreadableFile(what: what, path: path, reason: error.reason)
    }
    do {
      return try JWKS(bytes: data)
    } catch .invalidKey(let reason) {
      throw JWTError.invalidKey("\(reason) (in '\(path)')")
    } catch {
      throw error
    }
  }
}
