internal import CCurl

/// Owns a libcurl URL handle (`CURLU*`) and frees it in `deinit`.
///
/// URLs are parsed with libcurl's own parser, so the scheme, host and port checked before a
/// transfer are exactly the ones libcurl then connects to (no second parser to disagree with).
final class CurlURL {
  private let curl: CurlLibrary
  private let raw: OpaquePointer

  /// Parses `text` as an absolute URL (no scheme guessing, no spaces).
  ///
  /// - Throws: `CurlURL.Failure` with curl's reason when the text is not a URL libcurl accepts.
  init(_ text: String) throws(Failure) {
    do {
      curl = try CurlRuntime.require()
    } catch {
      throw Failure(reason: error.detail)
    }
    guard let raw = curl.url() else {
      throw Failure(reason: "libcurl could not allocate a URL handle")
    }
    self.raw = raw
    let code = curl.urlSet(raw, CURLUPART_URL, text, 0)
    guard code == CURLUE_OK else {
      throw Failure(reason: curl.urlStrerror(code).map { String(cString: $0) } ?? "malformed")
    }
  }

  deinit {
    curl.urlCleanup(raw)
  }

  /// Why a URL was refused.
  struct Failure: Error, Equatable {
    let reason: String
  }

  /// The scheme, lower case (`https`).
  var scheme: String? { part(CURLUPART_SCHEME)?.lowercased() }

  /// The host as libcurl will use it: IPv4 normalised (`127.1` → `127.0.0.1`), IPv6 in brackets.
  var host: String? { part(CURLUPART_HOST) }

  /// The port, the scheme's default when none is written.
  var port: Int? { part(CURLUPART_PORT, flags: UInt32(CURLU_DEFAULT_PORT)).flatMap { Int($0) } }

  /// The whole URL, normalised by libcurl.
  var normalized: String? { part(CURLUPART_URL) }

  private func part(_ which: CURLUPart, flags: UInt32 = 0) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard curl.urlGet(raw, which, &value, flags) == CURLUE_OK, let value else { return nil }
    defer { curl.free(value) }
    return String(cString: value)
  }
}
