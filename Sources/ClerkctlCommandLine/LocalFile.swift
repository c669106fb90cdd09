import Glibc

/// Reads a whole local file (a request body, a key set, a CA bundle) with `open`/`read`.
///
/// Used instead of FoundationEssentials' `FileManager`, which links a large part of
/// FoundationEssentials into clerkctl and costs every start (a cached token) memory and time.
///
/// The file is opened without blocking (a FIFO without a writer cannot hold the open), read to
/// at most `limit` bytes (`/dev/zero` cannot grow memory without bound), and, unless asked
/// otherwise, only a regular file is read (a FIFO or device is refused at once).
package enum LocalFile {
  /// Why a file could not be read.
  package enum Failure: Error, Equatable {
    /// Nothing is at the path.
    case missing
    /// The path names a directory.
    case directory
    /// The path names a FIFO, a device or a socket, and only regular files are read.
    case notRegular
    /// The file holds more than the limit (bytes).
    case tooLarge(Int)
    /// The system refused, in its words (`Permission denied`).
    case unreadable(String)

    /// The reason in words: `no such file`, `it is a directory`, …
    package var reason: String {
      switch self {
      case .missing: "no such file"
      case .directory: "it is a directory"
      case .notRegular: "it is not a regular file"
      case .tooLarge(let limit): "it holds more than \(limit) bytes"
      case .unreadable(let message): message
      }
    }
  }

  /// The default limit (16 MiB).
  package static let defaultLimit = 16 << 20

  /// The bytes of the file at `path`.
  ///
  /// - Parameters:
  ///   - limit: the most bytes read; a longer file throws `tooLarge`.
  ///   - regularOnly: refuse anything but a regular file (`false` lets `/dev/stdin` and a
  ///     pipe from `<(…)` through, still capped).
  package static func read(
    _ path: String, limit: Int = defaultLimit, regularOnly: Bool = true
  ) throws(Failure) -> [UInt8] {
    var descriptor: Int32
    repeat {
      descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
    } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(errno) }
    let type = info.st_mode & S_IFMT
    guard type != S_IFDIR else { throw .directory }
    guard type == S_IFREG || !regularOnly else { throw .notRegular }
    // Blocking again, so a pipe's writer is waited for.
    let flags = fcntl(descriptor, F_GETFL)
    if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let room = min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, room) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
      if bytes.count > limit { throw .tooLarge(limit) }
    }
  }

  private static func failure(_ code: Int32) -> Failure {
    if code == ENOENT { return .missing }
    if code == EISDIR { return .directory }
    return .unreadable(strerror(code).map { String(cString: $0) } ?? "error \(code)")
  }
}
