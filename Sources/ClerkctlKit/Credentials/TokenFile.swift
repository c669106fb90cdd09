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

  /// Replaces the file's content with `text`, atomically.
  ///
  /// - Throws: `CredentialStoreError.io` when the directory cannot be written; the old file is
  ///   then untouched and no temp file is left.
  package func write(_ text: String) throws(CredentialStoreError) {
    try checkWritable()
    let slash = path.lastIndex(of: "/")
    let directory = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array(
      ((directory.isEmpty ? "" : directory + "/") + "." + name + ".XXXXXX").utf8CString)
    let raw = CloseOnExec.temporaryFile(&template)
    let tempPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard raw >= 0 else {
      throw .io(path: path, operation: "write", message: FileDescriptor.errorMessage(errno))
    }
    var renamed = false
    defer { if !renamed { unlink(tempPath) } }
    let file = FileDescriptor(raw: raw, path: tempPath)
    try file.setMode(0o600)
    try file.writeAll(Array(text.utf8))
    try file.sync()
    guard rename(tempPath, path) == 0 else {
      throw .io(path: path, operation: "replace", message: FileDescriptor.errorMessage(errno))
    }
    renamed = true
  }

  /// Deletes the file.
  ///
  /// - Returns: whether there was one.
  @discardableResult
  package func remove() -> Bool {
    unlink(path) == 0
  }
}
