import ClerkctlCore
import Glibc

/// A new directory only this user can enter (0700, made with `mkdtemp`), for files handed to a
/// child process for as long as it runs. Its name carries the owner's pid
/// (`<prefix><pid>.XXXXXX`) and the owner holds an exclusive `flock` on it while this object
/// lives, so `sweep` can tell a directory a killed run left from one still in use.
package final class PrivateDirectory: Sendable {
  /// The directory, absolute.
  package let path: String
  /// The open directory the lock is held on.
  private let descriptor: Int32

  /// Creates `<base>/<prefix><pid>.XXXXXX` and locks it.
  ///
  /// - Throws: `CredentialStoreError.io` when `base` cannot hold it.
  package init(in base: String, prefix: String) throws(CredentialStoreError) {
    var template = Array((base + "/" + prefix + "\(getpid()).XXXXXX").utf8CString)
    let created = mkdtemp(&template)
    guard created != nil else {
      throw .io(
        path: base, operation: "create a private directory in",
        message: FileDescriptor.errorMessage(errno))
    }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard chmod(path, 0o700) == 0 else {
      let code = errno
      rmdir(path)
      throw .io(
        path: path, operation: "set permissions on", message: FileDescriptor.errorMessage(code))
    }
    descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      let code = errno
      if descriptor >= 0 { close(descriptor) }
      rmdir(path)
      throw .io(path: path, operation: "lock", message: FileDescriptor.errorMessage(code))
    }
  }

  deinit { close(descriptor) }

  /// The path of `name` inside the directory.
  package func file(_ name: String) -> String { path + "/" + name }

  /// Removes the files named `names` and then the directory (left in place when something
  /// else was put in it).
  ///
  /// - Returns: whether the directory is gone.
  @discardableResult
  package func remove(files names: [String]) -> Bool {
    for name in names { unlink(file(name)) }
    return rmdir(path) == 0 || errno == ENOENT
  }

  /// Removes, with their files, the directories `<prefix><pid>.XXXXXX` in `base` that runs
  /// killed before they could clean up left behind: only real directories (not links) this
  /// user owns, mode 0700, whose pid is gone and whose lock no one holds. Anything else stays,
  /// and so does a directory with a subdirectory in it.
  package static func sweep(in base: String, prefix: String) {
    var abandoned: [String] = []
    for name in DirectoryEntries.names(in: base) where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dot = rest.firstIndex(of: "."), let pid = Int32(rest[..<dot]), pid > 0,
        rest[rest.index(after: dot)...].utf8.count == 6, pid != getpid(),
        kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      abandoned.append(base + "/" + name)
    }
    for directory in abandoned { removeAbandoned(directory) }
  }

  /// Empties and removes `path` when it is still an abandoned directory of this user's.
  private static func removeAbandoned(_ path: String) {
    let opened = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
    guard opened >= 0 else { return }
    var info = stat()
    guard fstat(opened, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o7777 == 0o700,
      flock(opened, LOCK_EX | LOCK_NB) == 0, let listing = fdopendir(opened)
    else {
      close(opened)
      return
    }
    defer { closedir(listing) }
    for name in DirectoryEntries.names(of: listing) { unlinkat(dirfd(listing), name, 0) }
    var current = stat()
    guard lstat(path, &current) == 0, current.st_ino == info.st_ino, current.st_dev == info.st_dev
    else { return }
    rmdir(path)
  }

  /// Where such directories go: `$XDG_RUNTIME_DIR` (private to the user by design) when it is
  /// an absolute directory, else `$TMPDIR`, else `/tmp`.
  package static func base(environment: [String: String]) -> String {
    for name in ["XDG_RUNTIME_DIR", "TMPDIR"] {
      guard let value = environment[name], value.hasPrefix("/") else { continue }
      var info = stat()
      if stat(value, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, access(value, W_OK | X_OK) == 0
      {
        return value.count > 1 && value.hasSuffix("/") ? String(value.dropLast()) : value
      }
    }
    return "/tmp"
  }
}
