import ClerkctlCore
import ClerkctlCrypto
import Foundation

/// The emulator's data set: users, JWT templates, organizations and memberships, and the session
/// token lifetime.
///
/// `seed` is the contract's default data; `init(json:)` reads a `--config` file, which replaces
/// the seed entirely (a key left out means an empty list or the default lifetime).
package struct EmulatorConfiguration: Sendable, Equatable {
  /// A user to create at start: an email address, a phone number or a username (at least one).
  package struct User: Sendable, Equatable {
    package var email: String?
    package var password: String?
    /// Base32 TOTP secret; enrols a TOTP second factor.
    package var totpSecret: String?
    package var firstName: String?
    package var lastName: String?
    package var username: String?
    package var publicMetadata: JSONValue
    /// E.164 phone number (`+15555550100`).
    package var phone: String?
    /// Backup codes, each good for one sign-in (they back up the TOTP second factor).
    package var backupCodes: [String]

    package init(
      email: String? = nil, password: String? = nil, totpSecret: String? = nil,
      firstName: String? = nil, lastName: String? = nil, username: String? = nil,
      publicMetadata: JSONValue = [:], phone: String? = nil, backupCodes: [String] = []
    ) {
      self.email = email
      self.password = password
      self.totpSecret = totpSecret
      self.firstName = firstName
      self.lastName = lastName
      self.username = username
      self.publicMetadata = publicMetadata
      self.phone = phone
      self.backupCodes = backupCodes
    }
  }

  /// A JWT template to create at start.
  package struct Template: Sendable, Equatable {
    package var name: String
    package var claims: JSONValue
    /// Seconds; Clerk's default is 60.
    package var lifetime: Int64
    /// Seconds; Clerk's default is 5.
    package var allowedClockSkew: Int64

    package init(name: String, claims: JSONValue, lifetime: Int64 = 60, allowedClockSkew: Int64 = 5)
    {
      self.name = name
      self.claims = claims
      self.lifetime = lifetime
      self.allowedClockSkew = allowedClockSkew
    }
  }

  /// Development (any redirect URL) or production (only allowlisted redirect URLs).
  package enum Instance: String, Sendable, Equatable {
    case development, production
  }

  package var users: [User]
  package var templates: [Template]
  /// Session token lifetime in seconds (Clerk: 60).
  package var sessionTokenLifetime: Int64
  /// Social providers offered in `/v1/environment` (`google` → `oauth_google`).
  package var socialProviders: [String] = ["google", "github"]
  /// The instance type; production checks browser sign-in redirect URLs against the allowlist.
  package var instance: Instance = .development
  /// Redirect URLs a production instance accepts for browser sign-in (exact match).
  package var redirectAllowlist: [String] = []
  /// When set, the fake provider page picks this user and submits itself (for tests driving a
  /// real browser that cannot click).
  package var oauthAutoApprove: String?
  /// Organizations and who belongs to them with which role (see `Organization`, `Membership`).
  package var organizations: [Organization] = []
  package var memberships: [Membership] = []
  /// Machines for M2M tokens (see `Machine`); none in the seed.
  package var machines: [Machine] = []
  /// OAuth applications (Clerk as an OAuth provider; see `OAuthApplication`), and the
  /// instance's OAuth settings: dynamic client registration and JWT access tokens.
  package var oauthApplications: [OAuthApplication] = []
  package var oauthDynamicClientRegistration = true
  package var oauthJWTAccessTokens = true
  /// Where the signing key is kept (`key_file`; see ``EmulatorKeyFile``), relative to the
  /// config file's directory when read by ``load(path:)``.
  package var keyFile: String?

  package init(
    users: [User], templates: [Template], sessionTokenLifetime: Int64 = 60,
    organizations: [Organization] = [], memberships: [Membership] = []
  ) {
    self.users = users
    self.templates = templates
    self.sessionTokenLifetime = sessionTokenLifetime
    self.organizations = organizations
    self.memberships = memberships
  }

  /// The contract's seed data.
  package static let seed = EmulatorConfiguration(
    users: [
      User(email: "demo@example.com", password: "demo-password", firstName: "Demo"),
      User(email: "demo+clerk_test@example.com", firstName: "Demo", lastName: "Test"),
      User(
        email: "mfa@example.com", password: "demo-password", totpSecret: "JBSWY3DPEHPK3PXP",
        firstName: "Mfa", backupCodes: (1...10).map { "backup-" + String(10_000 + $0).dropFirst() }),
      User(username: "phoneuser", phone: "+15555550100"),
    ],
    templates: [
      Template(name: "convex", claims: ["aud": "convex", "sub": "{{user.id}}"]),
      Template(
        name: "convex-org",
        claims: [
          "aud": "convex", "sub": "{{user.id}}", "org_id": "{{org.id}}",
          "org_role": "{{org.role}}",
        ]),
    ],
    organizations: [
      Organization(name: "Acme Inc", slug: "acme"), Organization(name: "Globex", slug: "globex"),
    ],
    memberships: [
      Membership(organization: "acme", user: "demo@example.com", role: "org:admin"),
      Membership(organization: "globex", user: "demo@example.com", role: "org:member"),
    ]
  ).withOAuthApplications(seedOAuthApplications)

  /// Reads a configuration file's JSON.
  ///
  /// Shape: `{"users":[{"email","phone","username","password","totp_secret","backup_codes",
  /// "first_name","last_name","public_metadata"}], "templates":[{"name","claims","lifetime","allowed_clock_skew"}],
  /// "session_token_lifetime":60, "social_providers":["google","github"],
  /// "instance":"development"|"production", "redirect_allowlist":[URL], "oauth_auto_approve":
  /// EMAIL, "organizations":[{"name","slug","public_metadata","max_allowed_memberships"}],
  /// "memberships":[{"organization":SLUG,"user":EMAIL or USERNAME,"role":"org:admin"}],
  /// "machines":[{"name","id","secret_key","scoped_machines":[NAME or ID],"default_token_ttl"}]}`.
  /// Organization slugs are unique, lowercase letters, digits and `-`; `max_allowed_memberships`
  /// defaults to 5 (0 = unlimited). A membership names a configured organization by slug and a
  /// configured user; its role is a key with Clerk's `org:` prefix, and any role used here
  /// becomes one of the instance's roles besides `org:admin` and `org:member`.
  /// - Throws: `EmulatorConfigurationError.invalid` naming the offending field.
  package init(json bytes: [UInt8]) throws(EmulatorConfigurationError) {
    let root: JSONValue
    do { root = try JSONValue(parsing: bytes) } catch {
      throw .invalid("not valid JSON (\(error.description))")
    }
    guard root.objectValue != nil else { throw .invalid("the top level must be an object") }
    try Self.checkKeys(root)
    var users: [User] = []
    for (index, item) in try Self.list(root, "users").enumerated() {
      let email = item["email"]?.stringValue
      if let email, !email.contains("@") {
        throw .invalid("users[\(index)].email must be an email address")
      }
      if let secret = item["totp_secret"]?.stringValue, Base32.decode(secret) == nil {
        throw .invalid("users[\(index)].totp_secret must be base32")
      }
      var user = User(
        email: email, password: item["password"]?.stringValue,
        totpSecret: item["totp_secret"]?.stringValue,
        firstName: item["first_name"]?.stringValue, lastName: item["last_name"]?.stringValue,
        username: item["username"]?.stringValue,
        publicMetadata: item["public_metadata"] ?? [:])
      try Self.readSignInIdentities(item, index: index, into: &user)
      users.append(user)
    }
    var templates: [Template] = []
    for (index, item) in try Self.list(root, "templates").enumerated() {
      guard let name = item["name"]?.stringValue, !name.isEmpty else {
        throw .invalid("templates[\(index)].name must be a non-empty string")
      }
      guard let claims = item["claims"], claims.objectValue != nil else {
        throw .invalid("templates[\(index)].claims must be an object")
      }
      let lifetime = item["lifetime"]?.intValue ?? 60
      let skew = item["allowed_clock_skew"]?.intValue ?? 5
      guard lifetime > 0, (0...300).contains(skew) else {
        throw .invalid("templates[\(index)]: lifetime must be > 0 and allowed_clock_skew 0…300")
      }
      templates.append(
        Template(name: name, claims: claims, lifetime: lifetime, allowedClockSkew: skew))
    }
    let lifetime = root["session_token_lifetime"]?.intValue ?? 60
    guard lifetime > 0 else { throw .invalid("session_token_lifetime must be > 0") }
    self.init(users: users, templates: templates, sessionTokenLifetime: lifetime)
    try readBrowserSignIn(root)
    try readOrganizations(root)
    try readMachines(root)
    try readOAuth(root)
    try readKeyFile(root)
  }

  /// Reads `social_providers`, `instance`, `redirect_allowlist` and `oauth_auto_approve`.
  private mutating func readBrowserSignIn(_ root: JSONValue) throws(EmulatorConfigurationError) {
    func strings(_ key: String) throws(EmulatorConfigurationError) -> [String]? {
      guard let value = root[key], !value.isNull else { return nil }
      guard let items = value.arrayValue?.compactMap(\.stringValue),
        items.count == value.arrayValue?.count
      else { throw .invalid("\(key) must be an array of strings") }
      return items
    }
    if let providers = try strings("social_providers") {
      guard providers.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("oauth_") }) else {
        throw .invalid("social_providers entries are names like \"google\" (no oauth_ prefix)")
      }
      socialProviders = providers
    }
    if let text = root["instance"]?.stringValue {
      guard let instance = Instance(rawValue: text) else {
        throw .invalid("instance must be \"development\" or \"production\"")
      }
      self.instance = instance
    }
    if let allowlist = try strings("redirect_allowlist") { redirectAllowlist = allowlist }
    oauthAutoApprove = root["oauth_auto_approve"]?.stringValue
  }

  /// Reads a user's `phone` and `backup_codes`, and checks the user has an identifier.
  private static func readSignInIdentities(
    _ item: JSONValue, index: Int, into user: inout User
  ) throws(EmulatorConfigurationError) {
    if let phone = item["phone"]?.stringValue {
      guard UserRecord.normalizedPhone(phone) == phone, phone.count >= 8 else {
        throw .invalid("users[\(index)].phone must be an E.164 number like +15555550100")
      }
      user.phone = phone
    }
    if let value = item["backup_codes"], !value.isNull {
      guard let codes = value.arrayValue?.compactMap(\.stringValue),
        codes.count == value.arrayValue?.count, codes.allSatisfy({ !$0.isEmpty })
      else { throw .invalid("users[\(index)].backup_codes must be an array of non-empty strings") }
      guard codes.isEmpty || user.totpSecret != nil else {
        throw .invalid(
          "users[\(index)].backup_codes need a totp_secret (they back up a second factor)")
      }
      user.backupCodes = codes
    }
    guard user.email != nil || user.phone != nil || user.username != nil else {
      throw .invalid("users[\(index)] needs an email, a phone or a username")
    }
  }

  /// Reads a configuration file.
  /// - Throws: `EmulatorConfigurationError.unreadable` or `.invalid`.
  package static func load(path: String) throws(EmulatorConfigurationError) -> Self {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw .unreadable(path)
    }
    var configuration = try Self(json: [UInt8](data))
    configuration.resolveKeyFile(relativeTo: path)
    return configuration
  }

  static func list(
    _ root: JSONValue, _ key: String
  ) throws(EmulatorConfigurationError)
    -> [JSONValue]
  {
    guard let value = root[key], !value.isNull else { return [] }
    guard let items = value.arrayValue, items.allSatisfy({ $0.objectValue != nil }) else {
      throw .invalid("\(key) must be an array of objects")
    }
    return items
  }
}
