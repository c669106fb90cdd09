/// What a machine profile stores (the credential file's `"machine"` member): the machine
/// secret key, the Backend API it is bound to, what Clerk said about the machine, and the
/// machine's token cache.
package struct MachineCredential: Sendable, Equatable, CustomStringConvertible {
  /// The machine secret key (`ak_…`).
  package var secretKey: String
  /// The Backend API base URL the secret is bound to, e.g. `https://api.clerk.com`.
  package var apiURL: String
  /// The machine (`mch_…`), learned from its first token.
  package var machineID: String?
  /// The machines it may call, as its last token listed them.
  package var scopes: [String]
  /// Cached M2M tokens by `MachineTokenRequest.cacheKey`.
  package var tokens: [String: MachineToken]

  package init(
    secretKey: String, apiURL: String, machineID: String? = nil, scopes: [String] = [],
    tokens: [String: MachineToken] = [:]
  ) {
    self.secretKey = secretKey
    self.apiURL = apiURL
    self.machineID = machineID
    self.scopes = scopes
    self.tokens = tokens
  }

  /// Drops cached tokens that expired before `epochSeconds` (server time).
  package mutating func pruneTokens(now epochSeconds: Int64) {
    tokens = tokens.filter { $0.value.expiresAt > epochSeconds }
  }

  /// A summary without the secret or tokens.
  package var description: String {
    "MachineCredential(apiURL: \(apiURL), machineID: \(machineID ?? "nil"), "
      + "scopes: \(scopes), tokens: \(tokens.count), secretKey: <redacted>)"
  }
}
