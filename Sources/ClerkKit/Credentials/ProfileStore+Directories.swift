import Glibc

extension ProfileStore {
  /// Creates the config directory and its `profiles` directory (and missing parents) with mode
  /// 0700, and sets 0700 on the two when they exist with another mode.
  func prepareDirectories() throws(CredentialStoreError) {
    try makeDirectory(directory.path, createParents: true)
    try makeDirectory(directory.profilesPath, createParents: false)
  }

  /// Flushes the `profiles` directory so a rename or unlink in it is durable.
  func syncProfilesDirectory() throws(CredentialStoreError) {
    guard
      let dir = try FileDescriptor.open(
        directory.profilesPath, flags: O_RDONLY | O_DIRECTORY, missingIsNil: true)
    else { return }
    try dir.sync()
  }

  /// Removes a file; `false` when there was none.
  func remove(_ path: String) throws(CredentialStoreError) -> Bool {
    if unlink(path) == 0 { return true }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return false }
    throw .io(path: path, operation: "delete", message: FileDescriptor.errorMessage(code))
  }

  private func makeDirectory(_ path: String, createParents: Bool) throws(CredentialStoreError) {
    var info = stat()
    if stat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else {
        throw .io(path: path, operation: "use", message: "it is not a directory")
      }
      if info.st_mode & 0o7777 != 0o700 { try setMode(path) }
      return
    }
    if createParents, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      let parent = String(path[..<slash])
      var parentInfo = stat()
      if stat(parent, &parentInfo) != 0 { try makeDirectory(parent, createParents: true) }
    }
    if mkdir(path, 0o700) != 0 {
      let code = errno
      guard code == EEXIST else {
        throw .io(path: path, operation: "create", message: FileDescriptor.errorMessage(code))
      }
    }
    try setMode(path)
  }

  private func setMode(_ path: String) throws(CredentialStoreError) {
    guard chmod(path, 0o700) == 0 else {
      throw .io(
        path: path, operation: "set permissions on", message: FileDescriptor.errorMessage(errno))
    }
  }
}
