import ClerkctlCore
import Foundation

/// OAuth applications (Clerk as an OAuth provider) in the data set and in a `--config` file.
extension EmulatorConfiguration {
  /// An OAuth application to create at start, named as the Backend API's `OAuthApplication`.
  package struct OAuthApplication: Sendable, Equatable {
    package var name: String
    /// A random one when nil.
    package var clientID: String?
    /// The confidential client's secret; a public client has none.
    package var clientSecret: String?
    package var redirectURIs: [String]
    /// The scopes it may ask for (Clerk's `profile email` when none are given).
    package var scopes: [String]
    package var isPublic: Bool
    package var consentScreenEnabled: Bool
    package var pkceRequired: Bool
    /// `jwt` (`typ: at+jwt`) or `opaque` (`oat_…`); nil follows the instance setting.
    package var accessTokenFormat: String?
    /// Seconds (Clerk: 86400).
    package var accessTokenLifetime: Int64

    package init(
      name: String, clientID: String? = nil, clientSecret: String? = nil,
      redirectURIs: [String] = [], scopes: [String] = ["profile", "email"],
      isPublic: Bool? = nil, consentScreenEnabled: Bool = true, pkceRequired: Bool = false,
      accessTokenFormat: String? = nil, accessTokenLifetime: Int64 = 86_400
    ) {
      self.name = name
      self.clientID = clientID
      self.clientSecret = clientSecret
      self.redirectURIs = redirectURIs
      self.scopes = scopes
      self.isPublic = isPublic ?? (clientSecret == nil)
      self.consentScreenEnabled = consentScreenEnabled
      self.pkceRequired = pkceRequired
      self.accessTokenFormat = accessTokenFormat
      self.accessTokenLifetime = accessTokenLifetime
    }
  }

  /// The seed's OAuth applications: a public PKCE client and a confidential one, both with
  /// the loopback redirect `http://127.0.0.1/callback` (any port) and every scope.
  package static let seedOAuthApplications = [
    OAuthApplication(
      name: "Demo CLI", clientID: "demo_public_client",
      redirectURIs: ["http://127.0.0.1/callback"],
      scopes: ["openid", "profile", "email", "offline_access", "public_metadata"]),
    OAuthApplication(
      name: "Demo Server", clientID: "demo_confidential_client",
      clientSecret: "demo_confidential_secret", redirectURIs: ["http://127.0.0.1/callback"],
      scopes: ["openid", "profile", "email", "offline_access", "public_metadata"]),
  ]

  private static let applicationKeys: Set<String> = [
    "name", "client_id", "client_secret", "redirect_uris", "scopes", "public",
    "consent_screen_enabled", "pkce_required", "access_token_format", "access_token_lifetime",
  ]

