import ClerkctlCore
import Foundation

extension EmulatorConfiguration {
  /// Reads `key_file`: a non-empty path (see ``EmulatorKeyFile``).
  mutating func readKeyFile(_ root: JSONValue) throws(EmulatorConfigurationError) {
    guard let value = root["key_file"], !value.isNull else { return }
    guard let path = value.stringValue, !path.isEmpty else {
      throw .invalid("key_file must be a non-empty path")
    }
    keyFile = path
  }

  /// Makes a relative `key_file` relative to the directory of the config file at `configPath`.
  mutating func resolveKeyFile(relativeTo configPath: String) {
    guard let keyFile, !keyFile.hasPrefix("/") else { return }
    self.keyFile =
      URL(fileURLWithPath: configPath).deletingLastPathComponent()
      .appendingPathComponent(keyFile).path
  }
}
