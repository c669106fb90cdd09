import ClerkctlCore
import ClerkctlHTTP
import Glibc

extension CurlTransport {
  /// A request URL that passed validation, with the parts messages need.
  struct Target {
    /// The URL as the caller gave it.
    let url: String
    /// The URL as libcurl normalised it (what is handed to `CURLOPT_URL`).
    let normalized: String
    /// `http` or `https`.
    let scheme: String
    /// The host, IPv6 in brackets.
    let host: String
    /// The port (the scheme's default when the URL has none).
    let port: Int
    /// Whether `host` is loopback.
    let isLoopback: Bool

    /// `host:port`, for connection messages.
    var hostAndPort: String { "\(host):\(port)" }

    /// The URL as error messages name it (`Redaction.endpoint`: no query, fragment or user info).
    var display: String { Redaction.endpoint(normalized) }
  }

  /// Checks everything that can be checked without I/O: the URL (absolute, `https`, or `http`
  /// only to loopback), the method, the headers (no CR/LF/NUL, token names) and the CA bundle.
  func validate(_ request: HTTPRequest) throws(HTTPError) -> Target {
    let target = try parseTarget(request.url)
    let method = request.method
    guard !method.isEmpty, method.utf8.allSatisfy(Self.isTokenByte) else {
      throw HTTPError(
        .invalidRequest, url: request.url,
        message: "invalid HTTP method '\(Self.printable(method))' for \(target.display)")
    }
    if method == "HEAD" && !request.body.isEmpty {
      throw HTTPError(
        .invalidRequest, url: request.url,
        message: "a HEAD request to \(target.display) cannot carry a body")
    }
    for (name, value) in request.headers {
      guard !name.isEmpty, name.utf8.allSatisfy(Self.isTokenByte) else {
        throw HTTPError(
          .invalidRequest, url: request.url,
          message: "invalid header name '\(Self.printable(name))' in a request to "
            + "\(target.display); header names are letters, digits and !#$%&'*+-.^_`|~")
      }
      guard value.utf8.allSatisfy({ $0 != 0x0d && $0 != 0x0a && $0 != 0 }) else {
        throw HTTPError(
          .invalidRequest, url: request.url,
          message: "header \(name) in a request to \(target.display) contains a line break; "
            + "remove newlines from the value (a pasted token, perhaps)")
      }
    }
    if target.scheme == "https", let path = configuration.caBundlePath {
      try checkReadableFile(path, target: target)
    }
    return target
  }

  private func parseTarget(_ text: String) throws(HTTPError) -> Target {
    let parsed: CurlURL
    do {
      parsed = try CurlURL(text)
    } catch {
      throw HTTPError(
        .invalidURL, url: text,
        message: "invalid URL '\(Redaction.endpoint(Self.printable(text)))': \(error.reason); "
          + "give an absolute https:// URL")
    }
    guard let scheme = parsed.scheme, let host = parsed.host, !host.isEmpty,
      let port = parsed.port, let normalized = parsed.normalized
    else {
      throw HTTPError(
        .invalidURL, url: text,
        message: "invalid URL '\(Redaction.endpoint(Self.printable(text)))': no host; "
          + "give an absolute https:// URL")
    }
    guard scheme == "https" || scheme == "http" else {
      throw HTTPError(
        .invalidURL, url: text,
        message: "unsupported URL scheme '\(scheme)' in '\(Redaction.endpoint(text))'; use https://"
      )
    }
    let target = Target(
      url: text, normalized: normalized, scheme: scheme, host: host, port: port,
      isLoopback: LoopbackHost.isLoopback(host))
    if scheme == "http" && !target.isLoopback {
      throw HTTPError(
        .insecureURL, url: text,
        message: "refusing plain http to \(host) (\(target.display)); use https:// "
          + "(http is allowed only for localhost, 127.0.0.0/8 and ::1)")
    }
    return target
  }

  private func checkReadableFile(_ path: String, target: Target) throws(HTTPError) {
    var info = stat()
    let problem: String?
    if stat(path, &info) != 0 {
      problem = String(cString: strerror(errno))
    } else if info.st_mode & S_IFMT != S_IFREG {
      problem = "not a regular file"
    } else if access(path, R_OK) != 0 {
      problem = String(cString: strerror(errno))
    } else {
      problem = nil
    }
    if let problem {
      throw HTTPError(
        .caBundleUnusable, url: target.url,
        message: "cannot use CA bundle \(path): \(problem)", remedy: .caBundle)
    }
  }

  /// RFC 9110 `tchar`: the bytes allowed in methods and header names.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      true
    default:
      "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  /// `text` with control characters escaped, for quoting user input in a message.
  private static func printable(_ text: String) -> String {
    String(
      text.unicodeScalars.flatMap { scalar -> [Character] in
        scalar.value < 0x20 || scalar.value == 0x7f
          ? Array(scalar.escaped(asASCII: true)) : [Character(scalar)]
      })
  }
}
