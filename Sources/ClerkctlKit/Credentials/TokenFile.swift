import ClerkctlCore
import Glibc

/// A file that holds a token for other programs to read: mode 0600 whatever the umask, and
/// replaced atomically (a temp file next to it, written, flushed, renamed over it), so a reader
/// sees the old token or the new one, never part of one.
package struct TokenFile: Sendable, Equatable {
  /// Where the file is.
  package let path: String

  package init(path: String) {
    self.path = path
  }

  /// Refuses a path that exists and is not a regular file (a FIFO, a device, a directory)
  /// before anything is written or waited on.
  ///
  /// - Throws: `CredentialStoreError.io` naming the path.
  package func checkWritable() throws(CredentialStoreError) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    let type = info.st_mode & S_IFMT
    guard type == S_IFREG || type == S_IFLNK else {
      throw .io(path: path, operation: "write a token to", message: "it is not a regular file")
    }
  }

  /// Replaces the file's content with `text`, atomically. Temp files that earlier writes,
  /// killed before their rename, left beside it are removed first; this write's own is locked
  /// while it exists, so a concurrent write's sweep leaves it alone.
  ///
  /// - Throws: `CredentialStoreError.io` when the directory cannot be written; the old file is
  ///   then untouched and no temp file is left.
  package func write(_ text: String) throws(CredentialStoreError) {
    try checkWritable()
    try AtomicFile.removeStaleTemporaries(of: path)
    // Rewritten at every renewal: the rename is atomic, and the file is a copy a restart makes
    // again, so the directory is not flushed each time.
    try AtomicFile.write(Array(text.utf8), to: path, lockTemporary: true, syncDirectory: false)
  }

  /// Deletes the file.
  ///
  /// - Returns: whether there was one.
  @discardableResult
  package func remove() -> Bool {
    unlink(path) == 0
  }
}
