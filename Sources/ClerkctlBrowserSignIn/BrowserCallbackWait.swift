import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

/// The browser step both browser sign-ins share (``BrowserSignIn`` and
/// ``OAuthBrowserSignIn``): the mailbox answers arrive in, the loopback callback server when
/// the browser comes back to this machine, the paste-back reader, opening the URL, and the
/// wait that takes answers until one settles the sign-in or the deadline passes.
///
/// Anyone on this machine (or a web page) can reach the loopback, so an answer the sign-in
/// cannot use does not end the wait; a failure handed in (`Result.failure`: stdin ended, the
/// app's URL opener failed, the app cancelled) does.
package final class BrowserCallbackWait: Sendable {
  /// Where the answers arrive.
  package let mailbox: CallbackMailbox
  private let server: LoopbackCallbackServer?

  /// Starts listening on the loopback callback when `loopbackPort` is given.
  ///
  /// - Parameters:
  ///   - loopbackPort: the port on 127.0.0.1 (0: a free one); `nil` when the browser is sent
  ///     elsewhere and the answer is pasted back.
  ///   - applicationName: the application signing in, as the callback page names it.
  ///   - mailbox: where answers arrive (the caller's, when it hands some in itself).
  /// - Throws: `ClerkError.callbackPortInUse`, `.configuration`.
  package init(
    loopbackPort: Int?, applicationName: String, mailbox: CallbackMailbox = CallbackMailbox()
  ) throws(ClerkError) {
    self.mailbox = mailbox
    if let loopbackPort {
      let server = LoopbackCallbackServer(
        port: loopbackPort, mailbox: mailbox, applicationName: applicationName)
      try server.start()
      self.server = server
    } else {
      server = nil
    }
  }

  /// `http://127.0.0.1:PORT/callback`, or `nil` without a loopback server.
  package var redirectURL: String? { server?.redirectURL }

  /// Shows `url` and opens it in the browser; returns whether one was launched.
  ///
  /// - Parameter subject: what the URL is, for the refusal (`the oauth_google sign-in URL`).
  /// - Throws: `ClerkError.malformedResponse` when `url` is not one to open (``BrowserURL``).
  package func open(
    _ url: String, subject: String, show: (String) -> Void, launch: (String) -> Bool
  ) throws(ClerkError) -> Bool {
    guard BrowserURL.isOpenable(url) else {
      throw .malformedResponse(
        "\(subject) is not an https:// URL (or http:// to this machine) free of spaces and "
          + "control characters, so it was not opened")
    }
    show(url)
    return launch(url)
  }

  /// Reads pasted lines on a thread of its own until `interpret` takes one (or the sign-in
  /// ends); blank lines are skipped.
  ///
  /// - Parameters:
  ///   - read: reads one line, blocking; `nil` at end of input.
  ///   - endedEarly: the refusal to end the sign-in with when input ends first; `nil` to go
  ///     on waiting for the loopback.
  ///   - interpret: what a line answers; `nil` to skip it and read the next.
  package func readPasted(
    _ read: @escaping @Sendable () -> String?, endedEarly: String?,
    interpret: @escaping @Sendable (String) -> Result<BrowserCallback, ClerkError>?
  ) {
    let mailbox = mailbox
    DetachedThread.start {
      while !mailbox.isFinished {
        guard let line = read() else {
          if let endedEarly { mailbox.post(.failure(.signInRejected(endedEarly)), from: .pasted) }
          return
        }
        if line.allSatisfy(\.isWhitespace) { continue }
        guard let answer = interpret(line) else { continue }
        mailbox.post(answer, from: .pasted)
        return
      }
    }
  }

  /// Takes answers until `settle` returns a value, then stops listening and returns it.
  ///
  /// - Parameters:
  ///   - secondsLeft: the time left until the sign-in's deadline, asked before each wait.
  ///   - timeout: the whole sign-in's seconds, for the timeout error.
  ///   - settle: what an answer settles; `nil` to ignore it and wait for the next (it notes
  ///     why itself).
  /// - Throws: `ClerkError.signInTimedOut`, a failure handed in, what `settle` throws.
  package func wait<Outcome>(
    secondsLeft: () -> Double, timeout: Double,
    _ settle: (BrowserCallback, CallbackMailbox.Source) throws -> Outcome?
  ) throws -> Outcome {
    while true {
      guard let (answer, source) = mailbox.next(seconds: secondsLeft()) else {
        throw ClerkError.signInTimedOut(seconds: timeout)
      }
      if let settled = try settle(try answer.get(), source) {
        stop()
        return settled
      }
    }
  }

  /// Stops listening: later answers are dropped and the loopback server stops (once its
  /// page is out). Safe to call more than once.
  package func stop() {
    mailbox.finish()
    server?.stop()
  }
}
