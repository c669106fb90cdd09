import ClerkCLI
import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit
import Testing

/// Options declared once, typed: one declaration gives the parser its check, help its default,
/// and the command its value.
@Suite("Typed option keys")
struct OptionKeyTests {
  @Test(
    "a time limit of 0 is refused once, by the parser, with one message",
    arguments: [
      ["login", "--sign-in-timeout", "0"],
      ["login", "--oauth", "google", "--sign-in-timeout", "0"],
      ["login", "--sso", "me@corp.example", "--sign-in-timeout=-1"],
    ])
  func signInTimeoutChecked(arguments: [String]) {
    let result = runCLI(arguments)
    #expect(result.code == 2)
    let value = arguments.last!.hasPrefix("--") ? "-1" : "0"
    #expect(
      result.error
        == "clerkctl: '--sign-in-timeout' must be a positive number of seconds, got '\(value)' "
        + "(see 'clerkctl login --help')\n")
  }

  @Test("--request-timeout 0 is refused by the parser like every time limit")
  func requestTimeoutChecked() {
    let result = runCLI(["whoami", "--request-timeout", "0"])
    #expect(result.code == 2)
    #expect(
      result.error.hasPrefix(
        "clerkctl: '--request-timeout' must be a positive number of seconds, got '0'"))
  }

  @Test("typed reads give the value, or the declared default")
  func typedValues() throws {
    let defaults = try parsedRun(["login"]).parsed
    #expect(defaults[.signInTimeout] == 120)
    #expect(defaults[.callbackPort] == 45789)
    #expect(defaults[.requestTimeout] == nil)
    let given = try parsedRun([
      "login", "--sign-in-timeout", "2.5", "--callback-port", "0", "--request-timeout", "3",
    ]).parsed
    #expect(given[.signInTimeout] == 2.5)
    #expect(given[.callbackPort] == 0)
    #expect(given[.requestTimeout] == 3)
    #expect(try LoginCommand(parsed: given).signInTimeout == 2.5)
    let browser = try #require(
      try BrowserLoginOptions(
        parsed: parsedRun(["login", "--oauth", "github", "--sign-in-timeout", "9"]).parsed))
    #expect(browser.timeout == 9)
  }

  @Test("token and exec share one --min-ttl declaration, checked by the parser")
  func minTTLShared() throws {
    #expect(try parsedRun(["token"]).parsed[.minTTL] == 10)
    #expect(try parsedRun(["exec", "--min-ttl", "30", "env"]).parsed[.minTTL] == 30)
    #expect(try TokenCommand(parsed: parsedRun(["token", "--min-ttl", "0"]).parsed).minTTL == 0)
    for command in ["token", "exec"] {
      let result = runCLI([command, "--min-ttl=-1", "env"])
      #expect(result.code == 2)
      #expect(result.error.hasPrefix("clerkctl: '--min-ttl' expects a number of seconds, got '-1'"))
    }
    #expect(OptionKey.minTTL.spec.defaultValue == "10")
  }

  @Test("the default help shows is the one the value falls back to")
  func helpDefaults() {
    #expect(OptionKey.signInTimeout.spec.defaultValue == "120")
    #expect(OptionKey.callbackPort.spec.defaultValue == "45789")
    #expect(
      OptionKey.requestTimeout.spec.defaultValue == "15")
    #expect(
      ClerkAccount(
        profile: "p", store: InMemoryCredentialStore(),
        http: HTTPClient { _ in
          throw HTTPError(.transport, url: "", message: "")
        }, clock: .system
      ).requestTimeout == HTTPRequest.defaultTimeout)
  }

  @Test("reading an option the command does not declare traps instead of reading nil")
  func undeclaredKeyTraps() async {
    await #expect(processExitsWith: .failure) {
      let parsed = try parsedRun(["login"]).parsed
      _ = parsed[TokenCommand.Options.format]
    }
  }

  @Test("declared keys read normally, inherited global options included")
  func declaredKeysRead() throws {
    let parsed = try parsedRun(["login", "--identifier", "a@example.com", "--json"]).parsed
    #expect(parsed[LoginCommand.Options.identifier] == "a@example.com")
    #expect(parsed[.json])
    #expect(parsed[.profile] == nil)
  }

  @Test("choices arrive typed: the parser refused every other word")
  func choicesTyped() throws {
    #expect(
      try parsedRun(["token", "--format", "header"]).parsed[TokenCommand.Options.format] == .header)
    #expect(try parsedRun(["token"]).parsed[TokenCommand.Options.format] == nil)
    #expect(
      try LoginCommand(parsed: parsedRun(["login", "--strategy", "email_code"]).parsed).strategy
        == .emailCode)
    let result = runCLI(["login", "--strategy", "magic_link"])
    #expect(result.code == 2)
    #expect(result.error.hasPrefix("clerkctl: '--strategy' must be one of password, email_code"))
  }
}
