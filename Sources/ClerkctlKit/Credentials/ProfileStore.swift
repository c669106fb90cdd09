import ClerkctlCore
import ClerkctlKeyring
import FoundationEssentials
import Glibc

/// The file credential store: one versioned JSON file per profile, holding the client token and
/// the profile's token cache, under `<config>/profiles/`.
///
/// - Directories it creates are 0700 and files 0600 whatever the umask (set with `fchmod`).
///   Existing directories are used as they are, never re-moded, and refused when another user
///   owns them or group or others can write to them (checked on the opened directory).
/// - Only regular files are read, opened without blocking: a FIFO or device is refused at once.
/// - Writes are atomic: a temp file in the same directory, written, flushed, renamed over the old
///   file, then the directory flushed (not after a write that changes only the token cache:
///   `saveTokenCache(_:previous:)`). A crash leaves the old file or the new one, never a torn
///   one, so readers take no lock.
/// - Writers serialize with `withLock(profile:timeout:_:)` (`flock` on `<profile>.lock`).
/// - Reads refuse files that other users can access or that belong to another user.
package struct ProfileStore: CredentialStore {
  /// Where the files live.
  package let directory: ConfigDirectory
  /// Measures lock waits and sleeps between lock attempts.
  package let clock: Clock
  /// The extra trust anchor the connections of this run trust (the lowercase hex SHA-256 of a CA
  /// bundle added to the system's), or `nil` for none. A credential recorded with another one
  /// is refused on every read (`CredentialStoreError.otherTrustAnchor`), and every write
  /// records this one.
  package var extraTrustAnchor: String?
  /// Called with the temp file's path just before it is renamed into place (tests inject faults).
  let beforeRename: @Sendable (String) throws(CredentialStoreError) -> Void
  /// Holds the secrets of profiles that keep them in the OS keyring (see
  /// `ProfileStore+Keyring.swift`); reached only for those.
  package var keyring: any SecretKeyring = SecretServiceKeyring.shared
  /// Where saves keep the secret; `nil`: where the profile's file says, else in the file.
  package var requestedLocation: SecretLocation?

  /// The largest credential file read (1 MiB).
  package static let maxFileSize = 1 << 20
  /// How long `withLock` waits by default, seconds.
  package static let defaultLockTimeout: Double = 30

  /// A store in `directory`, using `clock` for lock waits.
  package init(
    directory: ConfigDirectory, clock: Clock = .system, extraTrustAnchor: String? = nil
  ) {
    self.init(directory: directory, clock: clock, beforeRename: { _ in })
    self.extraTrustAnchor = extraTrustAnchor
  }

  init(
    directory: ConfigDirectory, clock: Clock,
    beforeRename: @escaping @Sendable (String) throws(CredentialStoreError) -> Void
  ) {
    self.directory = directory
    self.clock = clock
    self.beforeRename = beforeRename
  }

  /// Reads a profile's credential.
  ///
  /// - Parameter profile: the profile name.
  /// - Returns: the credential, or `nil` when the profile has no file.
  /// - Throws: `CredentialStoreError` when the name is invalid or the file is unsafe, corrupt,
  ///   of another version or unreadable.
  package func load(profile: String) throws(CredentialStoreError) -> ProfileCredential? {
    try read(profile: profile, acceptingExposed: false)?.credential
  }

  /// Like `load`, but a file that others can read is returned too, with its exposure.
  package func loadForRemoval(
    profile: String
  ) throws(CredentialStoreError) -> (
    credential: ProfileCredential, exposure: CredentialStoreError?
  )? {
    try read(profile: profile, acceptingExposed: true)
  }

  private func read(
    profile: String, acceptingExposed: Bool
  ) throws(CredentialStoreError) -> (
    credential: ProfileCredential, exposure: CredentialStoreError?
  )? {
    try ProfileName.validate(profile)
    guard try checkDirectories() else { return nil }
    let path = directory.credentialPath(profile: profile)
    // Non-blocking, so a FIFO at the path cannot hold the open; cleared once it is a file.
    guard
      let file = try FileDescriptor.open(
        path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, missingIsNil: true)
    else { return nil }
    let info = try file.status()
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .corrupt(path: path, reason: "it is not a regular file")
    }
    try file.clearNonBlocking()
    guard info.st_uid == geteuid() else { throw .insecureOwner(path: path, owner: info.st_uid) }
    var exposure: CredentialStoreError?
    if info.st_mode & 0o077 != 0 {
      exposure = .insecurePermissions(path: path, mode: info.st_mode & 0o7777)
      if !acceptingExposed, let exposure { throw exposure }
    }
    let credential = try ProfileCredential(
      parsing: try resolvingKeyring(file.readAll(limit: Self.maxFileSize), path: path),
      path: path)
    guard credential.profile == profile else {
      throw .corrupt(path: path, reason: "it belongs to profile '\(credential.profile)'")
    }
    guard credential.extraTrustAnchor == extraTrustAnchor else {
      throw .otherTrustAnchor(
        path: path, recorded: credential.extraTrustAnchor, current: extraTrustAnchor)
    }
    return (credential, exposure)
  }

  /// Writes a credential atomically, replacing the profile's file.
  ///
  /// Hold `withLock(profile:)` around a read-modify-write so concurrent writers lose nothing.
  ///
  /// - Parameter credential: the credential; its `profile` names the file.
  /// - Throws: `CredentialStoreError` when the name is invalid or a write fails (the old file is
  ///   then untouched and no temp file is left). Temp files an earlier, killed write of the
  ///   profile left are removed first.
  package func save(_ credential: ProfileCredential) throws(CredentialStoreError) {
    try save(credential, syncDirectory: true)
  }

  /// Writes a credential whose only change from `previous` (read under the profile's lock) is
  /// what a mint refreshes, without flushing the directory after the rename.
  ///
  /// The new file is flushed before it is renamed over the old one, as every write is, so a
  /// crash leaves one whole file or the other. The directory flush only makes the rename
  /// itself survive a crash; what it would keep here is a cached token, and losing it brings
  /// back `previous`: the same client token and sign-in, from which the next run mints again
  /// (one request). A write that changes anything else (a rotated client token, a sign-in)
  /// flushes the directory. A cold mint saves one `fsync`.
  package func saveTokenCache(
    _ credential: ProfileCredential, previous: ProfileCredential
  ) throws(CredentialStoreError) {
    try save(credential, syncDirectory: !credential.differsOnlyInTokenCache(from: previous))
  }

  private func save(
    _ credential: ProfileCredential, syncDirectory: Bool
  ) throws(CredentialStoreError) {
    try ProfileName.validate(credential.profile)
    try prepareDirectories()
    try removeStaleTemporaryFiles(profile: credential.profile)
    var credential = credential
    credential.extraTrustAnchor = extraTrustAnchor
    let stored = try fileBytes(for: credential)
    try AtomicFile.write(
      stored.bytes, to: directory.credentialPath(profile: credential.profile),
      lockTemporary: true, syncDirectory: syncDirectory, beforeRename: beforeRename)
    if let stale = stored.stale {
      _ = try? keyring.clear(profile: stale.profile, directory: stale.directory)
    }
  }

  /// Deletes a profile's credential (with its token cache) and the temp files killed writes of
  /// it left. The lock file stays: another process may hold it or wait on it, and a new one at
  /// the same path would let two writers in at once.
  ///
  /// - Parameter profile: the profile name.
  /// - Returns: whether there was a credential file.
  /// - Throws: `CredentialStoreError` when the name is invalid, a directory is unsafe or a file
  ///   cannot be removed.
  @discardableResult
  package func delete(profile: String) throws(CredentialStoreError) -> Bool {
    try ProfileName.validate(profile)
    guard try checkDirectories() else { return false }
    try removeStaleTemporaryFiles(profile: profile)
    try removeKeyringItem(profile: profile)
    let existed = try remove(directory.credentialPath(profile: profile))
    if existed { try syncProfilesDirectory() }
    return existed
  }

  /// Same as `delete(profile:)`.
  @discardableResult
  package func destroy(profile: String) throws(CredentialStoreError) -> Bool {
    try delete(profile: profile)
  }

  /// The profiles that have a credential file, sorted.
  package func listProfiles() -> [String] {
    return DirectoryEntries.names(in: directory.profilesPath).compactMap { name -> String? in
      guard name.hasSuffix(".json") else { return nil }
      let profile = String(name.dropLast(5))
      return ProfileName.isValid(profile) ? profile : nil
    }.sorted()
  }

  /// The permission bits of a profile's credential file, or `nil` when it has none.
  package func fileMode(profile: String) -> mode_t? {
    guard ProfileName.isValid(profile) else { return nil }
    var info = stat()
    guard lstat(directory.credentialPath(profile: profile), &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }

  /// Runs `body` holding the profile's exclusive lock, shared with every other process and
  /// thread using this config directory.
  ///
  /// - Parameters:
  ///   - profile: the profile name.
  ///   - timeout: how long to wait for the lock, seconds.
  ///   - body: the work, typically load, change, save.
  /// - Returns: what `body` returns.
  /// - Throws: `CredentialStoreError.lockTimeout` after `timeout`, other `CredentialStoreError`s
  ///   for file problems, or what `body` throws.
  @discardableResult
  package func withLock<T>(
    profile: String, timeout: Double = defaultLockTimeout, _ body: () throws -> T
  ) throws -> T {
    let lock = try acquireLock(profile: profile, timeout: timeout)
    defer { flock(lock.raw, LOCK_UN) }
    return try body()
  }

  /// Takes the lock, polling with growing pauses (2 ms up to 50 ms) until `timeout`.
  ///
  /// The lock file may be deleted (by `delete`) while a process waits on it; after locking, the
  /// descriptor is checked to still be the file at the path, else it is opened again.
  func acquireLock(
    profile: String, timeout: Double
  ) throws(CredentialStoreError)
    -> FileDescriptor
  {
    try ProfileName.validate(profile)
    try prepareDirectories()
    let path = directory.lockPath(profile: profile)
    let start = clock.now()
    var pause = 0.002
    while true {
      guard
        let file = try FileDescriptor.open(
          path, flags: O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK)
      else { continue }
      let opened = try file.status()
      guard opened.st_mode & S_IFMT == S_IFREG else {
        throw .corrupt(path: path, reason: "it is not a regular file")
      }
      if opened.st_mode & 0o7777 != 0o600 { try file.setMode(0o600) }
      while true {
        if flock(file.raw, LOCK_EX | LOCK_NB) == 0 {
          var current = stat()
          if stat(path, &current) == 0, current.st_ino == opened.st_ino,
            current.st_dev == opened.st_dev
          {
            return file
          }
          break  // The file was deleted or replaced while we waited: lock the new one.
        }
        let code = errno
        guard code == EWOULDBLOCK || code == EINTR else {
          throw .io(path: path, operation: "lock", message: FileDescriptor.errorMessage(code))
        }
        if clock.now().timeIntervalSince(start) >= timeout {
          throw .lockTimeout(path: path, seconds: timeout)
        }
        clock.sleep(pause)
        pause = min(pause * 2, 0.05)
      }
    }
  }
}
