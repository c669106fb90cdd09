import Glibc

/// A new directory only this user can enter (0700, made with `mkdtemp`), for files handed to a
/// child process for as long as it runs.
package final class PrivateDirectory: Sendable {
  /// The directory, absolute.
  package let path: String

  /// Creates `<base>/<prefix>XXXXXX`.
  ///
  /// - Throws: `CredentialStoreError.io` when `base` cannot hold it.
  package init(in base: String, prefix: String) throws(CredentialStoreError) {
    var template = Array((base + "/" + prefix + "XXXXXX").utf8CString)
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
  }

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
