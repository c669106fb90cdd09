internal import CCurl
import ClerkctlCore
import Glibc

/// Owns one libcurl easy handle (`CURL*`) and frees it in `deinit`.
///
/// Typed `set…` helpers wrap the variadic `curl_easy_setopt` through the `ccurl_*` shims. The
/// handle also owns what libcurl does not copy: the error buffer and any header lists handed to
/// it. Not thread-safe: one thread at a time uses a handle (the transport's pool hands each caller
/// its own).
final class CurlEasyHandle {
  /// The library the handle belongs to.
  private let curl: CurlLibrary
  /// The libcurl handle.
  let raw: UnsafeMutableRawPointer
  /// `CURLOPT_ERRORBUFFER` storage: `CURL_ERROR_SIZE` bytes, alive as long as the handle.
  private let errorBuffer: UnsafeMutablePointer<CChar>
  /// Lists libcurl points into; released on `reset()`.
  private var retainedLists: [CurlStringList] = []
  /// Whether a transfer ran on the handle yet (see `perform()`).
  private var performed = false

  init() throws(CurlError) {
    curl = try CurlRuntime.require()
    guard let raw = curl.easyInit() else {
      throw CurlError(code: CURLE_FAILED_INIT, operation: "curl_easy_init")
    }
    self.raw = raw
    let size = Int(CURL_ERROR_SIZE)
    errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: size)
    errorBuffer.initialize(repeating: 0, count: size)
    try attachErrorBuffer()
  }

  deinit {
    curl.easyCleanup(raw)
    errorBuffer.deallocate()
  }

  /// Clears every option (`curl_easy_reset`) while keeping the connection cache, then re-attaches
  /// the error buffer.
  func reset() throws(CurlError) {
    curl.easyReset(raw)
    retainedLists.removeAll()
    try attachErrorBuffer()
  }

  private func attachErrorBuffer() throws(CurlError) {
    errorBuffer[0] = 0
    try check(
      ccurl_setopt_pointer(
        curl.easySetopt, raw, CURLOPT_ERRORBUFFER, UnsafeMutableRawPointer(errorBuffer)),
      "CURLOPT_ERRORBUFFER")
  }

  /// What curl wrote into the error buffer during the last call, or "".
  var errorText: String {
    let size = Int(CURL_ERROR_SIZE)
    let bytes = UnsafeBufferPointer(start: errorBuffer, count: size)
    let length = bytes.firstIndex(of: 0) ?? size
    var end = length
    while end > 0, bytes[end - 1] == 0x0a || bytes[end - 1] == 0x0d { end -= 1 }
    return String(decoding: bytes[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  // MARK: Options

  /// Sets a `long` option (flags, sizes, milliseconds).
  func set(_ option: CURLoption, _ value: Int, _ name: String) throws(CurlError) {
    try check(ccurl_setopt_long(curl.easySetopt, raw, option, value), name)
  }

  /// Sets a `curl_off_t` option (the `_LARGE` ones).
  func set(_ option: CURLoption, offset value: Int64, _ name: String) throws(CurlError) {
    try check(ccurl_setopt_off_t(curl.easySetopt, raw, option, curl_off_t(value)), name)
  }

  /// Sets a string option; libcurl copies the string.
  func set(_ option: CURLoption, _ value: String, _ name: String) throws(CurlError) {
    try check(ccurl_setopt_string(curl.easySetopt, raw, option, value), name)
  }

  /// Sets an opaque pointer option (callback user data). The caller keeps the pointee alive.
  func set(
    _ option: CURLoption, pointer: UnsafeMutableRawPointer?, _ name: String
  )
    throws(CurlError)
  {
    try check(ccurl_setopt_pointer(curl.easySetopt, raw, option, pointer), name)
  }

  /// Sets a list option; the handle keeps the list alive until `reset()` or `deinit`.
  func set(_ option: CURLoption, list: CurlStringList, _ name: String) throws(CurlError) {
    retainedLists.append(list)
    try check(ccurl_setopt_slist(curl.easySetopt, raw, option, list.head), name)
  }

  /// Sets a data callback (`CURLOPT_WRITEFUNCTION`, `CURLOPT_HEADERFUNCTION`).
  func set(
    _ option: CURLoption, callback: ccurl_data_callback, _ name: String
  )
    throws(CurlError)
  {
    try check(ccurl_setopt_callback(curl.easySetopt, raw, option, callback), name)
  }

  /// Sets the callback that opens libcurl's sockets (`CURLOPT_OPENSOCKETFUNCTION`).
  func set(
    _ option: CURLoption, openSocket callback: curl_opensocket_callback, _ name: String
  )
    throws(CurlError)
  {
    try check(ccurl_setopt_opensocket(curl.easySetopt, raw, option, callback), name)
  }

  /// Sets `CURLOPT_POSTFIELDSIZE_LARGE` and copies `bytes` with `CURLOPT_COPYPOSTFIELDS`, so the
  /// body need not outlive this call.
  func setBody(_ bytes: [UInt8]) throws(CurlError) {
    try set(CURLOPT_POSTFIELDSIZE_LARGE, offset: Int64(bytes.count), "CURLOPT_POSTFIELDSIZE_LARGE")
    // COPYPOSTFIELDS needs a non-null pointer even for an empty body.
    let storage = bytes.isEmpty ? [0] : bytes
    let code = storage.withUnsafeBufferPointer { buffer in
      buffer.withMemoryRebound(to: CChar.self) {
        ccurl_setopt_string(curl.easySetopt, raw, CURLOPT_COPYPOSTFIELDS, $0.baseAddress)
      }
    }
    try check(code, "CURLOPT_COPYPOSTFIELDS")
  }

  // MARK: Transfer and info

  /// Runs the transfer (`curl_easy_perform`), blocking the calling thread.
  ///
  /// The first transfer on a handle creates the multi handle libcurl keeps inside it until
  /// `curl_easy_cleanup`, and with it a socket pair that wakes its poll. libcurl before 8.x
  /// makes that pair inheritable, and no option reaches it: so the Unix sockets that appeared
  /// during the first transfer and are not close-on-exec are marked so here, before any child
  /// can be started from the thread that uses the handle. (The connection's own socket is
  /// opened close-on-exec by the transport's `CURLOPT_OPENSOCKETFUNCTION`.)
  func perform() throws(CurlError) {
    errorBuffer[0] = 0
    let inheritableBefore = performed ? nil : CloseOnExec.inheritable()
    let code = curl.easyPerform(raw)
    if let inheritableBefore {
      performed = true
      for descriptor in CloseOnExec.inheritable().subtracting(inheritableBefore)
      where Self.isUnixSocket(descriptor) {
        CloseOnExec.mark(descriptor)
      }
    }
    guard code == CURLE_OK else {
      throw CurlError(code: code, operation: "curl_easy_perform", errorBuffer: errorText)
    }
  }

  /// A `long` info value, or `nil` if curl has none.
  func info(long info: CURLINFO) -> Int? {
    var value = 0
    guard ccurl_getinfo_long(curl.easyGetinfo, raw, info, &value) == CURLE_OK else { return nil }
    return value
  }

  /// A string info value, or `nil` if curl has none.
  func info(string info: CURLINFO) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard ccurl_getinfo_string(curl.easyGetinfo, raw, info, &value) == CURLE_OK, let value else {
      return nil
    }
    return String(cString: value)
  }

  /// Whether `descriptor` is a Unix-domain socket (as libcurl's wake-up pair is).
  private static func isUnixSocket(_ descriptor: Int32) -> Bool {
    var address = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return named == 0 && address.ss_family == sa_family_t(AF_UNIX)
  }

  private func check(_ code: CURLcode, _ name: String) throws(CurlError) {
    guard code == CURLE_OK else {
      throw CurlError(code: code, operation: "curl_easy_setopt(\(name))", errorBuffer: errorText)
    }
  }
}
