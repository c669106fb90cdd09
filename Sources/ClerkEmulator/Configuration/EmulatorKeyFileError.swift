/// Why the `--key-file` (or the config's `key_file`) was refused: one line on stderr, exit 1
/// (``exitCode``), before the ready line.
package enum EmulatorKeyFileError: Error, Equatable, CustomStringConvertible {
  /// The file exists but cannot be read.
  case unreadable(String, String)
  /// A directory, FIFO, device or socket is in its place.
  case notRegularFile(String)
  /// The file holds no unencrypted RSA private key of 2048 bits or more.
  case invalidKey(String, String)
  /// There is no file and none can be created there.
  case unwritable(String, String)

  /// The exit code of a refused key file (a runtime failure, as a bad `--config` is).
  package static let exitCode: Int32 = 1

  package var description: String {
    switch self {
    case .unreadable(let path, let reason): "cannot read key file \(path): \(reason)"
    case .notRegularFile(let path): "key file \(path) is not a regular file"
    case .invalidKey(let path, let reason):
      "key file \(path) holds no unencrypted PEM RSA private key of 2048 bits or more (\(reason)); "
        + "remove it to have a new one written"
    case .unwritable(let path, let reason): "cannot create key file \(path): \(reason)"
    }
  }
}
