/// The state of one transfer that libcurl's callbacks write into.
///
/// Passed to C as `Unmanaged.passUnretained(transfer).toOpaque()`; the sender keeps it alive with
/// `withExtendedLifetime` around `curl_easy_perform`. Callbacks never throw into C: they record
/// what went wrong here and return 0, and the sender reports it after `perform` returns.
final class CurlTransfer {
  /// The largest body accepted.
  let maxBodyBytes: Int
  /// The body received so far.
  private(set) var body: [UInt8] = []
  /// The header fields of the latest response (reset at each status line, so after the transfer
  /// these are the final response's).
  private(set) var headers: [(name: String, value: String)] = []
  /// Set when the body went over `maxBodyBytes` and the write callback aborted the transfer.
  private(set) var exceededLimit = false

  init(maxBodyBytes: Int) {
    self.maxBodyBytes = maxBodyBytes
  }

  /// Accepts a chunk of body; `false` (abort) when it would go over the cap.
  func receiveBody(_ chunk: UnsafeRawBufferPointer) -> Bool {
    guard chunk.count <= maxBodyBytes - body.count else {
      exceededLimit = true
      return false
    }
    body.append(contentsOf: chunk)
    return true
  }

  /// Accepts one raw header line as libcurl delivers it (terminator included).
  func receiveHeaderLine(_ raw: UnsafeRawBufferPointer) {
    var bytes = raw[...]
    while let last = bytes.last, last == 0x0a || last == 0x0d { bytes = bytes.dropLast() }
    let line = String(decoding: bytes, as: UTF8.self)
    if line.hasPrefix("HTTP/") {
      // A new status line (1xx interim, proxy CONNECT reply, then the final one): start over.
      headers.removeAll()
      return
    }
    guard !line.isEmpty else { return }
    if let first = line.first, first == " " || first == "\t" {
      // obs-fold: a continuation of the previous field's value.
      guard !headers.isEmpty else { return }
      let continuation = line.trimmingOWS()
      let index = headers.count - 1
      headers[index].value =
        headers[index].value.isEmpty ? continuation : headers[index].value + " " + continuation
      return
    }
    guard let colon = line.firstIndex(of: ":") else { return }
    let name = String(line[..<colon]).trimmingOWS()
    let value = String(line[line.index(after: colon)...]).trimmingOWS()
    guard !name.isEmpty else { return }
    headers.append((name: name, value: value))
  }
}

extension String {
  /// Drops leading and trailing spaces and tabs (HTTP's optional whitespace).
  fileprivate func trimmingOWS() -> String {
    var text = Substring(self)
    while let first = text.first, first == " " || first == "\t" { text = text.dropFirst() }
    while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
