import ClerkKit
import Foundation

/// The emulator's RS256 signing key, which may arrive after the emulator starts serving.
///
/// Generating an RSA-2048 key takes 50 to 450 ms, most of a plain start; the executable
/// generates it in the background instead (or reads it from `--key-file`), so the emulator is
/// ready at once. Whatever needs the key — a token, the JWKS, a Convex token check — waits here
/// until it is provided, and never fails for its absence.
///
/// Tokens name the key by the emulator's instance id (`kid`), as Clerk's do. A key read from a
/// key file comes with the instance id it was first published under, which the emulator then
/// takes as its own: every start with the file publishes the same key under the same `kid`.
package final class EmulatorSigningKey: Sendable {
  private enum State {
    case pending
    /// The key, and the `kid` it is published under (nil: the emulator's instance id).
    case provided(RSAPrivateKey, kid: String?)
    /// The signer and JWKS made from it, once first asked for.
    case keys(JWTSigner, JWKS)
  }

  /// Read and written only holding `arrival`, which is broadcast when the key is provided.
  nonisolated(unsafe) private var state: State
  private let arrival = NSCondition()
  /// Called each time a caller starts waiting for the key (tests watch the wait with it).
  private let whileWaiting: (@Sendable () -> Void)?
  /// The instance id that came with the key (from a key file): the emulator's, then.
  package let instanceID: String?

  /// A key that is here already; `instanceID`, when given, becomes the emulator's (and so the
  /// key's `kid`).
  package init(key: RSAPrivateKey, instanceID: String? = nil) {
    state = .provided(key, kid: nil)
    whileWaiting = nil
    self.instanceID = instanceID
  }

  /// A key still to come: ``provide(_:kid:)`` delivers it. `whileWaiting` is called each time
  /// a caller starts waiting for it.
  package init(whileWaiting: (@Sendable () -> Void)? = nil) {
    state = .pending
    self.whileWaiting = whileWaiting
    instanceID = nil
  }

  /// Delivers the pending key, published as `kid` (nil: the emulator's instance id; another
  /// only when another emulator wrote the key file first), and wakes everything waiting for it.
  /// Only the first call counts.
  package func provide(_ key: RSAPrivateKey, kid: String? = nil) {
    arrival.lock()
    defer { arrival.unlock() }
    guard case .pending = state else { return }
    state = .provided(key, kid: kid)
    arrival.broadcast()
  }

  /// Whether the key is here.
  package var isReady: Bool {
    arrival.lock()
    defer { arrival.unlock() }
    if case .pending = state { return false }
    return true
  }

  /// The signer and the JWKS publishing its public key, waiting for the key if it is still to
  /// come; `defaultKID` names it unless it came with a `kid` of its own.
  func keys(defaultKID: String) -> (signer: JWTSigner, jwks: JWKS) {
    arrival.lock()
    defer { arrival.unlock() }
    while true {
      switch state {
      case .keys(let signer, let jwks): return (signer, jwks)
      case .provided(let key, let kid):
        // Made once, on the first call.
        let signer = JWTSigner(key: key, kid: kid ?? defaultKID)
        let jwks = JWKS(keys: [signer.jwk])
        state = .keys(signer, jwks)
        return (signer, jwks)
      case .pending:
        whileWaiting?()
        arrival.wait()
      }
    }
  }
}
