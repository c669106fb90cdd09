import ClerkctlCore

/// How a profile bound to a loopback instance (the emulator on `127.0.0.1:PORT`, say) checks
/// that it still talks to that instance: once the instance stops, any local process may listen
/// on its port and answer with tokens and client tokens of its own. At sign-in the instance's
/// signing keys (its JWKS, public) are recorded in the profile; a token minted later must be
/// signed by one of them, or nothing of the reply is kept. The checks need a JOSE
/// implementation, which this library does not carry: its user passes one in.
package struct InstanceKeyCheck: Sendable {
  /// The signing keys of a JWKS document, as the JSON objects to record; `nil` when it is not
  /// one or has none.
  package var keys: @Sendable (_ jwks: [UInt8]) -> [JSONValue]?
  /// Whether `jwt` is signed by one of `keys`.
  package var verifies: @Sendable (_ jwt: String, _ keys: [JSONValue]) -> Bool

  package init(
    keys: @escaping @Sendable (_ jwks: [UInt8]) -> [JSONValue]?,
    verifies: @escaping @Sendable (_ jwt: String, _ keys: [JSONValue]) -> Bool
  ) {
    self.keys = keys
    self.verifies = verifies
  }
}
