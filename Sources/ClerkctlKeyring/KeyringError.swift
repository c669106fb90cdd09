/// Why the OS keyring could not be used. Each description is one line that names what is
/// missing, and no tool.
package enum KeyringError: Error, Equatable, CustomStringConvertible {
  /// No D-Bus session bus to reach the Secret Service on; `detail` says why.
  case noSessionBus(detail: String)
  /// libsecret could not be loaded; `detail` is the loader's reason.
  case noLibrary(detail: String)
  /// The session bus answers, but nothing on it provides the Secret Service
  /// (`org.freedesktop.secrets`); `detail` is the bus's words.
  case noProvider(detail: String)
  /// The Secret Service refused or failed `operation` (`store`, `look up`, `delete`).
  case failed(operation: String, message: String)
  /// No keyring was configured (the default of a context that has none).
  case notConfigured

  package var description: String {
    switch self {
    case .noSessionBus(let detail):
      return "the OS keyring is unavailable: no D-Bus session bus (\(detail))"
    case .noLibrary(let detail):
      return "the OS keyring is unavailable: no \(SecretLibrary.soname) (\(detail); Debian's "
        + "libsecret-1-0 package provides it)"
    case .noProvider(let detail):
      return "the OS keyring is unavailable: no Secret Service provider on the D-Bus session "
        + "bus (\(detail)); start one, such as gnome-keyring-daemon or KeePassXC"
    case .failed(let operation, let message):
      return "the OS keyring could not \(operation) the secret: \(message)"
    case .notConfigured:
      return "the OS keyring is unavailable: none is configured here"
    }
  }
}
