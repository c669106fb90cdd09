import Glibc

/// Reads a whole local file (a request body, a key set) with `open`/`read`.
///
/// Used instead of FoundationEssentials' `FileManager`, which links a large part of
/// FoundationEssentials into clerkctl and costs every start (a cached token) memory and time.
package enum LocalFile {
  /// Why a file could not be read.
  package enum Failure: Error, Equatable {
    /// Nothing is at the path.
    case missing
    /// The path names a directory.
    case directory
    /// The system refused, in its words (`Permission denied`).
    case unreadable(String)
  }

  /// The bytes of the file at `path`.
  package static func read(_ path: String) throws(Failure) -> [UInt8] {
    var descriptor: Int32
    repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC) } while descriptor < 0 && errno == EINTR
    guard descriptor >= 0 else { throw failure(errno) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw failure(errno) }
    guard info.st_mode & S_IFMT != S_IFDIR else { throw .directory }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure(errno)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  private static func failure(_ code: Int32) -> Failure {
    if code == ENOENT { return .missing }
    if code == EISDIR { return .directory }
    return .unreadable(strerror(code).map { String(cString: $0) } ?? "error \(code)")
  }
}
