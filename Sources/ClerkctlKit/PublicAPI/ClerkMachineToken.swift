import FoundationEssentials

/// A machine-to-machine (M2M) token from `ClerkMachineTokenProvider`: send `token` as
/// `Authorization: Bearer …` to a backend that verifies M2M tokens.
public struct ClerkMachineToken: Sendable, Equatable, CustomStringConvertible {
  /// How the token is shaped.
  public enum Format: String, Sendable, CaseIterable {
    /// `mt_…`, verified by Clerk's Backend API (Clerk's default).
    case opaque
    /// A JWT signed by the instance's key, verified networkless through its JWKS.
    case jwt
  }

  /// The token.
  public let token: String
  public let format: Format
  /// The token's id (`mt_…`; a JWT's `jti`).
  public let id: String
  /// The machine (`mch_…`), the token's subject.
  public let machineId: String
  /// The machines this one may call.
  public let scopes: [String]
  public let expiresAt: Date
  /// Whether it came from the cache (no creation, nothing billed).
  public let cached: Bool

  /// A summary without the token.
  public var description: String {
    "ClerkMachineToken(id: \(id), format: \(format.rawValue), machineId: \(machineId), "
      + "expiresAt: \(Int64(expiresAt.timeIntervalSince1970)), cached: \(cached), token: <redacted>)"
  }
}
