import Glibc

/// An open file descriptor, closed when this owner goes away; with the few POSIX operations
/// the credential store needs, each reporting failures as `CredentialStoreError.io`.
final class FileDescriptor {
  /// The descriptor.
  let raw: Int32
  /// The path it was opened from, named in errors.
  let path: String

  init(raw: Int32, path: String) {
    self.raw = raw
    self.path = path
  }

  deinit { close(raw) }

  /// Opens `path`; `nil` when it does not exist and `missingIsNil` is set.
  static func open(
    _ path: String, flags: Int32, mode: mode_t = 0o600, missingIsNil: Bool = false
  ) throws(CredentialStoreError) -> FileDescriptor? {
    let raw = retryingOnInterrupt { Glibc.open(path, flags | O_CLOEXEC, mode) }
    if raw < 0 {
      let code = errno
      if code == ENOENT, missingIsNil { return nil }
      if code == ELOOP {
        throw .corrupt(path: path, reason: "it is a symbolic link, not a regular file")
      }
      throw .io(path: path, operation: "open", message: errorMessage(code))
    }
    return FileDescriptor(raw: raw, path: path)
  }

  /// The file's status.
  func status() throws(CredentialStoreError) -> stat {
    var info = stat()
    guard fstat(raw, &info) == 0 else { throw failure("inspect") }
    return info
  }

  /// Makes reads block again after an `O_NONBLOCK` open.
  func clearNonBlocking() throws(CredentialStoreError) {
    let flags = fcntl(raw, F_GETFL)
    guard flags >= 0, fcntl(raw, F_SETFL, flags & ~O_NONBLOCK) == 0 else {
      throw failure("open")
    }
  }

  /// Reads to the end of the file, refusing more than `limit` bytes.
  func readAll(limit: Int) throws(CredentialStoreError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    while true {
      let count = chunk.withUnsafeMutableBytes { buffer in
        retryingOnInterrupt { read(raw, buffer.baseAddress, buffer.count) }
      }
      if count < 0 { throw failure("read") }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit {
        throw .corrupt(path: path, reason: "larger than \(limit) bytes")
      }
    }
  }

  /// Writes all of `bytes`.
  func writeAll(_ bytes: [UInt8]) throws(CredentialStoreError) {
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        retryingOnInterrupt {
          write(raw, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        }
      }
      if count < 0 { throw failure("write") }
      offset += count
    }
  }

  /// Sets the permission bits, whatever the umask.
  func setMode(_ mode: mode_t) throws(CredentialStoreError) {
    guard fchmod(raw, mode) == 0 else { throw failure("set permissions on") }
  }

  /// Flushes the file (or directory) to stable storage.
  func sync() throws(CredentialStoreError) {
    guard fsync(raw) == 0 else { throw failure("flush") }
  }

  /// The last error as `CredentialStoreError.io` for `operation`.
  func failure(_ operation: String) -> CredentialStoreError {
    .io(path: path, operation: operation, message: Self.errorMessage(errno))
  }

  /// The text of an `errno` value.
  static func errorMessage(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// Repeats a system call while it fails with `EINTR`.
  static func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    while true {
      let result = call()
      if result >= 0 || errno != EINTR { return result }
    }
  }

  private func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
    Self.retryingOnInterrupt(call)
  }
}
