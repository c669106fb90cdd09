import ClerkCLI
import ClerkctlCommandLine
import Testing

@Suite("Command declarations")
struct CommandDeclarationTests {
  private static func allPaths(
    _ path: [any CommandDeclaration.Type] = [RootCommand.self]
  ) -> [[any CommandDeclaration.Type]] {
    [path] + path[path.count - 1].spec.subcommands.flatMap { allPaths(path + [$0]) }
  }

  @Test("No option takes a secret on the command line")
  func noSecretOptions() {
    let forbidden = [
      "password", "secret", "passphrase", "credential", "token-value", "code", "ticket", "otp",
      "nonce", "client-token", "session-token", "api-key", "private", "bearer", "authorization",
      "jwt-value", "cookie",
    ]
    var checked = 0
    for path in Self.allPaths() {
      // The options each command really accepts: its own and every inherited global.
      for option in CommandLineParser.effectiveOptions(for: path) {
        checked += 1
        #expect(!option.isSecretInput, "\(option.long) takes a secret")
        // Named in the contract (cli.md) and a number of seconds, not a ticket.
        guard !option.isFlag, option.long != "ticket-ttl" else { continue }
        for name in [option.long] + option.aliases + [option.valueName ?? ""] {
          for word in forbidden {
            #expect(
              !name.lowercased().contains(word), "--\(option.long) looks like it takes a secret")
          }
        }
      }
    }
    #expect(checked > 50)
  }

  @Test("Spellings are unique for every command")
  func uniqueSpellings() {
    for path in Self.allPaths() {
      let spellings = CommandLineParser.effectiveOptions(for: path).flatMap(\.spellings)
      #expect(Set(spellings).count == spellings.count, "duplicate in \(path.map { $0.spec.name })")
    }
  }

  @Test("The contract's commands and global options are declared")
  func contract() {
    let names = Self.allPaths().map { $0.dropFirst().map { $0.spec.name }.joined(separator: " ") }
    for command in [
      "login", "token", "whoami", "status", "logout", "exec", "api", "convex", "jwt decode",
      "jwt verify", "doctor", "completion", "help", "profile list", "profile use",
      "profile current", "version",
    ] {
      #expect(names.contains(command), "missing \(command)")
    }
    let globals = RootCommand.spec.options.map(\.long)
    #expect(
      globals == [
        "profile", "config-dir", "publishable-key", "fapi-url", "api-url", "request-timeout",
        "cacert", "store", "verbose", "json", "no-input", "no-color", "quiet", "help", "version",
      ])
    let login = LoginCommand.spec.options.flatMap(\.spellings)
    for spelling in [
      "--identifier", "--email", "--password-stdin", "--strategy", "--code-stdin", "--ticket-stdin",
      "--user-id", "--oauth", "--sso", "--no-browser", "--callback-port", "--redirect-url",
      "--sign-in-timeout", "--no-sign-up",
    ] {
      #expect(login.contains(spelling), "login is missing \(spelling)")
    }
  }
}
