import ClerkctlCrypto
import ClerkctlJOSE
import Foundation

/// `--key-file PATH` (or the config's `key_file`): the emulator's signing key kept in a file, so
/// that every start with it publishes the same key under the same `kid` (the instance id), and
/// tokens and JWKS cached by a backend under test stay valid across restarts.
///
/// A missing file is created once, with a new key (mode 0600, written to a temporary file,
/// synced, then linked into place, so that a reader never sees part of one and two emulators
/// starting together agree on one key); an existing one is read, never rewritten. It holds an
/// unencrypted PEM RSA private key of 2048 bits or more (PKCS#8, or PKCS#1 as `openssl genrsa`
/// writes it), and, in a line of text before it (which PEM readers skip), the instance id it is
/// published under: `clerk-emulator instance ins_…`. A key file without that line (one made
/// with openssl) is published under an id derived from the key.
package struct EmulatorKeyFile: Sendable, Equatable {
  /// The file's path.
  package let path: String

  package init(path: String) { self.path = path }

  /// The most a key file may hold (a 4096-bit PEM key is about 3.3 KB).
  static let maximumSize = 64 * 1024

  /// What is at ``path`` now: a key and its instance id, or nothing.
  package enum Contents {
    case key(RSAPrivateKey, instanceID: String)
    /// No file yet; the directory is one a key can be written into.
    case none
  }

  /// Reads the key; `.none` when there is no file yet, after checking a new one can be created.
  ///
  /// - Throws: ``EmulatorKeyFileError`` when the file cannot be read, is not a regular file or
  ///   holds no usable key, or when there is none and its directory cannot take one.
  package func read() throws(EmulatorKeyFileError) -> Contents {
    // O_NONBLOCK: a FIFO in its place is refused below instead of waited on.
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      let error = errno
      guard error == ENOENT else { throw .unreadable(path, Self.reason(error)) }
      try checkDirectory()
      return .none
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .unreadable(path, Self.reason(errno)) }
    guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path) }
    guard status.st_size <= Self.maximumSize else { throw .invalidKey(path, "it is too large") }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    var filled = 0
    while filled < bytes.count {
      let count = bytes.withUnsafeMutableBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return Glibc.read(descriptor, base + filled, buffer.count - filled)
      }
      if count < 0, errno == EINTR { continue }
      guard count >= 0 else { throw .unreadable(path, Self.reason(errno)) }
      if count == 0 { break }
      filled += count
    }
    let text = String(decoding: bytes[..<filled], as: UTF8.self)
    let key: RSAPrivateKey
    do { key = try RSAPrivateKey(pem: text) } catch {
      throw .invalidKey(path, "\(error)".split(separator: "\n").joined(separator: " "))
    }
    return .key(key, instanceID: Self.instanceID(in: text) ?? Self.derivedInstanceID(for: key))
  }

  /// Writes `key`, published under `instanceID`, to ``path`` unless a file is there already;
  /// returns what is in the file then: `key` and `instanceID`, or what another process wrote
  /// first.
  ///
  /// - Throws: ``EmulatorKeyFileError/unwritable(_:_:)`` when the file cannot be created.
  package func store(
    _ key: RSAPrivateKey, instanceID: String
  ) throws(EmulatorKeyFileError) -> (key: RSAPrivateKey, instanceID: String) {
    let pem: String
    do {
      pem = Self.instanceLine + instanceID + "\n" + (try key.pemRepresentation())
    } catch { throw .unwritable(path, "\(error)") }
    let url = URL(fileURLWithPath: path)
    let directory = url.deletingLastPathComponent().path
    var template = Array((directory + "/." + url.lastPathComponent + ".XXXXXX").utf8CString)
    // mkstemp creates the file 0600 whatever the umask.
    let descriptor = mkstemp(&template)
    guard descriptor >= 0 else { throw .unwritable(path, Self.reason(errno)) }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer { unlink(temporary) }
    let written = Self.writeAll(Array(pem.utf8), to: descriptor)
    let synced = written && fsync(descriptor) == 0
    let error = errno
    close(descriptor)
    guard synced else { throw .unwritable(path, Self.reason(error)) }
    // link, unlike rename, never replaces: the first emulator to get there wins.
    if link(temporary, path) != 0 {
      let error = errno
      guard error == EEXIST else { throw .unwritable(path, Self.reason(error)) }
      guard case .key(let existing, let existingID) = try read() else {
        throw .unwritable(path, "it vanished while being written")
      }
      return (existing, existingID)
    }
    let directoryDescriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
      fsync(directoryDescriptor)
      close(directoryDescriptor)
    }
    return (key, instanceID)
  }

  /// The text before the PEM block that names the instance id.
  static let instanceLine = "clerk-emulator instance "

  /// The instance id named before the PEM block in `text`, if a valid one is.
  static func instanceID(in text: String) -> String? {
    for line in text.split(separator: "\n") {
      if line.hasPrefix("-----BEGIN ") { return nil }
      guard line.hasPrefix(instanceLine) else { continue }
      let id = line.dropFirst(instanceLine.count).trimmingCharacters(in: .whitespaces)
      let body = id.dropFirst(4)
      guard id.hasPrefix("ins_"), body.count == 27,
        body.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else { return nil }
      return id
    }
    return nil
  }

  /// The instance id of a key file that names none (one made with openssl): `ins_` and 27
  /// base62 characters derived from the SHA-256 of the public key's JWK members (RFC 7638's
  /// thumbprint input), so the same key has the same `kid` at every start.
  package static func derivedInstanceID(for key: RSAPrivateKey) -> String {
    let jwk = JWK(publicKey: key.publicKey, kid: "")
    let members = #"{"e":""# + jwk.e + #"","kty":"RSA","n":""# + jwk.n + #""}"#
    let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    let digest = SHA256.hash(Array(members.utf8))
    return "ins_" + String(digest.prefix(27).map { alphabet[Int($0) % alphabet.count] })
  }

  /// Checks that a new file can be created at ``path``: its directory exists and is writable.
  private func checkDirectory() throws(EmulatorKeyFileError) {
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
    var status = stat()
    guard stat(directory, &status) == 0 else {
      throw .unwritable(path, "its directory \(directory): \(Self.reason(errno))")
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .unwritable(path, "\(directory) is not a directory")
    }
    guard access(directory, W_OK | X_OK) == 0 else {
      throw .unwritable(path, "its directory \(directory): \(Self.reason(errno))")
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + offset, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return false }
      offset += count
    }
    return true
  }

  private static func reason(_ error: Int32) -> String { String(cString: strerror(error)) }
}
