import ClerkCLI
import Foundation
import Testing

/// `ProcessGuard`'s engine, with `fire` recorded instead of ending the test process.
@Suite("Signal watcher", .serialized)
struct SignalWatcherTests {
  private final class Fired: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [(error: String, restoring: [Int32])] = []

    func add(_ error: any Error, _ restoring: [ProcessGuard.SavedTerminal]) {
      condition.lock()
      items.append(("\(error)", restoring.map(\.descriptor)))
      condition.broadcast()
      condition.unlock()
    }

    /// Waits (up to a generous bound, for a loaded machine) until `count` have fired.
    func wait(for count: Int) -> [(error: String, restoring: [Int32])] {
      let until = Date().addingTimeInterval(30)
      condition.lock()
      defer { condition.unlock() }
      while items.count < count, condition.wait(until: until) {}
      return items
    }

    var all: [(error: String, restoring: [Int32])] {
      condition.lock()
      defer { condition.unlock() }
      return items
    }
  }

  private func watcher() -> (SignalWatcher, Fired) {
    let fired = Fired()
    return (SignalWatcher { error, _, restoring in fired.add(error, restoring) }, fired)
  }

  private static func saved(_ descriptor: Int32) -> ProcessGuard.SavedTerminal {
    ProcessGuard.SavedTerminal(descriptor: descriptor, state: termios())
  }

  @Test("a passed deadline fires its error once, with every terminal state to restore")
  func deadline() {
    let (watcher, fired) = watcher()
    let (terminal, _) = Terminal.capturing()
    let prompt = watcher.watch(
      ProcessGuard.Watch(interruption: nil, restoring: Self.saved(7)), terminal: terminal)
    let deadline = watcher.watch(.signIn(seconds: 0.05), terminal: terminal)
    let got = fired.wait(for: 1)
    #expect(got.count == 1)
    #expect(got.first?.error == "sign-in timed out after 0.05 s")
    #expect(got.first?.restoring == [7])
    deadline.stop()
    prompt.stop()
  }

  @Test("a stopped watch never fires")
  func stopped() {
    let (watcher, fired) = watcher()
    let (terminal, _) = Terminal.capturing()
    watcher.watch(.signIn(seconds: 0.2), terminal: terminal).stop()
    // A later deadline that does fire proves the watcher ran past the stopped one.
    let later = watcher.watch(
      ProcessGuard.Watch(deadline: 0.4, expiry: CLIError.inputEnded("x")), terminal: terminal)
    let got = fired.wait(for: 1)
    later.stop()
    #expect(got.map(\.error) == ["standard input ended before x was read"])
  }

  @Test("SIGINT fires the newest watch's interruption, and the old disposition comes back")
  func interrupt() {
    var before = sigaction()
    sigaction(SIGINT, nil, &before)
    let (watcher, fired) = watcher()
    let (terminal, _) = Terminal.capturing()
    let outer = watcher.watch(
      ProcessGuard.Watch(interruption: CLIError.cancelled("browser sign-in")), terminal: terminal)
    let inner = watcher.watch(
      ProcessGuard.Watch(interruption: CLIError.interrupted, restoring: Self.saved(5)),
      terminal: terminal)
    raise(SIGINT)
    let got = fired.wait(for: 1)
    #expect(got.map(\.error) == ["interrupted"])
    #expect(got.first?.restoring == [5])
    inner.stop()
    outer.stop()
    var after = sigaction()
    sigaction(SIGINT, nil, &after)
    #expect(
      unsafeBitCast(after.__sigaction_handler.sa_handler, to: Int.self)
        == unsafeBitCast(before.__sigaction_handler.sa_handler, to: Int.self))
    #expect(fired.all.count == 1)
  }
}
