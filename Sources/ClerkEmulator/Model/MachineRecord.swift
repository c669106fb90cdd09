import ClerkctlCrypto
import Foundation

/// A machine (`mch_…`): a non-human identity with a secret key (`ak_…`), the machines it may
/// call (its scopes) and the default lifetime of its M2M tokens. Times in milliseconds.
struct MachineRecord: Sendable {
  /// One scope: this machine may call `machineID` (Clerk's `MachineScope`).
  struct Scope: Sendable, Equatable {
    var machineID: String
    var createdAt: Int64
  }

  /// A secret replaced by a rotation, still accepted until `validUntil` (milliseconds).
  struct PreviousSecret: Sendable {
    var secret: String
    var validUntil: Int64
  }

  var id: String
  var name: String
  /// The current secret key, `ak_…`.
  var secretKey: String
  /// Rotated-out secrets within their grace period (`previous_token_ttl`).
  var previousSecrets: [PreviousSecret] = []
  /// The machines this one may call, oldest first.
  var scopes: [Scope] = []
  /// Seconds; the lifetime of a token created without `seconds_until_expiration`.
  var defaultTokenTTL: Int64
  var createdAt: Int64
  var updatedAt: Int64

  /// The ids this machine may call, in the order the scopes were added.
  var scopedMachineIDs: [String] { scopes.map(\.machineID) }

  /// Whether `secret` authenticates this machine at `now`: the current key, or a rotated-out
  /// one within its grace period.
  func accepts(_ secret: String, now: Int64) -> Bool {
    if ConstantTime.equals(secret, secretKey) { return true }
    return previousSecrets.contains {
      ConstantTime.equals($0.secret, secret) && now < $0.validUntil
    }
  }
}
