import Foundation

/// Why a `--config` file was refused.
package enum EmulatorConfigurationError: Error, Equatable, CustomStringConvertible {
  /// The file could not be read.
  case unreadable(String)
  /// The JSON is malformed or a field is wrong.
  case invalid(String)

  package var description: String {
    switch self {
    case .unreadable(let path): return "cannot read config file \(path); check the path"
    case .invalid(let reason): return "invalid config file: \(reason)"
    }
  }
}
