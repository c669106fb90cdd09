import Foundation

/// The errors of browser (OAuth / enterprise SSO) sign-ins.
extension ClerkAPIFailure {
  /// A production instance refusing a redirect URL that is not on its allowlist.
  static func redirectMismatch(_ url: String, param: String) -> Self {
    Self(
      status: 400, code: "resource_missmatch", message: "Redirect URL mismatch",
      longMessage:
        "The redirect URL \(url) does not match an authorized redirect URI for this instance. "
        + "Add it to the allowlist for mobile SSO redirects (Native applications).",
      paramName: param)
  }

  static let nonceInvalid = Self(
    status: 400, code: "rotating_token_nonce_invalid", message: "Invalid nonce",
    longMessage:
      "The rotating token nonce is unknown, was already used, or does not belong to this client "
      + "and sign-in.",
    paramName: "rotating_token_nonce")

  static let accountTransferInvalid = Self(
    status: 400, code: "account_transfer_invalid", message: "Invalid account transfer",
    longMessage: "There is no account to transfer")

  static let oauthStateInvalid = Self(
    status: 400, code: "oauth_callback_invalid", message: "Invalid OAuth callback",
    longMessage: "The OAuth state is unknown, expired or was already used.", paramName: "state")
}
