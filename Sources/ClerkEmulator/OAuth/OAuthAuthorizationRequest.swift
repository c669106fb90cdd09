/// A checked `/oauth/authorize` request, carried by the sign-in and consent pages (under a
/// random form token) until the user allows or denies it.
struct OAuthAuthorizationRequest: Sendable, Equatable {
  var clientID: String
  /// The redirect URI to send the answer to: the request's, or the application's only one.
  var redirectURI: String
  var redirectURIGiven: Bool
  var scopes: [String]
  var state: String?
  var codeChallenge: String?
  var nonce: String?
  var resource: String?
  var responseMode: String
  var prompt: [String]
  /// The user once signed in on the page.
  var userID: String?
  /// The user whose password was right and whose second factor is asked for next.
  var secondFactorUserID: String?
  /// Milliseconds since the epoch: the form token stops working then.
  var expiresAt: Int64
}
