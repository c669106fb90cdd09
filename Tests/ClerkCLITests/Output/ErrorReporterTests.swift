import ClerkCLI
import ClerkctlCommandLine
import ClerkctlKit
import Testing

@Suite("Error reporter and exit codes")
struct ErrorReporterTests {
  private struct ConfigProblem: Error, CustomStringConvertible, ExitCodeProviding {
    var description: String { "no instance configured; set CLERK_PUBLISHABLE_KEY" }
    var exitCode: ExitCode { .configuration }
  }

  private struct Unknown: Error {}

  @Test("The exit-code table matches the contract")
  func table() {
    let table = Dictionary(uniqueKeysWithValues: ExitCode.allCases.map { ($0, $0.rawValue) })
    #expect(
      table == [
        .success: 0, .failure: 1, .usage: 2, .configuration: 3, .notSignedIn: 4,
        .unavailable: 5, .signInRejected: 6, .tokenRefused: 7, .signInTimeout: 8,
        .jwtInvalid: 9, .commandNotExecutable: 126, .commandNotFound: 127, .interrupted: 130,
      ])
  }

  @Test("Errors map to exit codes in one place")
  func mapping() {
    #expect(ErrorReporter.exitCode(for: UsageError("x")) == .usage)
    #expect(ErrorReporter.exitCode(for: CLIError.notImplemented("clerkctl token")) == .failure)
    #expect(ErrorReporter.exitCode(for: CLIError.interrupted) == .interrupted)
    #expect(ErrorReporter.exitCode(for: CLIError.inputEnded("the password")) == .usage)
    #expect(ErrorReporter.exitCode(for: ConfigProblem()) == .configuration)
    #expect(ErrorReporter.exitCode(for: Unknown()) == .failure)
  }

  @Test(
    "Library errors map to the contract's codes",
    arguments: [
      (ClerkAuthError.clerkNotLoaded, ExitCode.configuration),
      (.configuration("x"), .configuration), (.noActiveSession, .notSignedIn),
      (.tokenRetrievalFailed("x"), .tokenRefused), (.signInTimeout, .signInTimeout),
      (.signInRejected("x"), .signInRejected), (.unavailable("x"), .unavailable),
    ])
  func libraryErrors(error: ClerkAuthError, code: ExitCode) {
    #expect(ErrorReporter.exitCode(for: error) == code)
  }

  @Test("Reports are one line on stderr with the right prefix")
  func reports() {
    #expect(
      ErrorReporter.report(for: UsageError("bad"), commandPath: ["token"])
        == "clerkctl: bad (see 'clerkctl token --help')\n")
    #expect(
      ErrorReporter.report(for: UsageError("bad", commandPath: ["jwt", "verify"]), commandPath: [])
        == "clerkctl: bad (see 'clerkctl jwt verify --help')\n")
    #expect(
      ErrorReporter.report(for: ConfigProblem(), commandPath: [])
        == "clerkctl: no instance configured; set CLERK_PUBLISHABLE_KEY\n")
    let (terminal, recorder) = Terminal.capturing()
    let code = ErrorReporter.report(ConfigProblem(), commandPath: [], to: terminal)
    #expect(code == 3)
    #expect(recorder.output.isEmpty)
    #expect(recorder.error.split(separator: "\n").count == 1)
  }
}
