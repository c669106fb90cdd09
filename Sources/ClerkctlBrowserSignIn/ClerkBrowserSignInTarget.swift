import ClerkctlWire

/// Who vouches for the user in `ClerkAuthProvider.loginWithBrowser`: a social provider
/// enabled on the instance, or the enterprise SSO connection of an email address's domain.
///
/// A struct with factories, not an enum, so more targets can come without breaking a
/// `switch`.
public struct ClerkBrowserSignInTarget: Sendable, Hashable {
  let target: BrowserSignIn.Target

  private init(_ target: BrowserSignIn.Target) {
    self.target = target
  }

  /// A social provider enabled on the instance: `google`, `github`, … (Clerk's
  /// `oauth_PROVIDER` strategy).
  public static func oauth(provider: String) -> ClerkBrowserSignInTarget {
    ClerkBrowserSignInTarget(.oauth(provider: provider))
  }

  /// Enterprise SSO (SAML or OIDC) for `email`'s domain (Clerk's `enterprise_sso` strategy).
  public static func sso(email: String) -> ClerkBrowserSignInTarget {
    ClerkBrowserSignInTarget(.sso(email: email))
  }

  /// Clerk's strategy name: `oauth_google`, `enterprise_sso`.
  public var strategy: String { target.strategy.rawValue }
}
