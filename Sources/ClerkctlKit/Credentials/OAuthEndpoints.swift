/// The endpoints of an OAuth authorization server (RFC 8414 metadata), as a profile keeps them.
/// Every one is on the issuer's origin: `OAuthAccount` refuses metadata that names another.
package struct OAuthEndpoints: Sendable, Equatable {
  /// `issuer`, as the metadata states it.
  package var issuer: String
  package var authorization: String
  package var token: String
  package var userinfo: String?
  package var revocation: String?
  package var introspection: String?
  package var registration: String?

  package init(
    issuer: String, authorization: String, token: String, userinfo: String? = nil,
    revocation: String? = nil, introspection: String? = nil, registration: String? = nil
  ) {
    self.issuer = issuer
    self.authorization = authorization
    self.token = token
    self.userinfo = userinfo
    self.revocation = revocation
    self.introspection = introspection
    self.registration = registration
  }

  /// Every URL it names.
  package var all: [String] {
    [issuer, authorization, token]
      + [userinfo, revocation, introspection, registration]
      .compactMap { $0 }
  }
}
