import ClerkctlCrypto
import ClerkctlJOSE
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
  // Two optionals rather than one enum with a case per stage: a multi-payload enum keeps its
  // case in the spare bits of the pointers it holds, which LeakSanitizer then cannot follow
  // (`make sanitize` reported the JWKS as leaked).
  /// The key, and the `kid` it is published under (nil: the emulator's instance id); nil while
  /// it is still to come. Read and written only holding `arrival`, broadcast when it comes.
  nonisolated(unsafe) private var provided: (key: RSAPrivateKey, kid: String?)?
  /// The signer and JWKS made from it on the first call of ``keys(defaultKID:)``, under the
  /// same lock.
  nonisolated(unsafe) private var made: (signer: JWTSigner, jwks: JWKS)?
  private let arrival = NSCondition()
  /// Called each time a caller starts waiting for the key (tests watch the wait with it).
  private let whileWaiting: (@Sendable () -> Void)?
  /// The instance id that came with the key (from a key file): the emulator's, then.
  package let instanceID: String?

  /// A key that is here already; `instanceID`, when given, becomes the emulator's (and so the
  /// key's `kid`).
  package init(key: RSAPrivateKey, instanceID: String? = nil) {
    provided = (key, nil)
    whileWaiting = nil
    self.instanceID = instanceID
  }

  /// A key still to come: ``provide(_:kid:)`` delivers it. `whileWaiting` is called each time
  /// a caller starts waiting for it.
  package init(whileWaiting: (@Sendable () -> Void)? = nil) {
    provided = nil
    self.whileWaiting = whileWaiting
    instanceID = nil
  }

  /// Delivers the pending key, published as `kid` (nil: the emulator's instance id; another
  /// only when another emulator wrote the key file first), and wakes everything waiting for it.
  /// Only the first call counts.
  package func provide(_ key: RSAPrivateKey, kid: String? = nil) {
    arrival.lock()
    defer { arrival.unlock() }
    guard provided == nil else { return }
    provided = (key, kid)
    arrival.broadcast()
  }

  /// Whether the key is here.
  package var isReady: Bool {
    arrival.lock()
    defer { arrival.unlock() }
    return provided != nil
  }

  /// The signer and the JWKS publishing its public key, waiting for the key if it is still to
  /// come; `defaultKID` names it unless it came with a `kid` of its own.
  func keys(defaultKID: String) -> (signer: JWTSigner, jwks: JWKS) {
    arrival.lock()
    defer { arrival.unlock() }
    if let made { return made }
    while provided == nil {
      whileWaiting?()
      arrival.wait()
    }
    guard let (key, kid) = provided else { preconditionFailure("the key was provided") }
    let signer = JWTSigner(key: key, kid: kid ?? defaultKID)
    let keys = (signer: signer, jwks: JWKS(keys: [signer.jwk]))
    made = keys
    return keys
  }
}
