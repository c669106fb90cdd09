import ClerkctlCore
import ClerkctlKeyring
import FoundationEssentials
import Glibc

/// Why the credential store could not read, write or lock a profile's file.
///
/// Every case is a configuration or local file problem except `invalidProfileName`, which is
/// bad input from the caller: see `isUsageError`. Descriptions state the facts and name no tool.
package enum CredentialStoreError: Error, Equatable, CustomStringConvertible {
  /// The profile name is not `[A-Za-z0-9][A-Za-z0-9._-]{0,63}`.
  case invalidProfileName(String)
  /// No config directory could be found: no flag, no `CLERKCTL_CONFIG_DIR`, no
  /// `XDG_CONFIG_HOME` and no `HOME`.
  case noConfigDirectory
  /// The credential file can be read or written by group or others.
  case insecurePermissions(path: String, mode: UInt32)
  /// The credential file belongs to another user.
  case insecureOwner(path: String, owner: UInt32)
  /// The config directory or its `profiles` directory (links followed) is not a directory,
  /// belongs to another user or can be written by group or others; `reason` says which.
  case insecureDirectory(path: String, reason: String)
  /// The credential file is not valid JSON, has the wrong shape, or is not a regular file.
  case corrupt(path: String, reason: String)
  /// The credential file was written by a newer (or unknown) format version.
  case unsupportedVersion(path: String, version: Int64)
  /// Another process held the profile's lock for longer than the timeout.
  case lockTimeout(path: String, seconds: Double)
  /// A system call failed.
  case io(path: String, operation: String, message: String)
  /// The profile keeps its secret in the OS keyring, which cannot be used.
  case keyring(KeyringError)
  /// The profile's file at `path` says its secret is in the OS keyring, which holds none.
  case keyringItemMissing(path: String)
  /// The credential was created trusting one extra CA bundle (`recorded`, its SHA-256, or
  /// `nil` for none beyond the system's) and is now asked for under another (`current`).
  case otherTrustAnchor(path: String, recorded: String?, current: String?)

  /// For a write, replace, delete or lock refused because the directory cannot be written in
  /// (`EACCES`, `EPERM`, `EROFS`): that directory (the path itself when it is one); `nil`
  /// otherwise.
  package var unwritableDirectory: String? {
    guard case .io(let path, let operation, let message) = self,
      ["write", "write in", "replace", "delete", "remove", "create", "lock"].contains(operation)
        || (operation == "open" && path.hasSuffix(".lock")),
      [EACCES, EPERM, EROFS].map(FileDescriptor.errorMessage).contains(message)
    else { return nil }
    if operation == "write in" { return path }
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// Whether this is bad input from the caller rather than a file problem.
  package var isUsageError: Bool {
    if case .invalidProfileName = self { return true }
    return false
  }

  package var description: String {
    switch self {
    case .invalidProfileName(let name):
      return "invalid profile name '\(name)': use 1 to 64 letters, digits, '.', '_' or '-', "
        + "starting with a letter or digit"
    case .noConfigDirectory:
      return "cannot find a config directory: HOME is not set; name a config directory or set "
        + "CLERKCTL_CONFIG_DIR"
    case .insecurePermissions(let path, let mode):
      return "credential file '\(path)' has mode \(Self.octal(mode)) and other users can "
        + "access it; refusing to use it. Fix it with: chmod 600 '\(path)'"
    case .insecureOwner(let path, let owner):
      return "credential file '\(path)' belongs to another user (uid \(owner)); refusing to "
        + "use it. Delete it and sign in again, or use a config directory you own"
    case .insecureDirectory(let path, let reason):
      return "refusing to use the directory '\(path)': \(reason); use a directory that only you "
        + "own and can write to"
    case .corrupt(let path, let reason):
      return "credential file '\(path)' is corrupt (\(reason)); sign out of profile "
        + "'\(Self.profileName(from: path))' or delete '\(path)', and sign in again"
    case .unsupportedVersion(let path, let version):
      return "credential file '\(path)' has format version \(version), but this version reads "
        + "only version \(ProfileCredential.formatVersion); upgrade, or sign out of profile "
        + "'\(Self.profileName(from: path))' and sign in again"
    case .lockTimeout(let path, let seconds):
      return "timed out after \(seconds.secondsText) s waiting for the lock '\(path)'; "
        + "another process is holding it: wait for it to finish or stop it"
    case .io(let path, let operation, let message):
      return "cannot \(operation) '\(path)': \(message)"
    case .keyring(let error):
      return error.description
    case .keyringItemMissing(let path):
      return "profile '\(Self.profileName(from: path))' keeps its secret in the OS keyring, "
        + "which holds none for it; delete '\(path)' and sign in again"
    case .otherTrustAnchor(let path, let recorded, let current):
      return "profile '\(Self.profileName(from: path))' was created with "
        + Self.anchorText(recorded) + ", but this connection would trust "
        + Self.anchorText(current) + "; a credential goes out only under the TLS trust it was "
        + "created with, so nothing was sent"
    }
  }

  /// `the extra CA bundle sha256:0123456789abcdef…` or `no extra CA`.
  package static func anchorText(_ anchor: String?) -> String {
    guard let anchor else { return "no extra CA" }
    return "the extra CA bundle sha256:\(anchor.prefix(16))…"
  }

  static func octal(_ mode: UInt32) -> String {
    let digits = String(mode & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// The profile a credential file belongs to, from its name (`<profile>.json`).
  package static func profileName(from path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return name.hasSuffix(".json") ? String(name.dropLast(5)) : name
  }
}
