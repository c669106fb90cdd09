import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP

/// The extra CA bundle a run trusts, and the trust anchor a stored credential is checked
/// against.
extension CommandContext {
  /// The extra CA bundle (PEM) added to the system's: `--cacert` > `CLERKCTL_CA_BUNDLE`.
  /// `SSL_CERT_FILE` and `CURL_CA_BUNDLE` are not read: a `.env` line could otherwise make a
  /// proxy the other end of the TLS connection.
  package var caBundlePath: String? {
    globals.caCertificateFile ?? nonEmpty("CLERKCTL_CA_BUNDLE")
  }

  /// The lowercase hex SHA-256 of the extra CA bundle's contents, or `nil` without one. A
  /// profile records it at sign-in, and its credential is used only under the same one.
  ///
  /// - Throws: `HTTPError.Kind.caBundleUnusable` when the bundle cannot be read.
  package func extraTrustAnchor() throws -> String? {
    guard let path = caBundlePath else { return nil }
    return try trustAnchors.anchor(for: path) { try Self.trustAnchor(ofBundleAt: path) }
  }

  /// The lowercase hex SHA-256 of the contents of the CA bundle at `path`.
  private static func trustAnchor(ofBundleAt path: String) throws -> String {
    let bytes: [UInt8]
    do {
      bytes = try LocalFile.read(path, limit: Self.maxCABundleBytes)
    } catch {
      throw HTTPError(
        .caBundleUnusable, url: "", message: "cannot use CA bundle \(path): \(error.reason)",
        remedy: .caBundle)
    }
    let hex = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in SHA256.hash(bytes) {
      text.append(hex[Int(byte >> 4)])
      text.append(hex[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }

  /// The largest CA bundle read (16 MiB; the system's whole bundle is about 200 KiB).
  static let maxCABundleBytes = 16 << 20
}
