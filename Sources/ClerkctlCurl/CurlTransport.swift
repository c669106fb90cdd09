internal import CCurl
import ClerkctlCore
import ClerkctlHTTP

/// Sends `HTTPRequest`s with libcurl: the engine behind `HTTPClient.curl(_:)`.
///
/// Each `send` validates the request before libcurl sees it (see `CurlTransport+Validation`),
/// takes an idle easy handle from a small pool (or makes one), runs the transfer on the calling
/// thread, and puts the handle back. A handle keeps its connection cache across
/// `curl_easy_reset`, so sequential requests to one server reuse a connection, while concurrent
/// callers each get their own handle. Thread-safe.
final class CurlTransport: Sendable {
  /// The client settings.
  let configuration: CurlConfiguration
  /// Idle handles, most recently used last.
  private let idle = Lock<[IdleHandle]>([])

  /// A handle parked in the pool. `@unchecked Sendable` because ownership moves, never sharing:
  /// a parked handle is used by no thread, and a handle taken out belongs only to the `send` that
  /// took it until it is parked again.
  private struct IdleHandle: @unchecked Sendable {
    let handle: CurlEasyHandle
  }

  init(configuration: CurlConfiguration) {
    self.configuration = configuration
  }

  /// Performs one exchange.
  ///
  /// - Returns: the final response, for any status outside 3xx.
  /// - Throws: `HTTPError`, for everything that is not a complete non-redirect response.
  func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
    let target = try validate(request)
    let handle = try checkOut(for: target)
    defer { checkIn(handle) }
    let transfer = CurlTransfer(maxBodyBytes: max(0, request.maxResponseBytes))
    do {
      try configure(handle, for: request, target: target, transfer: transfer)
      try withExtendedLifetime(transfer) { () throws(CurlError) in try handle.perform() }
    } catch {
      throw httpError(
        for: error, handle: handle, transfer: transfer, target: target, timeout: request.timeout)
    }
    let status = handle.info(long: CURLINFO_RESPONSE_CODE) ?? 0
    guard status >= 100 else {
      throw HTTPError(
        .malformed, url: target.url,
        message: "no HTTP status from \(target.display); check that the URL points at a web server")
    }
    let headers = HTTPHeaders(transfer.headers.map { ($0.name, $0.value) })
    if (300..<400).contains(status) {
      throw redirectError(status: status, headers: headers, handle: handle, target: target)
    }
    return HTTPResponse(status: status, headers: headers, body: transfer.body)
  }

  /// Number of idle handles in the pool (for tests).
  var idleHandleCount: Int { idle.withLock { $0.count } }

  private func checkOut(for target: Target) throws(HTTPError) -> CurlEasyHandle {
    if let parked = idle.withLock({ $0.popLast() }) { return parked.handle }
    do {
      return try CurlEasyHandle()
    } catch {
      throw HTTPError(
        .transport, url: target.url,
        message: "could not start a request to \(target.display): \(error.detail)")
    }
  }

  private func checkIn(_ handle: CurlEasyHandle) {
    let parked = IdleHandle(handle: handle)
    let limit = configuration.maxIdleHandles
    idle.withLock { handles in
      guard handles.count < limit else { return }
      handles.append(parked)
    }
  }

  private func redirectError(
    status: Int, headers: HTTPHeaders, handle: CurlEasyHandle, target: Target
  ) -> HTTPError {
    let location = handle.info(string: CURLINFO_REDIRECT_URL) ?? headers["Location"] ?? ""
    let message =
      location.isEmpty
      ? "\(target.display) answered HTTP \(status) without a Location; check the URL"
      : "\(target.display) redirects (HTTP \(status)) to \(Redaction.endpoint(location)); "
        + "redirects are not followed: use that URL instead"
    return HTTPError(.redirect(location: location), url: target.url, message: message)
  }
}