  /// Reads `oauth_applications` (`[{"name", "client_id", "client_secret", "redirect_uris",
  /// "scopes" (space-separated string or array), "public", "consent_screen_enabled",
  /// "pkce_required", "access_token_format": "jwt"|"opaque", "access_token_lifetime"}]`) and
  /// `oauth_application_settings` (`{"dynamic_oauth_client_registration",
  /// "oauth_jwt_access_tokens"}`). Client ids are unique; every key is checked.
  mutating func readOAuth(_ root: JSONValue) throws(EmulatorConfigurationError) {
    var applications: [OAuthApplication] = []
    for (index, item) in try Self.list(root, "oauth_applications").enumerated() {
      let key = "oauth_applications[\(index)]"
      if let unknown = item.objectValue?.keys.sorted().first(where: {
        !Self.applicationKeys.contains($0)
      }) {
        throw .invalid("\(key).\(unknown) is not a key of an OAuth application")
      }
      guard let name = item["name"]?.stringValue, !name.isEmpty, name.count <= 256 else {
        throw .invalid("\(key).name must be a string of 1 to 256 characters")
      }
      var application = OAuthApplication(name: name)
      application.clientID = try Self.token(item, "client_id", in: key)
      if let id = application.clientID, applications.contains(where: { $0.clientID == id }) {
        throw .invalid("\(key).client_id \(id) is used twice")
      }
      application.clientSecret = try Self.token(item, "client_secret", in: key)
      application.isPublic = application.clientSecret == nil
      if let value = item["public"], !value.isNull {
        guard let flag = value.boolValue else { throw .invalid("\(key).public must be a boolean") }
        guard !(flag && application.clientSecret != nil) else {
          throw .invalid("\(key): a public client has no client_secret")
        }
        application.isPublic = flag
      }
      if let value = item["redirect_uris"], !value.isNull {
        guard let uris = value.arrayValue?.compactMap(\.stringValue),
          uris.count == value.arrayValue?.count,
          uris.allSatisfy({ OAuthRedirectURI.isAbsolute($0) })
        else { throw .invalid("\(key).redirect_uris must be an array of absolute URIs") }
        application.redirectURIs = uris
      }
      if let value = item["scopes"], !value.isNull {
        let scopes =
          value.stringValue.map { $0.split(separator: " ").map(String.init) }
          ?? value.arrayValue?.compactMap(\.stringValue)
        guard let scopes, !scopes.isEmpty else {
          throw .invalid("\(key).scopes must be a space-separated string or an array of strings")
        }
        application.scopes = scopes
      }
      for (field, path) in [
        ("consent_screen_enabled", \OAuthApplication.consentScreenEnabled),
        ("pkce_required", \OAuthApplication.pkceRequired),
      ] {
        guard let value = item[field], !value.isNull else { continue }
        guard let flag = value.boolValue else {
          throw .invalid("\(key).\(field) must be a boolean")
        }
        application[keyPath: path] = flag
      }
      if let value = item["access_token_format"], !value.isNull {
        guard let format = value.stringValue, ["jwt", "opaque"].contains(format) else {
          throw .invalid("\(key).access_token_format must be \"jwt\" or \"opaque\"")
        }
        application.accessTokenFormat = format
      }
      if let value = item["access_token_lifetime"], !value.isNull {
        guard let seconds = value.intValue, (1...315_360_000).contains(seconds) else {
          throw .invalid("\(key).access_token_lifetime must be 1…315360000 seconds")
        }
        application.accessTokenLifetime = seconds
      }
      applications.append(application)
    }
    oauthApplications = applications
    guard let settings = root["oauth_application_settings"], !settings.isNull else { return }
    guard let members = settings.objectValue else {
      throw .invalid("oauth_application_settings must be an object")
    }
    for (name, value) in members {
      guard let flag = value.boolValue else {
        throw .invalid("oauth_application_settings.\(name) must be a boolean")
      }
      switch name {
      case "dynamic_oauth_client_registration": oauthDynamicClientRegistration = flag
      case "oauth_jwt_access_tokens": oauthJWTAccessTokens = flag
      default:
        throw .invalid(
          "oauth_application_settings.\(name) is not a setting (dynamic_oauth_client_registration, oauth_jwt_access_tokens)"
        )
      }
    }
  }

  /// An optional string of printable ASCII without spaces (1 to 256 characters).
  private static func token(
    _ item: JSONValue, _ field: String, in key: String
  ) throws(EmulatorConfigurationError) -> String? {
    guard let value = item[field], !value.isNull else { return nil }
    guard let text = value.stringValue, (1...256).contains(text.count),
      text.allSatisfy({ $0.isASCII && !$0.isWhitespace && !$0.isNewline })
    else { throw .invalid("\(key).\(field) must be 1 to 256 printable characters, no spaces") }
    return text
  }
}

extension EmulatorConfiguration {
  /// This configuration with `applications` as its OAuth applications.
  package func withOAuthApplications(_ applications: [OAuthApplication]) -> Self {
    var copy = self
    copy.oauthApplications = applications
    return copy
  }
}
