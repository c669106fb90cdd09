/// How a Clerk factor is verified (`strategy` of a sign-in factor, a verification, a
/// `prepare_*`/`attempt_*` form). Shared by the client and clerk-emulator, so both speak the
/// same wire values; a value this version does not know is kept as `unknown`, and every value
/// encodes back to the string it was read from.
package enum FactorStrategy: WireValue {
  case password
  case emailCode
  case phoneCode
  case emailLink
  case totp
  case backupCode
  case ticket
  case passkey
  case saml
  case enterpriseSSO
  case resetPasswordEmailCode
  case resetPasswordPhoneCode
  case googleOneTap
  case trustedDevice
  /// `oauth_<provider>`: `google`, `github`, `custom_<name>`, `token_<provider>` …
  case oauth(provider: String)
  /// `web3_<wallet>_signature`: `metamask`, `coinbase_wallet` …
  case web3(wallet: String)
  case unknown(String)

  /// Every strategy Clerk documents without a parameter.
  package static let documented: [FactorStrategy] = [
    .password, .emailCode, .phoneCode, .emailLink, .totp, .backupCode, .ticket, .passkey, .saml,
    .enterpriseSSO, .resetPasswordEmailCode, .resetPasswordPhoneCode, .googleOneTap,
    .trustedDevice,
  ]

  private static let oauthPrefix = "oauth_"
  private static let web3Prefix = "web3_"
  private static let web3Suffix = "_signature"

  package init(rawValue: String) {
    if let known = Self.documented.first(where: { $0.rawValue == rawValue }) {
      self = known
    } else if rawValue.hasPrefix(Self.oauthPrefix), rawValue.count > Self.oauthPrefix.count {
      self = .oauth(provider: String(rawValue.dropFirst(Self.oauthPrefix.count)))
    } else if rawValue.hasPrefix(Self.web3Prefix), rawValue.hasSuffix(Self.web3Suffix),
      rawValue.count > Self.web3Prefix.count + Self.web3Suffix.count
    {
      self = .web3(
        wallet: String(
          rawValue.dropFirst(Self.web3Prefix.count).dropLast(Self.web3Suffix.count)))
    } else {
      self = .unknown(rawValue)
    }
  }

  /// The wire value, e.g. `email_code` or `oauth_github`.
  package var rawValue: String {
    switch self {
    case .password: return "password"
    case .emailCode: return "email_code"
    case .phoneCode: return "phone_code"
    case .emailLink: return "email_link"
    case .totp: return "totp"
    case .backupCode: return "backup_code"
    case .ticket: return "ticket"
    case .passkey: return "passkey"
    case .saml: return "saml"
    case .enterpriseSSO: return "enterprise_sso"
    case .resetPasswordEmailCode: return "reset_password_email_code"
    case .resetPasswordPhoneCode: return "reset_password_phone_code"
    case .googleOneTap: return "google_one_tap"
    case .trustedDevice: return "trusted_device"
    case .oauth(let provider): return Self.oauthPrefix + provider
    case .web3(let wallet): return Self.web3Prefix + wallet + Self.web3Suffix
    case .unknown(let value): return value
    }
  }

  /// The form field that names it, `("strategy", rawValue)`.
  package var formField: (String, String) { ("strategy", rawValue) }

  /// An email or phone one-time code (`email_code`, `phone_code`).
  package var isSentCode: Bool { self == .emailCode || self == .phoneCode }

  /// A sign-in through a browser round trip to a provider (`oauth_*`, `enterprise_sso`).
  package var isBrowserRoundTrip: Bool {
    switch self {
    case .oauth, .enterpriseSSO: return true
    default: return false
    }
  }
}
