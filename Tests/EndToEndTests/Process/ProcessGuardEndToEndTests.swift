import ClerkTestSupport
import Foundation
import Testing

/// The ways clerkctl ends while blocked: the sign-in deadline at a read that never returns, and
/// Ctrl-C at a no-echo prompt in a real terminal (a pseudo-terminal) with the terminal restored.
@Suite("Process guard, end to end")
struct ProcessGuardEndToEndTests {
  @Test(
    "the sign-in deadline ends a login whose stdin never closes: exit 8, the report, nothing stored"
  )
  func deadlineAtBlockedRead() async throws {
    let fixture = try await CLIFixture(.binary)
    let login = try BrowserLoginProcess(
      fixture,
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--sign-in-timeout", "2"])
    let result = await login.finish(timeout: 60, closingInput: false)
    #expect(result.status == 8, "\(result.stderr)")
    #expect(result.stdout.isEmpty)
    #expect(
      result.stderr.contains(
        "clerkctl: sign-in timed out after 2 s; run 'clerkctl login --identifier "
          + "demo@example.com' again "
          + "(or raise --sign-in-timeout)\n"),
      "\(result.stderr)")
    #expect(
      !FileManager.default.fileExists(atPath: fixture.configDir + "/profiles/default.json"))
  }

  @Test("Ctrl-C at the password prompt restores echo and exits 130 with one report")
  func interruptAtSecretPrompt() async throws {
    let fixture = try await CLIFixture(.binary)
    let terminal = try PseudoTerminal()
    var environment = fixture.environment
    environment["CI"] = nil
    environment["CLERKCTL_NO_INPUT"] = nil
    let child = try SpawnedProcess(
      BuiltProducts.path("clerkctl"), ["login", "--identifier", "demo@example.com"],
      environment: environment, input: .descriptor(terminal.secondary),
      errorDescriptor: terminal.secondary)
    defer { child.send(SIGKILL) }  // its own thread reaps it

    let prompt = await terminal.read(until: "Password", timeout: 30)
    try #require(prompt.contains("Password"), "no prompt: \(prompt)")
    // The prompt is written before echo goes off: wait until it is off.
    var echoOff = false
    for _ in 0..<300 {
      echoOff = !terminal.echoes
      if echoOff { break }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
    #expect(echoOff, "echo never went off at the prompt")
    child.send(SIGINT)
    #expect(await child.waitForExit() == SpawnedProcess.Exit(status: 130, signaled: false))
    #expect(terminal.echoes, "the terminal was left without echo")
    let rest = await terminal.read(until: "interrupted", timeout: 10)
    #expect(rest.contains("clerkctl: interrupted"), "\(rest)")
  }
}

/// A pseudo-terminal pair: the test holds the primary side, the child gets the secondary one.
final class PseudoTerminal: @unchecked Sendable {
  let primary: Int32
  let secondary: Int32

  init() throws {
    // posix_openpt/grantpt/unlockpt are not imported into Swift: /dev/ptmx with Linux's ioctls.
    let tiocsptlck: UInt = 0x4004_5431  // _IOW('T', 0x31, int)
    let tiocgptn: UInt = 0x8004_5430  // _IOR('T', 0x30, unsigned int)
    primary = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard primary >= 0, ioctl(primary, tiocsptlck, &unlock) == 0,
      ioctl(primary, tiocgptn, &number) == 0
    else { throw CocoaError(.fileReadUnknown) }
    secondary = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY | O_CLOEXEC)
    guard secondary >= 0 else { throw CocoaError(.fileReadUnknown) }
    _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
  }

  deinit {
    close(secondary)
    close(primary)
  }

  /// Whether the terminal echoes input now.
  var echoes: Bool {
    var state = termios()
    guard tcgetattr(secondary, &state) == 0 else { return false }
    return state.c_lflag & tcflag_t(ECHO) != 0
  }

  /// What the child wrote, read until `marker` shows up or `timeout` seconds pass, on a thread
  /// of its own.
  func read(until marker: String, timeout: Double) async -> String {
    await onOwnThread { self.readBlocking(until: marker, timeout: timeout) }
  }

  private func readBlocking(until marker: String, timeout: Double) -> String {
    var collected = [UInt8]()
    let until = Date().addingTimeInterval(timeout)
    while Date() < until {
      var descriptor = pollfd(fd: primary, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      var buffer = [UInt8](repeating: 0, count: 1024)
      let count = Glibc.read(primary, &buffer, buffer.count)
      if count > 0 { collected += buffer.prefix(count) }
      if String(decoding: collected, as: UTF8.self).contains(marker) { break }
    }
    return String(decoding: collected, as: UTF8.self)
  }
}
