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
    let prefix = (slash == nil ? "" : (directory.isEmpty ? "/" : directory + "/")) + "." + name
    let (raw, tempPath) = try createTemporary(
      in: directory.isEmpty ? "/" : directory, prefix: prefix, path: path,
      lockTemporary: lockTemporary)
    var renamed = false
    defer { if !renamed { unlink(tempPath) } }
    let file = FileDescriptor(raw: raw, path: tempPath)
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

  /// Removes the temp files (`.<name>.XXXXXX` beside `path`) that writes killed before their
  /// rename left behind. Only this user's regular files of exactly that shape go, and only
  /// when no live write holds them (a writer keeps an exclusive `flock` on its temp file, see
  /// `lockTemporary`).
  ///
  /// - Throws: `CredentialStoreError.io` when a stale temp file cannot be removed.
  package static func removeStaleTemporaries(of path: String) throws(CredentialStoreError) {
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let prefix = "." + name + "."
    var stale: [String] = []
    for entryName in DirectoryEntries.names(in: directory) where entryName.hasPrefix(prefix) {
      let suffix = entryName.utf8.dropFirst(prefix.utf8.count)
      guard suffix.count == 6, suffix.allSatisfy(isSuffixByte) else { continue }
      stale.append((directory == "/" ? "" : directory) + "/" + entryName)
    }
    for candidate in stale {
      guard
        let file = try? FileDescriptor.open(
          candidate, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, missingIsNil: true),
        let info = try? file.status(), info.st_mode & S_IFMT == S_IFREG,
        info.st_uid == geteuid(), flock(file.raw, LOCK_EX | LOCK_NB) == 0
      else { continue }
      var current = stat()
      guard lstat(candidate, &current) == 0, current.st_ino == info.st_ino,
        current.st_dev == info.st_dev
      else { continue }
      guard unlink(candidate) == 0 || errno == ENOENT else {
        throw .io(path: candidate, operation: "delete", message: FileDescriptor.errorMessage(errno))
      }
    }
  }

  /// A letter or digit, as `mkstemp` and `randomSuffix` pick them.
  private static func isSuffixByte(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
  }

  /// `O_TMPFILE` (Linux's generic value, `__O_TMPFILE | O_DIRECTORY`; Glibc's macro does not
  /// reach Swift).
  private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

  /// Creates the temp file `prefix.XXXXXX` and opens it; returns the descriptor and the path.
  ///
  /// With `lockTemporary`, the file is locked before anyone can see its name: it is created
  /// unnamed (`O_TMPFILE`), locked, and only then linked under a random name. Where the file
  /// system cannot do that, `mkostemp` names it first and the lock follows at once (a sweep
  /// runs under the profile lock, which every writer holds).
  private static func createTemporary(
    in directory: String, prefix: String, path: String, lockTemporary: Bool
  ) throws(CredentialStoreError) -> (Int32, String) {
    if lockTemporary {
      let unnamed = open(directory, temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o600)
      if unnamed >= 0 {
        _ = flock(unnamed, LOCK_EX | LOCK_NB)
        for _ in 0..<16 {
          let candidate = prefix + "." + randomSuffix()
          if linkat(AT_FDCWD, "/proc/self/fd/\(unnamed)", AT_FDCWD, candidate, AT_SYMLINK_FOLLOW)
            == 0
          {
            return (unnamed, candidate)
          }
          if errno != EEXIST { break }
        }
        close(unnamed)
      }
    }
    var template = Array((prefix + ".XXXXXX").utf8CString)
    let raw = CloseOnExec.temporaryFile(&template)
    // The file the user knows is named, not the temp file beside it.
    guard raw >= 0 else {
      throw .io(path: path, operation: "write", message: FileDescriptor.errorMessage(errno))
    }
    // Held until the descriptor closes: marks the temp file as in use, not stale.
    if lockTemporary { _ = flock(raw, LOCK_EX | LOCK_NB) }
    let tempPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (raw, tempPath)
  }

  /// Six random letters and digits, as `mkstemp` picks them.
  private static func randomSuffix() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
    var generator = SystemRandomNumberGenerator()
    return String(
      decoding: (0..<6).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] },
      as: UTF8.self)
  }
}
