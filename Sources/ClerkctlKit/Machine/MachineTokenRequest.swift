import ClerkctlCore

/// What M2M token to create: its format, lifetime and custom claims. Tokens are cached per
/// request (`cacheKey`).
package struct MachineTokenRequest: Sendable, Equatable {
  package var format: MachineToken.Format
  /// `seconds_until_expiration`; `nil`: the machine's default lifetime.
  package var ttl: Int64?
  /// Custom claims (an object), e.g. `{"aud":"convex"}`.
  package var claims: JSONValue?

  package init(format: MachineToken.Format = .opaque, ttl: Int64? = nil, claims: JSONValue? = nil) {
    self.format = format
    self.ttl = ttl
    self.claims = claims
  }

  /// `<format>|<ttl or empty>|<claims as sorted compact JSON, or empty>`.
  package var cacheKey: String {
    format.rawValue + "|" + (ttl.map(String.init) ?? "") + "|" + (claims?.encoded ?? "")
  }
}
