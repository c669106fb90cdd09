internal import CCurl
import ClerkctlCore
import ClerkctlHTTP
import Glibc

extension CurlTransport {
  /// Sorts a failed transfer into an `HTTPError` kind with a one-line message: the one place
  /// `CURLcode`s are interpreted.
  func httpError(
    for error: CurlError, handle: CurlEasyHandle, transfer: CurlTransfer, target: Target,
    timeout: Double
  ) -> HTTPError {
    let code = error.code
    let detail = error.detail
    let shown = target.display
    if transfer.exceededLimit || code == CURLE_FILESIZE_EXCEEDED {
      return HTTPError(
        .responseTooLarge, url: target.url,
        message: "the response from \(shown) is larger than the \(transfer.maxBodyBytes)-byte "
          + "limit; check that the URL is right")
    }
    switch code {
    case CURLE_COULDNT_RESOLVE_HOST:
      return HTTPError(
        .dns, url: target.url,
        message: "could not resolve host \(target.host); "
          + "check the host name and your network or DNS settings")
    case CURLE_COULDNT_RESOLVE_PROXY:
      return HTTPError(
        .dns, url: target.url,
        message: "could not resolve the proxy for \(shown): \(detail); "
          + "check https_proxy/http_proxy")
    case CURLE_COULDNT_CONNECT:
      let reason = osErrorText(handle) ?? detail
      return HTTPError(
        .connect, url: target.url,
        message: "could not connect to \(target.hostAndPort): \(reason); "
          + "check that the server is running and reachable")
    case CURLE_OPERATION_TIMEDOUT:
      return HTTPError(
        .timeout, url: target.url,
        message: "no answer from \(shown) within \(timeout.secondsText) s", remedy: .moreTime)
    case CURLE_SSL_CACERT_BADFILE:
      return HTTPError(
        .caBundleUnusable, url: target.url,
        message: "cannot use CA bundle \(configuration.caBundlePath ?? "(default)"): \(detail)",
        remedy: .caBundle)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CIPHER, CURLE_SSL_ENGINE_NOTFOUND, CURLE_SSL_ENGINE_SETFAILED,
      CURLE_SSL_ENGINE_INITFAILED, CURLE_SSL_SHUTDOWN_FAILED, CURLE_SSL_CRL_BADFILE,
      CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH, CURLE_SSL_INVALIDCERTSTATUS,
      CURLE_SSL_CLIENTCERT, CURLE_USE_SSL_FAILED:
      return HTTPError(
        .tls, url: target.url,
        message: "TLS failure with \(target.hostAndPort): \(detail)", remedy: .trustCA)
    case CURLE_GOT_NOTHING:
      // libcurl's "Empty reply from server": the server closed the connection unanswered.
      return HTTPError(
        .malformed, url: target.url,
        message: "\(target.hostAndPort) closed the connection without answering; check that "
          + "the server there is up and is the right one, then try again")
    case CURLE_RECV_ERROR:
      let reason = osErrorText(handle).map { " (\($0))" } ?? ""
      return HTTPError(
        .malformed, url: target.url,
        message: "the connection to \(target.hostAndPort) broke before its answer came"
          + "\(reason); check the network and that the server is running, then try again")
    case CURLE_PARTIAL_FILE, CURLE_WEIRD_SERVER_REPLY,
      CURLE_BAD_CONTENT_ENCODING, CURLE_UNSUPPORTED_PROTOCOL:
      // UNSUPPORTED_PROTOCOL: the scheme was checked before the transfer, so here it means the
      // reply was not HTTP/1.x ("Received HTTP/0.9 when not allowed").
      return HTTPError(
        .malformed, url: target.url,
        message: "bad or incomplete response from \(shown): \(detail); "
          + "check that the URL points at the right server, or retry")
    case CURLE_OUT_OF_MEMORY:
      // What libcurl before 8.6 reports for a response header line over its limit (100 KB),
      // which is far likelier here than memory running out; 8.6+ says CURLE_TOO_LARGE (100).
      return HTTPError(
        .malformed, url: target.url,
        message: "the response from \(shown) has a header too large to read (or memory ran "
          + "out); check that the URL points at the right server")
    case _ where code.rawValue == 100:
      return HTTPError(
        .malformed, url: target.url,
        message: "the response from \(shown) has a header too large to read; check that the "
          + "URL points at the right server")
    case CURLE_URL_MALFORMAT:
      return HTTPError(
        .invalidURL, url: target.url,
        message: "invalid URL \(shown): \(detail); give an absolute https:// URL")
    default:
      return HTTPError(
        .transport, url: target.url,
        message: "request to \(shown) failed: \(detail) (curl error \(code.rawValue))")
    }
  }

  /// `strerror` of the socket error behind the last failure, if curl recorded one.
  private func osErrorText(_ handle: CurlEasyHandle) -> String? {
    guard let number = handle.info(long: CURLINFO_OS_ERRNO), number != 0 else { return nil }
    return String(cString: strerror(Int32(number)))
  }

}
