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
    self.code = code
    self.operation = operation
    if errorBuffer.isEmpty {
      self.detail = curl_easy_strerror(code).map { String(cString: $0) } ?? "error \(code.rawValue)"
    } else {
      self.detail = errorBuffer
    }
  }

  var description: String {
    "\(operation) failed (curl error \(code.rawValue)): \(detail)"
  }
}
