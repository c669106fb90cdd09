import ClerkctlCore
import ClerkctlCrypto

extension EmulatorSigningKey {
  /// The signing key of a start, returned at once, and what makes it when it is still to come:
  /// - without a key file, a new key, generated on a background thread;
  /// - with a key file that holds a key, that key (nothing to make) and the instance id it is
  ///   published under, which the emulator takes as its own;
  /// - with a key file not there yet, a new key generated on a background thread and written
  ///   to it once with the emulator's instance id (or the key another emulator wrote there
  ///   first, under that one's id).
  ///
  /// The executable calls `generateInBackground` with its instance id once its ready line is
  /// out, so the start
  /// never shares the CPU with the key's generation; requests that need the key meanwhile wait
  /// for it (``keys(defaultKID:)``). It returns the generating thread (nil when there is none),
  /// which the executable joins before it exits, so that OpenSSL's exit-time clean-up never
  /// runs beside a generation still going or a thread still freeing OpenSSL's per-thread state.
  ///
  /// - Parameters:
  ///   - generate: makes a new key (RSA-2048 by default); runs on the background thread.
  ///   - warning: called with a line when the new key could not be written to the key file
  ///     (it is used all the same, but the next start makes another).
  ///   - failure: called with a line when no key could be generated; nothing can be signed
  ///     then, so the executable exits.
  /// - Throws: ``EmulatorKeyFileError`` when the key file is there but unusable, or is not
  ///   there and cannot be created.
  package static func starting(
    keyFile: EmulatorKeyFile?,
    generate: @escaping @Sendable () throws -> RSAPrivateKey = { try .generate(bits: 2048) },
    warning: @escaping @Sendable (String) -> Void,
    failure: @escaping @Sendable (String) -> Void
  ) throws(EmulatorKeyFileError) -> (
    key: EmulatorSigningKey, generateInBackground: (_ instanceID: String) -> JoinableThread?
  ) {
    if let keyFile, case .key(let key, let instanceID) = try keyFile.read() {
      return (EmulatorSigningKey(key: key, instanceID: instanceID), { _ in nil })
    }
    let pending = EmulatorSigningKey()
    let work: @Sendable (String) -> Void = { instanceID in
      let key: RSAPrivateKey
      do { key = try generate() } catch {
        failure("could not generate the signing key: \(error)")
        return
      }
      guard let keyFile else {
        pending.provide(key)
        return
      }
      do throws(EmulatorKeyFileError) {
        let stored = try keyFile.store(key, instanceID: instanceID)
        // Another emulator's key and id when it wrote the file first: all runs sharing the
        // file publish one key under one kid.
        pending.provide(stored.key, kid: stored.instanceID == instanceID ? nil : stored.instanceID)
      } catch {
        warning("\(error.description); this run's key will not be reused")
        pending.provide(key)
      }
    }
    return (
      pending,
      { instanceID in
        guard let thread = JoinableThread.start({ work(instanceID) }) else {
          failure("could not start a thread to generate the signing key")
          return nil
        }
        return thread
      }
    )
  }
}
