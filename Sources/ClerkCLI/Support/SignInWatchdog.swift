import ClerkKit
import Dispatch
import Glibc

/// Bounds a whole sign-in, waits at prompts included: when `seconds` pass before `cancel()`,
/// it restores the terminal, says so on stderr and exits 8 (the contract's sign-in timeout).
///
/// HTTP requests already stop at the deadline on their own; this covers a user who never
/// answers a prompt, and stdin that never closes.
package final class SignInWatchdog: Sendable {
  private let cancelled = Lock(false)

  package init(seconds: Double, terminal: Terminal) {
    let shown = seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds)
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      cancelled.withLock { cancelled in
        guard !cancelled else { return }
        SecretReader.restoreTerminal()
        terminal.writeError(
          "\nclerkctl: sign-in timed out after \(shown) s; run 'clerkctl login' again "
            + "(or raise --sign-in-timeout)\n")
        _exit(ExitCode.signInTimeout.rawValue)
      }
    }
  }

  /// Stops the watchdog; after this it never fires.
  package func cancel() {
    cancelled.withLock { $0 = true }
  }
}
