import ClerkctlCore
import ClerkctlJOSE

/// What every surface handler shares: the state, the instance's identity and keys, the clock
/// and the randomness.
struct EmulatorServices: Sendable {
  let state: EmulatorState
  /// The instance id (`ins_…`), also the JWT `kid`.
  let instanceID: String
  /// The Backend API secret key (`sk_test_…`).
  let secretKey: String
  let signer: JWTSigner
  let jwks: JWKS
  let clock: Clock
  let random: RandomSource
  /// How far the test surface has moved `clock` ahead.
  let clockShift: ClockShift
}
