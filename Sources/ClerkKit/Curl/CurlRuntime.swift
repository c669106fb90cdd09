internal import CCurl

/// libcurl's process-wide setup, done once.
///
/// `curl_global_init` is not required to be thread-safe on every build, so it runs exactly once,
/// guarded by Swift's lazy `static let` initialisation (itself thread-safe). Call
/// `CurlRuntime.initialize()` early in `main`, before other threads start; every curl-backed type
/// also calls it before creating a handle, so forgetting is not fatal.
package enum CurlRuntime {
  /// The result of the one `curl_global_init` call.
  private static let initialization: CURLcode = curl_global_init(ccurl_global_default())

  /// Initialises libcurl for this process if it was not already. Safe to call from any thread,
  /// any number of times.
  ///
  /// - Returns: `true` when libcurl is ready.
  @discardableResult
  package static func initialize() -> Bool {
    initialization == CURLE_OK
  }

  /// The libcurl version string, e.g. `libcurl/7.88.1 OpenSSL/3.0.19 …`.
  package static var version: String {
    guard let text = curl_version() else { return "libcurl" }
    return String(cString: text)
  }

  /// Makes sure libcurl is initialised, or throws.
  static func require() throws(CurlError) {
    guard initialization == CURLE_OK else {
      throw CurlError(code: initialization, operation: "curl_global_init")
    }
  }
}
