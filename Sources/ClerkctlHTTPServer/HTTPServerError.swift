import Glibc

/// Why the HTTP server could not start.
package enum HTTPServerError: Error, Equatable, CustomStringConvertible {
  /// The host is not an IPv4 literal, an IPv6 literal or `localhost`.
  case invalidHost(String)
  /// A configuration value is out of range (the text names it).
  case invalidConfiguration(String)
  /// `start()` was called on a server that was already started.
  case alreadyStarted
  /// Another socket already listens on this address.
  case addressInUse(host: String, port: Int)
  /// A socket call failed: the call, `errno` and its text.
  case socketFailed(operation: String, errno: Int32, message: String)

  package var description: String {
    switch self {
    case .invalidHost(let host):
      "Cannot listen on host '\(host)': use an IPv4 address, an IPv6 address or 'localhost'."
    case .invalidConfiguration(let what):
      "Invalid HTTP server configuration: \(what)."
    case .alreadyStarted:
      "The HTTP server is already started; create a new server to listen again."
    case .addressInUse(let host, let port):
      "Cannot listen on \(host):\(port): the address is in use. Stop the other process or pick "
        + "another port (0 picks a free one)."
    case .socketFailed(let operation, let code, let message):
      "Cannot listen: \(operation) failed (errno \(code): \(message)). Check the host and port."
    }
  }

  /// A `socketFailed` error for the current `errno`.
  static func socket(_ operation: String, errno code: Int32 = errno) -> HTTPServerError {
    .socketFailed(operation: operation, errno: code, message: errorText(code))
  }

  /// The text `strerror` gives for `code`.
  static func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }
}
