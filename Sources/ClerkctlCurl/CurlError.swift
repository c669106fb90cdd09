internal import CCurl

/// A failed libcurl call: the `CURLcode`, what was being done, and curl's own words.
///
/// Internal to the curl layer; `CurlTransport` sorts these into `HTTPError` kinds.
struct CurlError: Error, Equatable, CustomStringConvertible {
  /// The raw `CURLcode`.
  let code: CURLcode
  /// The libcurl call or option that failed, e.g. `curl_easy_perform`.
  let operation: String
  /// The ERRORBUFFER text when curl wrote one, else `curl_easy_strerror(code)`.
  let detail: String

  init(code: CURLcode, operation: String, errorBuffer: String = "") {
    let strerror = (try? CurlLibrary.shared.get())?.easyStrerror(code)
    let detail =
      errorBuffer.isEmpty
      ? strerror.map { String(cString: $0) } ?? "error \(code.rawValue)" : errorBuffer
    self.init(code: code, operation: operation, detail: detail)
  }

  /// An error whose words are `detail` (when libcurl itself is not there to give them).
  init(code: CURLcode, operation: String, detail: String) {
    self.code = code
    self.operation = operation
    self.detail = detail
  }

  var description: String {
    "\(operation) failed (curl error \(code.rawValue)): \(detail)"
  }
}
