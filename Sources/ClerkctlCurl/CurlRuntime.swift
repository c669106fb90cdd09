internal import CCurl

/// libcurl's process-wide setup, done once, on first use: loading the library (`CurlLibrary`)
/// and `curl_global_init`.
///
/// `curl_global_init` is not required to be thread-safe on every build, so it runs exactly once,
/// guarded by Swift's lazy `static let` initialisation (itself thread-safe). Nothing runs at
/// start: a process that sends no request never maps libcurl. Every curl-backed type calls
/// `require()` before creating a handle.
package enum CurlRuntime {
  /// The loaded and initialised library, or why it is not usable.
  private static let initialization: Result<CurlLibrary, CurlError> = Result {
    () throws(CurlError) in
    let curl = try CurlLibrary.shared.get()
    let code = curl.globalInit(ccurl_global_default())
    guard code == CURLE_OK else { throw CurlError(code: code, operation: "curl_global_init") }
    return curl
  }

  /// Loads and initialises libcurl for this process if it was not already. Safe to call from
  /// any thread, any number of times.
  ///
  /// - Returns: `true` when libcurl is ready.
  @discardableResult
  package static func initialize() -> Bool {
    (try? initialization.get()) != nil
  }

  /// The libcurl version string, e.g. `libcurl/7.88.1 OpenSSL/3.0.19 …`; loads libcurl.
  package static var version: String {
    guard let curl = try? initialization.get(), let text = curl.version() else { return "libcurl" }
    return String(cString: text)
  }

  /// The loaded and initialised library, or throws why there is none.
  static func require() throws(CurlError) -> CurlLibrary {
    try initialization.get()
  }
}
