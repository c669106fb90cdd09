import ClerkCLI
import ClerkTestSupport
import ClerkctlHTTP
import Testing

/// `clerkctl api` prints what a server sent. Into a pipe or a file that is data and goes out
/// byte for byte; on a terminal it is server text, so escape sequences in the body or the
/// headers are shown, not obeyed.
@Suite("api: server text on a terminal")
struct APITerminalOutputTests {
  private static let backend = "https://backend.example.test/v1/thing"
  private static let hostile = "ok\u{1B}]0;pwned\u{07}\u{1B}[2J\tdone\n\u{202E}txt"

  /// Runs `api -i` against a backend that answers `hostile` in its body and in a header, with
  /// stdout a terminal or not.
  private func run(stdoutIsTerminal: Bool) throws -> (status: Int32, stdout: String) {
    let fixture = try CLIFixture.signedIn(.inProcess)
    let inMemory = try #require(fixture.inMemory)
    let (terminal, recorder) = Terminal.capturing(
      terminals: stdoutIsTerminal ? [.output] : [])
    var context = CommandContext(
      terminal: terminal, environment: fixture.environment, clock: inMemory.time.clock)
    let emulator = inMemory.http
    let backend = HTTPClient { request in
      guard request.url == Self.backend else { return try emulator.send(request) }
      return HTTPResponse(
        status: 200, headers: ["X-Note": "a\u{1B}[31mred"], body: Array(Self.hostile.utf8))
    }
    context.makeHTTPClient = { _ in backend }
    let status = CLI.run(arguments: ["api", "-i", Self.backend], context: context)
    return (status, recorder.output)
  }

  @Test("on a terminal, escape sequences in the body and headers are shown, not obeyed")
  func terminal() throws {
    let result = try run(stdoutIsTerminal: true)
    #expect(result.status == 0)
    #expect(!result.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    #expect(!result.stdout.unicodeScalars.contains("\u{202E}"))
    #expect(result.stdout.contains("X-Note: a^[[31mred"))
    // Line breaks and tabs are layout, kept; the rest is shown in caret notation.
    #expect(result.stdout.hasSuffix("ok^[]0;pwned^G^[[2J\tdone\n<U+202E>txt"))
  }

  @Test("into a pipe, the body is the server's bytes, unchanged")
  func pipe() throws {
    let result = try run(stdoutIsTerminal: false)
    #expect(result.status == 0)
    #expect(result.stdout.hasSuffix("\r\n\r\n" + Self.hostile))
  }
}
