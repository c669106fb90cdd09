import Foundation

/// The browser sign-in part of the configuration, as the store keeps it.
struct BrowserSignInSettings: Sendable {
  var socialProviders: [String] = []
  var production = false
  var redirectAllowlist: [String] = []
  var autoApprove: String?
}
