import ClerkctlCore
import Foundation

/// What a Frontend API handler decided under the lock; signing happens after it is released.
struct FrontendReply: Sendable {
  /// The body (the envelope, or for token endpoints the claims' placeholder).
  var body: JSONValue
  /// Issue a new client token for this client and return it in `Authorization`.
  var issueClientToken: (clientID: String, claims: JSONValue)?
  /// Send an empty `Authorization` header: the client is gone.
  var clearClientToken = false
  /// For token endpoints: sign these claims and answer `{"object":"token","jwt":…}`.
  var tokenClaims: JSONValue?
  /// Which `cat` the token endpoint's JWT carries.
  var tokenCategory = JWTCategory.session

  init(body: JSONValue) { self.body = body }

  /// `{"response": response, "client": client}`.
  static func envelope(_ response: JSONValue, client: JSONValue) -> FrontendReply {
    FrontendReply(body: ["response": response, "client": client])
  }
}
