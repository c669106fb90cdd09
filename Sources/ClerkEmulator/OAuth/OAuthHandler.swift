import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlJOSE
import Foundation

/// Clerk as an OAuth 2.1 / OpenID Connect provider: discovery, the authorization endpoint with
/// its HTML sign-in and consent pages, the token endpoint (authorization code with PKCE,
/// refresh with rotation), user info, introspection, revocation and dynamic registration on
/// the Frontend API; OAuth applications and access token verification on the Backend API; and
/// a small protected resource (`/mcp`) for MCP-style clients.
struct OAuthHandler: EmulatorSurface {
  let services: EmulatorServices

  func serveOAuth(_ endpoint: OAuthEndpoint, _ context: RequestContext) -> HTTPResponse {
    switch endpoint {
    case .serverMetadata: return json(OAuthDiscovery.serverMetadata(baseURL, store: storeFlags))
    case .authorize: return authorize(context)
    case .register: return register(context)
    case .token: return token(context)
    case .userInfo: return userInfo(context)
    case .tokenInfo: return tokenInfo(context)
    case .revoke: return revoke(context)
    case .listApplications, .createApplication, .getApplication, .updateApplication,
      .deleteApplication, .rotateSecret, .revokeApplicationToken, .getSettings, .updateSettings:
      return serveApplications(endpoint, context)
    case .verifyAccessToken: return verifyAccessToken(context)
    case .resourceMetadata: return json(resourceMetadata())
    case .protectedResource: return protectedResource(context)
    }
  }

  /// The instance settings discovery depends on.
  private var storeFlags: OAuthDiscovery.Flags {
    state.withStore { OAuthDiscovery.Flags(registration: $0.oauth.dynamicClientRegistration) }
  }

  /// An OAuth error reply (`Cache-Control: no-store`, as RFC 6749 asks of token replies).
  func oauthError(_ failure: OAuthFailure) -> HTTPResponse {
    var headers: HTTPHeaders = ["Cache-Control": "no-store"]
    if failure.status == 401 {
      headers.add(name: "WWW-Authenticate", value: "Basic realm=\"\(baseURL)\"")
    }
    return json(failure.body, status: failure.status, headers: headers)
  }

  /// Seconds since the epoch, now.
  var nowSeconds: Int64 { nowMilliseconds / 1000 }

  /// The base64url SHA-256 of a PKCE verifier: its S256 challenge.
  static func s256(_ verifier: String) -> String {
    Base64URL.encode(SHA256.hash(Array(verifier.utf8)))
  }

  /// Whether a PKCE verifier has RFC 7636's shape: 43 to 128 unreserved characters.
  static func isValidVerifier(_ verifier: String) -> Bool {
    (43...128).contains(verifier.utf8.count)
      && verifier.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
          || "-._~".unicodeScalars.contains($0)
      }
  }

  /// Whether `text` is unpadded base64url.
  static func isBase64URL(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "-" || $0 == "_"
    }
  }

  /// Splits a space-separated scope string, dropping empty parts and repeats (order kept).
  static func scopes(_ text: String) -> [String] {
    var seen: Set<String> = []
    return text.split(separator: " ").map(String.init).filter {
      seen.insert($0).inserted
    }
  }
}
