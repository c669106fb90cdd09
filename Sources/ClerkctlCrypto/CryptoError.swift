/// Why a key could not be loaded, built or used.
package enum CryptoError: Error, Equatable, CustomStringConvertible {
  /// The RSA key is shorter than the accepted minimum.
  case keyTooSmall(bits: Int, minimum: Int)
  /// The key is not an RSA key (e.g. an EC key, or RSA-PSS).
  case notRSA(String)
  /// A key component (modulus, exponent, …) is empty or malformed.
  case invalidKeyComponent(String)
  /// An OpenSSL call failed.
  case openSSL(OpenSSLError)

  package var description: String {
    switch self {
    case .keyTooSmall(let bits, let minimum):
      return "RSA key has \(bits) bits; at least \(minimum) are required — use a larger key"
    case .notRSA(let what):
      return "\(what) is not an RSA key; only RSA keys (RS256) are supported"
    case .invalidKeyComponent(let reason):
      return "invalid RSA key: \(reason)"
    case .openSSL(let error):
      return error.description
    }
  }

  /// The smallest RSA modulus accepted anywhere, in bits.
  package static let minimumRSABits = 2048

  /// An `.openSSL` error for `operation`, draining the error queue.
  static func failed(_ operation: String) -> CryptoError {
    .openSSL(OpenSSLError(operation: operation))
  }
}
