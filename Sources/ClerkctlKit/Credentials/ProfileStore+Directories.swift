import Glibc

extension ProfileStore {
  /// Makes sure the config directory and its `profiles` directory exist and are safe: missing
  /// ones (and missing parents) are created with mode 0700; existing ones are used as they are,
  /// never re-moded, and refused when unsafe (see `checkDirectory`).
  package func prepareDirectories() throws(CredentialStoreError) {
    try checkParents()
    try makeDirectory(directory.path, createParents: true)
    try makeDirectory(directory.profilesPath, createParents: false)
  }

  /// Checks the config directory and its `profiles` directory without creating anything.
  ///
  /// - Returns: `false` when one of them does not exist (so no profile file does either).
  /// - Throws: `CredentialStoreError.insecureDirectory` when one is unsafe.
  func checkDirectories() throws(CredentialStoreError) -> Bool {
    try checkParents()
    for path in [directory.path, directory.profilesPath] {
      guard let opened = try openDirectory(path) else { return false }
      try checkDirectory(opened)
    }
    return true
  }

  /// Flushes the `profiles` directory so a rename or unlink in it is durable.
  func syncProfilesDirectory() throws(CredentialStoreError) {
    guard let dir = try openDirectory(directory.profilesPath) else { return }
    try dir.sync()
  }

  /// Removes a file; `false` when there was none.
  func remove(_ path: String) throws(CredentialStoreError) -> Bool {
    if unlink(path) == 0 { return true }
    let code = errno
    if code == ENOENT || code == ENOTDIR { return false }
    throw .io(path: path, operation: "delete", message: FileDescriptor.errorMessage(code))
  }

  /// Removes the temp files (`.<profile>.json.XXXXXX`) that writes of `profile` killed before
  /// their rename left behind. A temp file a live write holds (it keeps an `flock` on it) stays.
  func removeStaleTemporaryFiles(profile: String) throws(CredentialStoreError) {
    try AtomicFile.removeStaleTemporaries(of: directory.credentialPath(profile: profile))
  }

  /// Opens a directory (symbolic links followed) without blocking; `nil` when it does not
  /// exist.
  private func openDirectory(_ path: String) throws(CredentialStoreError) -> FileDescriptor? {
    do {
      return try FileDescriptor.open(
        path, flags: O_RDONLY | O_DIRECTORY | O_NONBLOCK, missingIsNil: true)
    } catch .io(_, _, let message) where message == FileDescriptor.errorMessage(ENOTDIR) {
      throw .insecureDirectory(path: path, reason: "it is not a directory")
    }
  }

  /// Checks, creating nothing, that the config dir could be used: its parents, and it and its
  /// `profiles` directory where they exist. A sign-in calls it first, so no session is opened
  /// at Clerk that could not be stored.
  package func checkUsable() throws(CredentialStoreError) {
    _ = try checkDirectories()
    // A directory that exists but cannot be written in (read-only, or a read-only mount)
    // would fail only at the save, after the session was opened.
    for path in [directory.path, directory.profilesPath] {
      var info = stat()
      guard stat(path, &info) == 0 else { break }
      if access(path, W_OK | X_OK) != 0 {
        throw .io(path: path, operation: "write in", message: FileDescriptor.errorMessage(errno))
      }
    }
  }

  /// Like ssh's StrictModes: every existing directory above the config dir (links resolved)
  /// must belong to the user or root, and be writable by no one else unless it is sticky
  /// (`/tmp`), or another user could rename the config dir away and put their own in its place.
  func checkParents() throws(CredentialStoreError) {
    var candidate = directory.path
    var resolved: String?
    while resolved == nil {
      if let slash = candidate.lastIndex(of: "/") {
        candidate = slash == candidate.startIndex ? "/" : String(candidate[..<slash])
      } else {
        candidate = "."
      }
      if let real = realpath(candidate, nil) {
        resolved = String(cString: real)
        free(real)
      } else if candidate == "/" || candidate == "." {
        return
      }
    }
    guard let resolved else { return }
    var prefixes = ["/"]
    var current = ""
    for part in resolved.split(separator: "/") {
      // Not `current += "/" + part`: that is the generic Sequence append, unspecialized here,
      // a fifth of a cache hit's reading of the profile.
      current.append("/")
      current.append(contentsOf: part)
      prefixes.append(current)
    }
    let user = geteuid()
    for path in prefixes {
      var info = stat()
      guard stat(path, &info) == 0 else { continue }
      guard info.st_uid == user || info.st_uid == 0 else {
        throw .insecureDirectory(
          path: path,
          reason: "it is above the config dir and belongs to another user (uid \(info.st_uid))")
      }
      if info.st_mode & 0o022 != 0, info.st_mode & S_ISVTX == 0 {
        throw .insecureDirectory(
          path: path,
          reason: "it is above the config dir and group or others can write to it (mode "
            + "\(CredentialStoreError.octal(info.st_mode)))")
      }
    }
  }

  /// Refuses a directory another user owns or that group or others can write to: they could
  /// swap the credential files in it.
  private func checkDirectory(_ opened: FileDescriptor) throws(CredentialStoreError) {
    let info = try opened.status()
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw .insecureDirectory(path: opened.path, reason: "it is not a directory")
    }
    guard info.st_uid == geteuid() else {
      throw .insecureDirectory(
        path: opened.path, reason: "it belongs to another user (uid \(info.st_uid))")
    }
    guard info.st_mode & 0o022 == 0 else {
      throw .insecureDirectory(
        path: opened.path,
        reason: "group or others can write to it (mode \(CredentialStoreError.octal(info.st_mode)))"
      )
    }
  }

  private func makeDirectory(_ path: String, createParents: Bool) throws(CredentialStoreError) {
    if let existing = try openDirectory(path) {
      try checkDirectory(existing)
      return
    }
    if createParents, let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      let parent = String(path[..<slash])
      var parentInfo = stat()
      if stat(parent, &parentInfo) != 0 { try makeParent(parent) }
    }
    var created = true
    if mkdir(path, 0o700) != 0 {
      let code = errno
      guard code == EEXIST else {
        throw .io(path: path, operation: "create", message: FileDescriptor.errorMessage(code))
      }
      created = false  // Another process made it first: check it like any existing one.
    }
    guard let opened = try openDirectory(path) else {
      throw .io(path: path, operation: "open", message: FileDescriptor.errorMessage(ENOENT))
    }
    // Ours, just made: 0700 whatever the umask took away.
    if created { try opened.setMode(0o700) }
    try checkDirectory(opened)
  }

  /// Creates a missing parent (and its missing parents) with mode 0700 whatever the umask;
  /// leaves existing ones.
  private func makeParent(_ path: String) throws(CredentialStoreError) {
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
      let parent = String(path[..<slash])
      var parentInfo = stat()
      if stat(parent, &parentInfo) != 0 { try makeParent(parent) }
    }
    guard mkdir(path, 0o700) == 0 else {
      let code = errno
      guard code == EEXIST else {
        throw .io(path: path, operation: "create", message: FileDescriptor.errorMessage(code))
      }
      return
    }
    // Ours, just made: 0700 whatever the umask took away (under umask 277 mkdir gives 0500,
    // and the directories below could not be made in it).
    try openDirectory(path)?.setMode(0o700)
  }
}
