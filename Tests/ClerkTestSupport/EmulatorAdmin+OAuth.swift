import ClerkctlCore
import ClerkctlHTTP
import Foundation

/// The emulator as an OAuth provider, for tests of OAuth clients.
extension EmulatorAdmin {
  /// An OAuth application created over the Backend API.
  public struct OAuthApplication: Sendable, Equatable {
    /// The Backend API id (`oa_…`).
    public var id: String
    public var clientID: String
    /// `nil` for a public client.
    public var clientSecret: String?
  }

  /// Arms the next `/oauth/authorize` to answer at once for `user` (a code, or
  /// `error=access_denied` when `approve` is false), without the sign-in and consent pages.
  public func armOAuthConsent(user: String = "demo@example.com", approve: Bool = true) throws {
    _ = try send(
      "POST", "/__emulator/oauth/consent", body: ["user": .string(user), "approve": .bool(approve)])
  }

  /// Creates an OAuth application (Backend API `POST /v1/oauth_applications`).
  public func createOAuthApplication(
    name: String, redirectURIs: [String] = ["http://127.0.0.1/callback"],
    scopes: String = "openid profile email offline_access", isPublic: Bool = true
  ) throws -> OAuthApplication {
    let json = try send(
      "POST", "/v1/oauth_applications",
      body: [
        "name": .string(name), "redirect_uris": .array(redirectURIs.map(JSONValue.string)),
        "scopes": .string(scopes), "public": .bool(isPublic),
      ], secret: true)
    guard let id = json["id"]?.stringValue, let clientID = json["client_id"]?.stringValue else {
      throw AdminError(message: "POST /v1/oauth_applications: no id in \(json.encoded)")
    }
    let secret = json["client_secret"]?.stringValue
    return OAuthApplication(
      id: id, clientID: clientID, clientSecret: (secret?.isEmpty ?? true) ? nil : secret)
  }

  /// What the Backend API says of an access token
  /// (`POST /oauth_applications/access_tokens/verify`).
  package func verifyOAuthAccessToken(_ token: String) throws -> JSONValue {
    try send(
      "POST", "/oauth_applications/access_tokens/verify",
      body: ["access_token": .string(token)], secret: true)
  }

  /// Sets how long an application's next access tokens live (seconds, from 1) and, when
  /// given, their format (`jwt` or `opaque`).
  public func setOAuthAccessTokens(
    clientID: String = "demo_public_client", lifetime: Int, format: String? = nil
  ) throws {
    var body: [String: JSONValue] = ["access_token_lifetime": .int(Int64(lifetime))]
    if let format { body["access_token_format"] = .string(format) }
    _ = try send("POST", "/__emulator/oauth/applications/\(clientID)", body: .object(body))
  }

  /// Moves the emulator's clock ahead (`POST /__emulator/clock`).
  public func advanceClock(seconds: Double) throws {
    _ = try send("POST", "/__emulator/clock", body: ["advance": .double(seconds)])
  }
}
