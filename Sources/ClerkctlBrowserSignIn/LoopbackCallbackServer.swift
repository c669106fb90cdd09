import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import ClerkctlKit
import FoundationEssentials

/// The redirect target of a browser sign-in: an HTTP server on 127.0.0.1 that hands each
/// `GET /callback` carrying Clerk's answer to the mailbox and answers with a short page telling
/// the user to go back to the terminal. Other paths get a small page and change nothing.
///
/// Only the browser's top-level redirect is taken (RFC 8252 §8.3, and what browsers send with
/// it): a request is refused with 403 when its `Host` is not exactly `127.0.0.1:PORT` (DNS
/// rebinding), when it carries an `Origin` (a script or a form on a web page), or when its
/// `Sec-Fetch-Mode` is present and not `navigate` (an `<img>`, `fetch` or `iframe`). The real
/// redirect is a cross-site navigation (provider → Clerk → 127.0.0.1), so `Sec-Fetch-Site:
/// cross-site` is accepted. Whether an accepted answer is real is for the sign-in to decide
/// with Clerk; one that is not does not end the wait.
package final class LoopbackCallbackServer: Sendable {
  private let server: HTTPServer
  private let boundPort: BoundPort
  /// `http://127.0.0.1:PORT/callback`, valid after `start()`.
  package var redirectURL: String { "http://127.0.0.1:\(server.port)/callback" }

  /// The port the callback listens on unless told otherwise: `http://127.0.0.1:45789/callback`
  /// is the redirect URL a production instance allowlists.
  package static let defaultPort = 45789

  /// The name the pages use when the caller gives none.
  package static let defaultApplicationName = "the application"

  /// - Parameters:
  ///   - port: the port to bind on 127.0.0.1 (0: a free one).
  ///   - mailbox: receives every answer that passes the checks.
  ///   - applicationName: the application signing in, named on the pages.
  package init(
    port: Int, mailbox: CallbackMailbox, applicationName: String = defaultApplicationName
  ) {
    let applicationName = Self.escapingHTML(applicationName)
    let page = { @Sendable (status: Int, title: String, text: String) in
      Self.page(status, title, text, applicationName: applicationName)
    }
    let boundPort = BoundPort()
    self.boundPort = boundPort
    server = HTTPServer(
      configuration: HTTPServer.Configuration(
        host: "127.0.0.1", port: port, workerThreads: 2, maxConnections: 32, readTimeout: 1,
        idleTimeout: 1, shutdownGracePeriod: 2)
    ) { request in
      if let reason = Self.refusal(of: request, port: boundPort.value) {
        return page(403, "Refused", "This request was refused: \(reason).")
      }
      guard request.path == "/callback" else {
        return page(
          200, "Waiting for Clerk", "\(applicationName) is waiting for the sign-in to finish.")
      }
      guard let answer = BrowserCallback.parse(request.query) else {
        return page(
          400, "Not a sign-in callback",
          "This request carries no sign-in result. Return to the terminal.")
      }
      mailbox.post(.success(answer), from: .loopback)
      switch answer {
      case .nonce:
        return page(
          200, "Signed in",
          "You are signed in to \(applicationName). You can close this tab and return to the "
            + "terminal.")
      case .oauth(let answer):
        guard let code = answer.error else {
          return page(
            200, "Signed in",
            "The sign-in reached \(applicationName). You can close this tab and return to the "
              + "terminal.")
        }
        return page(
          200, "Sign-in failed",
          "The sign-in did not succeed (\(Self.escapingHTML(code))). Return to the terminal for "
            + "details.")
      case .failed(let code, _):
        return page(
          200, "Sign-in failed",
          "The sign-in did not succeed (\(Self.escapingHTML(code))). Return to the terminal for "
            + "details.")
      }
    }
  }

  /// Why `request` is not the browser's redirect to `127.0.0.1:port`, or `nil` when it may be.
  package static func refusal(of request: HTTPServerRequest, port: Int) -> String? {
    guard request.method == "GET" || request.method == "HEAD" else {
      return "only the browser's redirect (a GET) is expected here"
    }
    let host = request.headers["Host"]?.trimmingWhitespace().lowercased()
    guard host == "127.0.0.1:\(port)" else {
      return "its Host is not 127.0.0.1:\(port)"
    }
    if request.headers.contains("Origin") {
      return "it was sent by a web page (it carries an Origin)"
    }
    if let mode = request.headers["Sec-Fetch-Mode"]?.trimmingWhitespace(),
      mode.lowercased() != "navigate"
    {
      return "it is not a page navigation (Sec-Fetch-Mode: \(escapingHTML(mode)))"
    }
    return nil
  }

  /// Binds 127.0.0.1:port and starts answering.
  ///
  /// - Throws: `ClerkError.callbackPortInUse` when the port is taken, `.configuration` when it
  ///   cannot be bound.
  package func start() throws(ClerkError) {
    do {
      try server.start()
      boundPort.value = server.port
    } catch HTTPServerError.addressInUse {
      throw .callbackPortInUse(port: server.configuration.port)
    } catch {
      throw .configuration("cannot listen for the sign-in callback on 127.0.0.1: \(error)")
    }
  }

  /// Stops the server once the page is out.
  package func stop() { server.stop() }

  private static func page(
    _ status: Int, _ title: String, _ text: String, applicationName: String
  ) -> HTTPServerResponse {
    let html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>\(title) - \(applicationName)</title></head>
      <body style="font-family: sans-serif; margin: 3em;">
      <h1>\(title)</h1><p id="message">\(text)</p>
      </body></html>

      """
    return HTTPServerResponse(
      HTTPResponse(
        status: status,
        headers: [
          "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
          "Referrer-Policy": "no-referrer",
        ],
        body: Array(html.utf8)))
  }

  /// `text` with the characters HTML gives meaning to replaced by entities.
  private static func escapingHTML(_ text: String) -> String {
    var escaped = ""
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

/// The port the server is bound to, set once it is listening (0 before: nothing matches).
private final class BoundPort: Sendable {
  private let port = Lock(0)

  var value: Int {
    get { port.withLock { $0 } }
    set { port.withLock { $0 = newValue } }
  }
}
