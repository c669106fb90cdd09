import ClerkctlCore
import ClerkctlJOSE

/// What every surface handler shares: the state, the instance's identity and keys, the clock
/// and the randomness.
struct EmulatorServices: Sendable {
  let state: EmulatorState
  /// The instance id (`ins_…`), also the JWT `kid` (a key file's own, with a key file).
  let instanceID: String
  /// The Backend API secret key (`sk_test_…`).
  let secretKey: String
  /// The signing key, which may still be on its way: `signer` and `jwks` wait for it.
  let signingKey: EmulatorSigningKey
  let clock: Clock
  let random: RandomSource
  /// How far the test surface has moved `clock` ahead.
  let clockShift: ClockShift

  /// Signs tokens (waits for the key).
  var signer: JWTSigner { signingKey.keys(defaultKID: instanceID).signer }
  /// The published keys (waits for the key).
  var jwks: JWKS { signingKey.keys(defaultKID: instanceID).jwks }
}
