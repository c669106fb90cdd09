internal import COpenSSL

/// An OpenSSL call that failed, with everything OpenSSL queued about it.
///
/// Creating one drains the thread's OpenSSL error queue, so the next failure starts clean. The
/// queue can be empty (some failures queue nothing), which is why the failed call is named too.
package struct OpenSSLError: Error, Equatable, CustomStringConvertible {
  /// The OpenSSL function that failed, e.g. `EVP_DigestSignInit`.
  package var operation: String
  /// The queued error strings, oldest first (`error:1E08010C:DECODER routines::unsupported`).
  package var queue: [String]

  /// An error with an explicit queue (tests, or a failure OpenSSL did not report).
  package init(operation: String, queue: [String]) {
    self.operation = operation
    self.queue = queue
  }

  /// An error for `operation`, taking (and clearing) the current thread's error queue.
  package init(operation: String) {
    self.init(operation: operation, queue: OpenSSLError.drainQueue())
  }

  package var description: String {
    if queue.isEmpty { return "OpenSSL \(operation) failed (no error was queued)" }
    return "OpenSSL \(operation) failed: \(queue.joined(separator: "; "))"
  }

  /// Removes every entry from the thread's OpenSSL error queue and returns them as text.
  static func drainQueue() -> [String] {
    guard let crypto = try? CryptoLibrary.shared.get() else { return [] }
    var entries: [String] = []
    while true {
      var data: UnsafePointer<CChar>? = nil
      var flags: Int32 = 0
      let code = crypto.ERR_get_error_all(nil, nil, nil, &data, &flags)
      if code == 0 { break }
      var buffer = [CChar](repeating: 0, count: 256)
      buffer.withUnsafeMutableBufferPointer {
        crypto.ERR_error_string_n(code, $0.baseAddress, $0.count)
      }
      var text = String(
        decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if let data, flags & copenssl_err_txt_string() != 0 {
        let detail = String(cString: data)
        if !detail.isEmpty { text += " (\(detail))" }
      }
      entries.append(text)
    }
    return entries
  }
}
