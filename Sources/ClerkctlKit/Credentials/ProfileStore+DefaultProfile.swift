import ClerkctlCore
import Glibc

/// The persistent default profile, kept in `<config>/config.json` as
/// `{"version": 1, "default_profile": NAME}` (0600, replaced atomically).
extension ProfileStore {
  /// The settings file's path.
  package var settingsPath: String { directory.path + "/config.json" }

  /// The default profile chosen earlier, or `nil` when none was chosen.
  ///
  /// - Throws: `CredentialStoreError` when the file is unsafe, unreadable or not the settings
  ///   JSON, or names an invalid profile.
  package func defaultProfile() throws(CredentialStoreError) -> String? {
    let path = settingsPath
    guard
      let file = try FileDescriptor.open(
        path, flags: O_RDONLY | O_NOFOLLOW | O_NONBLOCK, missingIsNil: true)
    else { return nil }
    // Non-blocking, so a FIFO at the path cannot hold the open; cleared once it is a file.
    let info = try file.status()
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .io(path: path, operation: "read", message: "it is not a regular file")
    }
    try file.clearNonBlocking()
    guard info.st_uid == geteuid() else { throw .insecureOwner(path: path, owner: info.st_uid) }
    let bytes = try file.readAll(limit: 64 * 1024)
    guard let value = try? JSONValue(parsing: bytes), value.objectValue != nil else {
      throw .io(
        path: path, operation: "read", message: "it is not a settings JSON object; delete it")
    }
    guard let name = value["default_profile"]?.stringValue else { return nil }
    try ProfileName.validate(name)
    return name
  }

  /// Makes `name` the default profile, replacing the settings file atomically (0600).
  ///
  /// - Throws: `CredentialStoreError` when the name is invalid or the write fails (the old file
  ///   is then untouched and no temp file is left).
  package func setDefaultProfile(_ name: String) throws(CredentialStoreError) {
    try ProfileName.validate(name)
    try prepareDirectories()
    let path = settingsPath
    let object: JSONValue = ["version": 1, "default_profile": .string(name)]
    try AtomicFile.write(Array((object.prettyEncoded + "\n").utf8), to: path)
  }

  /// Forgets the default profile chosen earlier (the settings file goes; nothing else is in
  /// it).
  package func clearDefaultProfile() throws(CredentialStoreError) {
    guard unlink(settingsPath) == 0 || errno == ENOENT else {
      throw .io(
        path: settingsPath, operation: "remove", message: FileDescriptor.errorMessage(errno))
    }
  }
}
