import ClerkCLI
import Testing

@Suite("Help")
struct HelpTests {
  @Test(
    "help COMMAND equals COMMAND --help",
    arguments: [
      ["token"], ["login"], ["jwt"], ["jwt", "decode"], ["jwt", "verify"], ["exec"], ["api"],
      ["convex"], ["completion"], ["help"], ["status"],
    ])
  func helpCommandMatchesFlag(path: [String]) {
    let viaCommand = runCLI(["help"] + path)
    let viaFlag = runCLI(path + ["--help"])
    #expect(viaCommand.code == 0)
    #expect(viaCommand.output == viaFlag.output)
    #expect(viaCommand.output.contains("USAGE: clerkctl " + path.joined(separator: " ")))
  }

  @Test("Help wraps at $COLUMNS")
  func wraps() {
    let result = runCLI(["login", "--help"], environment: ["COLUMNS": "60"])
    // Example command lines are kept whole so they can be copied.
    let long = result.output.split(separator: "\n").filter {
      $0.count > 60 && !$0.hasPrefix("  clerkctl ")
    }
    #expect(long.isEmpty, "\(long)")
    let wide = runCLI(["login", "--help"], environment: ["COLUMNS": "200"])
    #expect(wide.output.split(separator: "\n").count < result.output.split(separator: "\n").count)
  }

  @Test("Unknown help topic is a usage error with a suggestion")
  func unknownTopic() {
    let result = runCLI(["help", "tokn"])
    #expect(result.code == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "clerkctl: unknown help topic 'tokn' for 'clerkctl'; did you mean 'token'? (see 'clerkctl help --help')\n"
    )
    #expect(runCLI(["help", "environmnt"]).error.contains("did you mean 'environment'?"))
  }

  @Test("help environment says how a profile is bound to its instance")
  func instanceBinding() {
    let result = runCLI(["help", "environment"])
    let flat = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains(
        "Instance binding: a profile is bound to the Frontend API origin (scheme, host and port) "
          + "it signed in on."))
    #expect(flat.contains("sends nothing anywhere and exits 3"))
    #expect(flat.contains("run 'clerkctl login' there"))
  }

  @Test("help environment lists every variable of the contract and the precedence")
  func environment() {
    let result = runCLI(["help", "environment"])
    #expect(result.code == 0)
    for variable in [
      "CLERKCTL_PROFILE", "CLERKCTL_CONFIG_DIR", "CLERK_PUBLISHABLE_KEY", "CLERK_FAPI_URL",
      "CLERK_API_URL", "CLERK_SECRET_KEY", "CLERKCTL_REQUEST_TIMEOUT", "CLERKCTL_CA_BUNDLE",
      "CLERKCTL_DEBUG", "CLERKCTL_NO_INPUT", "CI", "NO_COLOR", "XDG_CONFIG_HOME", "CONVEX_URL",
      "BROWSER",
    ] {
      #expect(result.output.contains("\n  \(variable) "), "missing \(variable)")
    }
    let flat = result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains(
        "the command-line flag, then the environment variable, then the profile's defaults "
          + "('clerkctl config set': template, convex_url, min_ttl, store) and what it stored at "
          + "login, then the built-in default"))
    #expect(flat.contains("CLERKCTL_TEMPLATE The JWT template"))
  }

  @Test("help exit-codes lists the contract's table")
  func exitCodes() {
    let result = runCLI(["help", "exit-codes"])
    #expect(result.code == 0)
    let lines = result.output.split(separator: "\n")
    for code in ExitCode.allCases {
      #expect(lines.contains { $0.hasPrefix("  \(code.rawValue) ") }, "missing \(code)")
    }
    #expect(result.output.contains("  130                       interrupted\n"))
    #expect(result.output.contains("  4                         not signed in"))
  }

  @Test("help --man prints roff from the same declarations")
  func manPage() {
    let root = runCLI(["help", "--man"])
    #expect(root.code == 0)
    #expect(root.output.hasPrefix(".TH CLERKCTL 1 "))
    #expect(root.output.contains(".SH EXIT STATUS"))
    #expect(root.output.contains(".B \\-p, \\-\\-profile <name>"))
    let token = runCLI(["help", "--man", "token"])
    #expect(token.output.hasPrefix(".TH CLERKCTL-TOKEN 1 "))
    #expect(token.output.contains(".B \\-\\-format <format>"))
  }

  @Test("A command's help shows its own options and one line pointing at the global ones")
  func globalsPointer() {
    for path in [["token"], ["login"], ["profile", "use"], ["jwt", "verify"]] {
      let help = runCLI(path + ["--help"]).output
      #expect(!help.contains("GLOBAL OPTIONS:"), "\(path)")
      #expect(!help.contains("--config-dir"), "\(path)")
      #expect(help.contains("see 'clerkctl --help'"), "\(path)")
    }
    let root = runCLI(["--help"]).output
    #expect(root.contains("GLOBAL OPTIONS:"))
    #expect(root.contains("--config-dir <dir>"))
  }

  @Test("A man page per command, with FILES, SEE ALSO and the environment as .TP entries")
  func manPages() {
    let pages = runCLI(["help", "--man-pages"]).output.split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    let names = pages.map { $0[0] }
    for name in ["clerkctl", "clerkctl-login", "clerkctl-profile-use", "clerkctl-jwt-decode"] {
      #expect(names.contains(name), "missing \(name)")
    }
    for page in pages {
      let roff = runCLI(["help", "--man"] + page.dropFirst()).output
      #expect(roff.hasPrefix(".TH \(page[0].uppercased()) 1 "), "\(page)")
      #expect(roff.contains("\n.SH FILES\n"), "\(page)")
      #expect(roff.contains("CONFIG_DIR/profiles/NAME.json"), "\(page)")
      #expect(roff.contains("\n.SH SEE ALSO\n"), "\(page)")
      let related = page[0] == "clerkctl" ? "\\fBclerkctl\\-login\\fR(1)" : "\\fBclerkctl\\fR(1)"
      #expect(roff.contains(related), "\(page)")
    }
    let root = runCLI(["help", "--man"]).output
    #expect(!root.contains(".nf"))
    #expect(root.contains(".TP\n.B CLERKCTL_PROFILE\n"))
    #expect(root.contains(".TP\n.B NO_COLOR\n"))
  }

  @Test("Golden: clerkctl token --help")
  func goldenToken() {
    #expect(runCLI(["token", "--help"]).output == Golden.token)
  }

  @Test("Golden: clerkctl exec --help")
  func goldenExec() {
    #expect(runCLI(["exec", "--help"]).output == Golden.exec)
  }

  @Test("Golden: clerkctl --help")
  func goldenRoot() {
    #expect(runCLI(["--help"]).output == Golden.root)
  }
}
