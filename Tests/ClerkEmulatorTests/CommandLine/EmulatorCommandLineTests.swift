import Testing

@testable import ClerkEmulator

/// `clerk-emulator`'s command line, parsed in process.
@Suite("clerk-emulator command line")
struct EmulatorCommandLineTests {
  private func usageError(_ arguments: [String]) -> EmulatorUsageError? {
    do {
      _ = try EmulatorCommandLine.parse(arguments)
      return nil
    } catch {
      return error
    }
  }

  @Test("no arguments: loopback, port 0, the seed data, request logs on")
  func defaults() throws {
    #expect(try EmulatorCommandLine.parse([]) == .run(EmulatorCommandLine.Options()))
    let options = EmulatorCommandLine.Options()
    #expect(options.host == "127.0.0.1")
    #expect(options.port == 0)
    #expect(options.config == nil)
    #expect(!options.quiet)
  }

  @Test("every option, as '--name value' and '--name=value'")
  func everyOption() throws {
    var expected = EmulatorCommandLine.Options()
    expected.host = "::1"
    expected.port = 8443
    expected.config = "/tmp/users.json"
    expected.quiet = true
    expected.instance = .production
    expected.allowRedirects = ["http://127.0.0.1/a", "http://127.0.0.1/b"]
    expected.oauthAutoApprove = "ci@example.org"
    expected.clockOffset = -90.5
    let separate = [
      "--host", "::1", "--port", "8443", "--config", "/tmp/users.json", "--quiet", "--instance",
      "production", "--allow-redirect", "http://127.0.0.1/a", "--allow-redirect",
      "http://127.0.0.1/b", "--oauth-auto-approve", "ci@example.org", "--clock-offset", "-90.5",
    ]
    #expect(try EmulatorCommandLine.parse(separate) == .run(expected))
    let inline = [
      "--host=::1", "--port=8443", "--config=/tmp/users.json", "--quiet",
      "--instance=production", "--allow-redirect=http://127.0.0.1/a",
      "--allow-redirect=http://127.0.0.1/b", "--oauth-auto-approve=ci@example.org",
      "--clock-offset=-90.5",
    ]
    #expect(try EmulatorCommandLine.parse(inline) == .run(expected))
  }

  @Test("-h and --help ask for the usage text, which names every option")
  func help() throws {
    #expect(try EmulatorCommandLine.parse(["-h"]) == .help)
    #expect(try EmulatorCommandLine.parse(["--port", "1", "--help"]) == .help)
    #expect(EmulatorCommandLine.usage.contains("USAGE: clerk-emulator"))
    for option in EmulatorCommandLine.valueOptions + EmulatorCommandLine.flags {
      #expect(EmulatorCommandLine.usage.contains(option), "usage lacks \(option)")
    }
  }

  @Test("an unknown option is a one-line usage error with the closest option and --help")
  func unknownOption() throws {
    let error = try #require(usageError(["--prt", "80"]))
    #expect(error.message == "unknown option '--prt'; did you mean '--port'?")
    #expect(
      error.description
        == "clerk-emulator: unknown option '--prt'; did you mean '--port'? "
        + "(see 'clerk-emulator --help')")
    #expect(EmulatorUsageError.exitCode == 2)
    #expect(usageError(["--bogus"])?.message == "unknown option '--bogus'")
    #expect(
      usageError(["--quet"])?.message == "unknown option '--quet'; did you mean '--quiet'?")
    #expect(
      usageError(["--clock-ofset=5"])?.message
        == "unknown option '--clock-ofset'; did you mean '--clock-offset'?")
    #expect(usageError(["-x"])?.message == "unknown option '-x'")
    #expect(usageError(["serve"])?.message == "unexpected argument 'serve'")
  }

  @Test("bad values and missing values are usage errors that name the option")
  func badValues() {
    #expect(
      usageError(["--port", "70000"])?.message
        == "'--port' must be a number from 0 to 65535, got '70000'")
    #expect(
      usageError(["--port=http"])?.message
        == "'--port' must be a number from 0 to 65535, got 'http'")
    #expect(
      usageError(["--instance", "staging"])?.message
        == "'--instance' must be 'development' or 'production', got 'staging'")
    #expect(
      usageError(["--clock-offset", "inf"])?.message
        == "'--clock-offset' expects a number of seconds, got 'inf'")
    #expect(usageError(["--config"])?.message == "missing value for '--config'")
    #expect(usageError(["--quiet=yes"])?.message == "'--quiet' does not take a value")
  }

  @Test("a host that is not loopback gets a warning; loopback hosts none")
  func hostWarning() throws {
    #expect(EmulatorCommandLine.hostWarning(for: "127.0.0.1") == nil)
    #expect(EmulatorCommandLine.hostWarning(for: "::1") == nil)
    #expect(EmulatorCommandLine.hostWarning(for: "localhost") == nil)
    let warning = try #require(EmulatorCommandLine.hostWarning(for: "0.0.0.0"))
    #expect(warning.hasPrefix("clerk-emulator: warning: --host 0.0.0.0 is not a loopback"))
    #expect(!warning.contains("\n"))
  }

  @Test("the printed URLs name loopback for loopback and wildcard hosts, brackets for IPv6")
  func advertisedHost() {
    #expect(EmulatorCommandLine.advertisedHost(for: "127.0.0.1") == "127.0.0.1")
    #expect(EmulatorCommandLine.advertisedHost(for: "0.0.0.0") == "127.0.0.1")
    #expect(EmulatorCommandLine.advertisedHost(for: "localhost") == "127.0.0.1")
    #expect(EmulatorCommandLine.advertisedHost(for: "::") == "[::1]")
    #expect(EmulatorCommandLine.advertisedHost(for: "::1") == "[::1]")
    #expect(EmulatorCommandLine.advertisedHost(for: "fe80::2") == "[fe80::2]")
    #expect(EmulatorCommandLine.advertisedHost(for: "10.0.0.5") == "10.0.0.5")
  }
}
