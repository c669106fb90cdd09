import ClerkctlCore
import Glibc

/// Replaces a file's content atomically and durably, the one way clerkctl writes a file that
/// holds a secret: a temp file beside it (`.<name>.XXXXXX`, created close-on-exec), mode 0600,
/// written, flushed, renamed over the old one, the directory flushed. A reader sees the old
/// content or the new, never a part; a failure leaves the old file untouched and no temp file.
package enum AtomicFile {
  /// Writes `bytes` to `path`.
  ///
  /// - Parameters:
  ///   - lockTemporary: take an exclusive `flock` on the temp file while it exists, so a sweep
  ///     of stale temp files (which tries the same lock) leaves a live writer's alone.
  ///   - syncDirectory: flush the directory after the rename, so the new name survives a crash.
  ///   - beforeRename: called with the temp file's path just before the rename (tests inject
  ///     faults there).
  /// - Throws: `CredentialStoreError.io` naming the path and what failed.
  package static func write(
    _ bytes: [UInt8], to path: String, lockTemporary: Bool = false, syncDirectory: Bool = true,
    beforeRename: (String) throws(CredentialStoreError) -> Void = { _ in }
  ) throws(CredentialStoreError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array(
      ((slash == nil ? "" : (directory.isEmpty ? "/" : directory + "/")) + "." + name
        + ".XXXXXX").utf8CString)
    let raw = CloseOnExec.temporaryFile(&template)
    let tempPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    // The file the user knows is named, not the temp file beside it.
    guard raw >= 0 else {
      throw .io(path: path, operation: "write", message: FileDescriptor.errorMessage(errno))
    }
    var renamed = false
    defer { if !renamed { unlink(tempPath) } }
    let file = FileDescriptor(raw: raw, path: tempPath)
    // Held until the descriptor closes: marks the temp file as in use, not stale.
    if lockTemporary { _ = flock(raw, LOCK_EX | LOCK_NB) }
    try file.setMode(0o600)
    try file.writeAll(bytes)
    try file.sync()
    try beforeRename(tempPath)
    guard rename(tempPath, path) == 0 else {
      throw .io(path: path, operation: "replace", message: FileDescriptor.errorMessage(errno))
    }
    renamed = true
    if syncDirectory,
      let dir = try FileDescriptor.open(
        directory.isEmpty ? "/" : directory, flags: O_RDONLY | O_DIRECTORY, missingIsNil: true)
    {
      try dir.sync()
    }
  }
}
