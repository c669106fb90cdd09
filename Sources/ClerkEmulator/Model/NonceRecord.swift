import Foundation

/// A `rotating_token_nonce` handed to the redirect URL: single use, bound to one client and
/// sign-in, and accepted only with the client token the client held before the callback.
struct NonceRecord: Sendable {
  var clientID: String
  var signInID: String
  /// The client token before the callback rotated it.
  var previousToken: String
  var used = false
}
