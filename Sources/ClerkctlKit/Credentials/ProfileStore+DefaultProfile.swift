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
      let file = try FileDescriptor.open(path, flags: O_RDONLY | O_NOFOLLOW, missingIsNil: true)
    else { return nil }
    let info = try file.status()
    guard info.st_mode & S_IFMT == S_IFREG else {
      throw .io(path: path, operation: "read", message: "it is not a regular file")
    }
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
    var template = Array((directory.path + "/.config.json.XXXXXX").utf8CString)
    let raw = CloseOnExec.temporaryFile(&template)
    let tempPath = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard raw >= 0 else {
      throw .io(path: tempPath, operation: "create", message: FileDescriptor.errorMessage(errno))
    }
    var renamed = false
    defer { if !renamed { unlink(tempPath) } }
    let file = FileDescriptor(raw: raw, path: tempPath)
    try file.setMode(0o600)
    try file.writeAll(Array((object.prettyEncoded + "\n").utf8))
    try file.sync()
    guard rename(tempPath, path) == 0 else {
      throw .io(path: path, operation: "replace", message: FileDescriptor.errorMessage(errno))
    }
    renamed = true
    if let dir = try FileDescriptor.open(
      directory.path, flags: O_RDONLY | O_DIRECTORY, missingIsNil: true)
    {
      try dir.sync()
    }
  }
}
