internal import CCurl
import ClerkctlCore
import ClerkctlHTTP

extension CurlTransport {
  /// Resets `handle` and sets every option for `request`.
  ///
  /// Fixed policy: HTTP/1.1, `http`/`https` only, peer and host verification always on, no
  /// redirects, no cookies, no signals, `FAILONERROR` off (error bodies reach the caller),
  /// sockets close-on-exec. Proxies come from libcurl's own reading of
  /// `https_proxy`/`http_proxy`/`no_proxy`, except that loopback hosts are always reached
  /// directly.
  func configure(
    _ handle: CurlEasyHandle, for request: HTTPRequest, target: Target, transfer: CurlTransfer
  ) throws(CurlError) {
    try handle.reset()
    try handle.set(CURLOPT_URL, target.normalized, "CURLOPT_URL")
    try handle.set(CURLOPT_PROTOCOLS_STR, "http,https", "CURLOPT_PROTOCOLS_STR")
    try handle.set(CURLOPT_NOSIGNAL, 1, "CURLOPT_NOSIGNAL")
    try configureSockets(handle)
    try handle.set(CURLOPT_HTTP_VERSION, CURL_HTTP_VERSION_1_1, "CURLOPT_HTTP_VERSION")
    try handle.set(CURLOPT_FOLLOWLOCATION, 0, "CURLOPT_FOLLOWLOCATION")
    try handle.set(CURLOPT_FAILONERROR, 0, "CURLOPT_FAILONERROR")
    try handle.set(CURLOPT_SSL_VERIFYPEER, 1, "CURLOPT_SSL_VERIFYPEER")
    try handle.set(CURLOPT_SSL_VERIFYHOST, 2, "CURLOPT_SSL_VERIFYHOST")
    if let path = configuration.caBundlePath {
      try handle.set(CURLOPT_CAINFO, path, "CURLOPT_CAINFO")
    }
    try handle.set(CURLOPT_SUPPRESS_CONNECT_HEADERS, 1, "CURLOPT_SUPPRESS_CONNECT_HEADERS")
    if target.isLoopback {
      try handle.set(CURLOPT_NOPROXY, "*", "CURLOPT_NOPROXY")
    }
    try handle.set(
      CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(request.connectTimeout),
      "CURLOPT_CONNECTTIMEOUT_MS")
    try handle.set(CURLOPT_TIMEOUT_MS, Self.milliseconds(request.timeout), "CURLOPT_TIMEOUT_MS")

    try configureMethod(handle, for: request)
    try configureHeaders(handle, for: request)
    try configureCallbacks(handle, transfer: transfer)
  }

  /// Opens every socket of the transfer close-on-exec: libcurl's own `socket()` call does not
  /// ask for it, and a connection kept alive in the handle's cache would otherwise be inherited
  /// by any child started meanwhile (a user's command, a browser), which would then hold it
  /// open for as long as it runs.
  private func configureSockets(_ handle: CurlEasyHandle) throws(CurlError) {
    try handle.set(
      CURLOPT_OPENSOCKETFUNCTION,
      openSocket: { _, _, address in
        guard let address else { return CURL_SOCKET_BAD }
        let socket = CloseOnExec.socket(
          family: address.pointee.family, type: address.pointee.socktype,
          protocol: address.pointee.protocol)
        return socket < 0 ? CURL_SOCKET_BAD : socket
      }, "CURLOPT_OPENSOCKETFUNCTION")
  }

  private func configureMethod(
    _ handle: CurlEasyHandle, for request: HTTPRequest
  )
    throws(CurlError)
  {
    // libcurl knows GET, HEAD and POST (a body); any other method is POST or GET on the wire
    // with CURLOPT_CUSTOMREQUEST replacing the method name.
    let curlMethod: String
    switch request.method {
    case "HEAD":
      try handle.set(CURLOPT_NOBODY, 1, "CURLOPT_NOBODY")
      curlMethod = "HEAD"
    case "POST", "PUT", "PATCH":
      try handle.setBody(request.body)
      curlMethod = "POST"
    case _ where !request.body.isEmpty:
      try handle.setBody(request.body)
      curlMethod = "POST"
    default:
      try handle.set(CURLOPT_HTTPGET, 1, "CURLOPT_HTTPGET")
      curlMethod = "GET"
    }
    if request.method != curlMethod {
      try handle.set(CURLOPT_CUSTOMREQUEST, request.method, "CURLOPT_CUSTOMREQUEST")
    }
    if request.method != "HEAD" && request.maxResponseBytes > 0 {
      // Refuse early when a Content-Length already says the body is too large. (For HEAD the
      // Content-Length describes a body that is never sent, so it must not trip this.)
      try handle.set(
        CURLOPT_MAXFILESIZE_LARGE, offset: Int64(max(0, request.maxResponseBytes)),
        "CURLOPT_MAXFILESIZE_LARGE")
    }
  }

  private func configureHeaders(
    _ handle: CurlEasyHandle, for request: HTTPRequest
  )
    throws(CurlError)
  {
    let list = try CurlStringList()
    for (name, value) in request.headers {
      // "Name:" would delete a header in libcurl; "Name;" sends it with an empty value.
      try list.append(value.isEmpty ? "\(name);" : "\(name): \(value)")
    }
    // Remove what libcurl would add on its own, so the request carries only what was asked for
    // (plus Host, Content-Length and the User-Agent).
    for name in ["Accept", "Expect", "Content-Type"] where !request.headers.contains(name) {
      try list.append("\(name):")
    }
    try handle.set(CURLOPT_HTTPHEADER, list: list, "CURLOPT_HTTPHEADER")
    if !request.headers.contains("User-Agent") && !configuration.userAgent.isEmpty {
      try handle.set(CURLOPT_USERAGENT, configuration.userAgent, "CURLOPT_USERAGENT")
    }
  }

  private func configureCallbacks(
    _ handle: CurlEasyHandle, transfer: CurlTransfer
  )
    throws(CurlError)
  {
    let context = Unmanaged.passUnretained(transfer).toOpaque()
    try handle.set(CURLOPT_WRITEDATA, pointer: context, "CURLOPT_WRITEDATA")
    try handle.set(
      CURLOPT_WRITEFUNCTION,
      callback: { data, size, count, context in
        let length = size * count
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let chunk = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length)
        return transfer.receiveBody(chunk) ? length : 0
      }, "CURLOPT_WRITEFUNCTION")
    try handle.set(CURLOPT_HEADERDATA, pointer: context, "CURLOPT_HEADERDATA")
    try handle.set(
      CURLOPT_HEADERFUNCTION,
      callback: { data, size, count, context in
        let length = size * count
        guard let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        transfer.receiveHeaderLine(
          UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : length))
        return length
      }, "CURLOPT_HEADERFUNCTION")
  }

  /// Seconds as libcurl milliseconds: at least 1 (0 would mean "no timeout").
  private static func milliseconds(_ seconds: Double) -> Int {
    guard seconds.isFinite, seconds > 0 else { return 1 }
    return Int(min((seconds * 1000).rounded(.up), 86_400_000))
  }
}
