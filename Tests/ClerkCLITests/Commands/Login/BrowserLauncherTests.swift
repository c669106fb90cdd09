import ClerkCLI
import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import Testing

@Suite("Browser launcher and browser login options")
struct BrowserLauncherTests {
  let url = "http://127.0.0.1:1/a?b=c&d=e"

  @Test("$BROWSER wins; %s is replaced, else the URL is the last argument")
  func browserVariable() {
    #expect(
      BrowserLauncher.command(for: url, environment: ["BROWSER": "firefox"]) == ["firefox", url])
    #expect(
      BrowserLauncher.command(for: url, environment: ["BROWSER": "w3m -o x %s:lynx"])
        == ["w3m", "-o", "x", url])
  }

  @Test("xdg-open only with a display and not over SSH")
  func xdgOpen() {
    #expect(BrowserLauncher.command(for: url, environment: ["DISPLAY": ":0"]) == ["xdg-open", url])
    #expect(
      BrowserLauncher.command(for: url, environment: ["WAYLAND_DISPLAY": "wayland-0"])
        == ["xdg-open", url])
    #expect(BrowserLauncher.command(for: url, environment: [:]) == nil)
    #expect(
      BrowserLauncher.command(
        for: url, environment: ["DISPLAY": ":0", "SSH_CONNECTION": "1 2 3 4"])
        == nil)
    #expect(
      BrowserLauncher.command(for: url, environment: ["DISPLAY": ":0", "SSH_TTY": "/dev/pts/1"])
        == nil)
  }

  @Test("a program that does not exist is not launched")
  func missingProgram() {
    #expect(
      !BrowserLauncher.launch(["no-such-browser-xyz", url], environment: ["PATH": "/nonexistent"]))
  }

  @Test("options: defaults, provider normalisation, conflicts and bad values")
  func options() throws {
    let none = try BrowserLoginOptions(parsed: ParsedArguments(commandPath: ["login"]))
    #expect(none == nil)
    let google = try #require(
      try BrowserLoginOptions(
        parsed: ParsedArguments(commandPath: ["login"], optionValues: ["oauth": ["OAuth_Google"]])))
    #expect(google.target == .oauth(provider: "google"))
    #expect(google.callbackPort == 45789)
    #expect(google.timeout == 120)
    #expect(google.allowSignUp)
    #expect(google.redirectURL == nil)
    let bad: [ParsedArguments] = [
      ParsedArguments(optionValues: ["oauth": ["google"], "sso": ["a@b.c"]]),
      ParsedArguments(optionValues: ["oauth": ["google"], "identifier": ["a@b.c"]]),
      ParsedArguments(optionValues: ["oauth": ["google"]], flagCounts: ["ticket-stdin": 1]),
      ParsedArguments(optionValues: ["oauth": ["goo gle"]]),
      ParsedArguments(optionValues: ["sso": ["not-an-email"]]),
      ParsedArguments(optionValues: [
        "oauth": ["google"], "redirect-url": ["http://example.com/cb"],
      ]),
      ParsedArguments(optionValues: ["oauth": ["google"], "redirect-url": ["cb"]]),
    ]
    for parsed in bad {
      #expect(throws: UsageError.self) { try BrowserLoginOptions(parsed: parsed) }
    }
    let custom = try #require(
      try BrowserLoginOptions(
        parsed: ParsedArguments(
          optionValues: ["sso": ["me@corp.example"], "redirect-url": ["myapp://callback"]],
          flagCounts: ["no-sign-up": 1, "no-browser": 1])))
    #expect(custom.target == .sso(email: "me@corp.example"))
    #expect(custom.redirectURL == "myapp://callback")
    #expect(!custom.allowSignUp)
    #expect(custom.noBrowser)
  }
}
