internal import CCurl

/// Owns a `curl_slist` (header lists and the like) and frees it in `deinit`.
///
/// libcurl does not copy lists handed to options such as `CURLOPT_HTTPHEADER`, so the list must
/// outlive the transfer: `CurlEasyHandle.setList` keeps a reference until the handle is reset.
final class CurlStringList {
  private let curl: CurlLibrary
  private(set) var head: UnsafeMutablePointer<curl_slist>?

  /// An empty list.
  init() throws(CurlError) {
    curl = try CurlRuntime.require()
  }

  /// Builds a list from `items`, in order.
  convenience init(_ items: [String]) throws(CurlError) {
    try self.init()
    for item in items { try append(item) }
  }

  /// Appends one string (curl copies it).
  func append(_ item: String) throws(CurlError) {
    guard let newHead = curl.slistAppend(head, item) else {
      throw CurlError(code: CURLE_OUT_OF_MEMORY, operation: "curl_slist_append")
    }
    head = newHead
  }

  deinit {
    curl.slistFreeAll(head)
  }
}
