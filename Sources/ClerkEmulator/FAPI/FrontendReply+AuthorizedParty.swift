import ClerkctlCore

extension FrontendReply {
  /// The reply with the minted token's `azp` set to the request's `Origin`, as Clerk sets it
  /// (the authorized party Clerk's SDKs check against `authorizedParties`); a request without
  /// one (a native client) gets a token without `azp`.
  func authorizedParty(_ origin: String?) -> FrontendReply {
    guard let origin, !origin.isEmpty, var claims = tokenClaims?.objectValue else { return self }
    claims["azp"] = .string(origin)
    var reply = self
    reply.tokenClaims = .object(claims)
    return reply
  }
}
