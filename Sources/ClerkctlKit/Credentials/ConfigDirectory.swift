import FoundationEssentials
import Glibc

/// Where clerkctl keeps its files, and the paths inside it.
///
/// Layout: `<path>/profiles/<profile>.json` (credential and token cache) and
/// `<path>/profiles/<profile>.lock` (the writers' lock).
package struct ConfigDirectory: Sendable, Equatable {
  /// The config directory, absolute, without a trailing `/`.
  package let path: String

  /// Uses `path` as the config directory (made absolute against the working directory).
  package init(path: String) {
    self.path = Self.normalize(path)
  }

  /// The directory holding one file per profile.
  package var profilesPath: String { path + "/profiles" }

  /// The credential file of `profile`.
  package func credentialPath(profile: String) -> String {
    profilesPath + "/" + profile + ".json"
  }

  /// The lock file of `profile`.
  package func lockPath(profile: String) -> String {
    profilesPath + "/" + profile + ".lock"
  }

  /// Finds the config directory: `given` (the caller's own setting) > `CLERKCTL_CONFIG_DIR` >
  /// `$XDG_CONFIG_HOME/clerkctl` > `$HOME/.config/clerkctl`.
  ///
  /// Empty values count as unset; a relative `XDG_CONFIG_HOME` is ignored, as the XDG spec says.
  ///
  /// - Parameters:
  ///   - given: the directory the caller names, if any.
  ///   - environment: the process environment.
  /// - Returns: the directory (not created yet).
  /// - Throws: `CredentialStoreError.noConfigDirectory` when nothing gives a location.
  package static func resolve(
    given: String?, environment: [String: String]
  ) throws(CredentialStoreError) -> ConfigDirectory {
    if let given, !given.isEmpty { return ConfigDirectory(path: given) }
    if let dir = environment["CLERKCTL_CONFIG_DIR"], !dir.isEmpty {
      return ConfigDirectory(path: dir)
    }
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return ConfigDirectory(path: xdg + "/clerkctl")
    }
    if let home = environment["HOME"], !home.isEmpty {
      return ConfigDirectory(path: home + "/.config/clerkctl")
    }
    throw .noConfigDirectory
  }

  /// The working directory (`getcwd`), `.` when it cannot be had (removed, too long).
  private static func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "." }
    defer { free(path) }
    return String(cString: path)
  }

  private static func normalize(_ path: String) -> String {
    var absolute = path
    if !absolute.hasPrefix("/") {
      absolute = currentDirectory() + "/" + absolute
    }
    while absolute.count > 1, absolute.hasSuffix("/") { absolute.removeLast() }
    return absolute
  }
}
