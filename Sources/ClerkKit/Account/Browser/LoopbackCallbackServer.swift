import FoundationEssentials
import Synchronization

/// The one-shot redirect target of a browser sign-in: an HTTP server on 127.0.0.1 whose
/// first `GET /callback` with Clerk's answer is handed to the mailbox and answered with a
/// short page telling the user to go back to the terminal. Later `/callback` hits and other
/// paths get a small page and change nothing.
package final class LoopbackCallbackServer: Sendable {
  private let server: HTTPServer
  /// `http://127.0.0.1:PORT/callback`, valid after `start()`.
  package var redirectURL: String { "http://127.0.0.1:\(server.port)/callback" }

  /// The name the pages use when the caller gives none.
  package static let defaultApplicationName = "the application"

  /// - Parameters:
  ///   - port: the port to bind on 127.0.0.1 (0: a free one).
  ///   - mailbox: receives the first answer.
  ///   - applicationName: the application signing in, named on the pages.
  package init(
    port: Int, mailbox: CallbackMailbox, applicationName: String = defaultApplicationName
  ) {
    let applicationName = Self.escapingHTML(applicationName)
    let page = { @Sendable (status: Int, title: String, text: String) in
      Self.page(status, title, text, applicationName: applicationName)
    }
    let used = Mutex(false)
    server = HTTPServer(
      configuration: HTTPServer.Configuration(
        host: "127.0.0.1", port: port, workerThreads: 2, maxConnections: 32, readTimeout: 10,
        idleTimeout: 10, shutdownGracePeriod: 2)
    ) { request in
      guard request.path == "/callback" else {
        return page(
          200, "Waiting for Clerk", "\(applicationName) is waiting for the sign-in to finish.")
      }
      guard let answer = BrowserCallback.parse(request.query) else {
        return page(
          400, "Not a sign-in callback",
          "This request carries no sign-in result. Return to the terminal.")
      }
      let first = used.withLock { (taken: inout Bool) -> Bool in
        defer { taken = true }
        return !taken
      }
      guard first else {
        return page(
          409, "Already used", "This sign-in has already finished. Return to the terminal.")
      }
      mailbox.post(.success(answer))
      switch answer {
      case .nonce:
        return page(
          200, "Signed in",
          "You are signed in to \(applicationName). You can close this tab and return to the "
            + "terminal.")
      case .failed(let code, _):
        return page(
          200, "Sign-in failed",
          "The sign-in did not succeed (\(code)). Return to the terminal for details.")
      }
    }
  }

  /// Binds 127.0.0.1:port and starts answering.
  ///
  /// - Throws: `ClerkError.callbackPortInUse` when the port is taken, `.configuration` when it
  ///   cannot be bound.
  package func start() throws(ClerkError) {
    do {
      try server.start()
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
