import ClerkCLI
import ClerkctlCommandLine
import Testing

@Suite("Command-line parser")
struct CommandLineParserTests {
  @Test("--opt value and --opt=value give the same value")
  func longValueForms() throws {
    let spaced = try parsedRun(["token", "--template", "convex"])
    let joined = try parsedRun(["token", "--template=convex"])
    #expect(spaced.parsed[TokenCommand.Options.template] == "convex")
    #expect(joined.parsed[TokenCommand.Options.template] == "convex")
    #expect(try parsedRun(["token", "--template="]).parsed[TokenCommand.Options.template] == "")
  }

  @Test("-X value, -Xvalue and grouped short flags")
  func shortForms() throws {
    let spaced = try parsedRun(["api", "-X", "POST", "https://x.test"])
    #expect(spaced.parsed[APICommand.Options.method] == "POST")
    let attached = try parsedRun(["api", "-XPUT", "https://x.test"])
    #expect(attached.parsed[APICommand.Options.method] == "PUT")
    let grouped = try parsedRun(["api", "-iXDELETE", "https://x.test"])
    #expect(grouped.parsed[APICommand.Options.include])
    #expect(grouped.parsed[APICommand.Options.method] == "DELETE")
    #expect(grouped.parsed.positionals == ["https://x.test"])
  }

  @Test("Repeatable options keep every value; others keep the last")
  func repeatable() throws {
    let run = try parsedRun(["api", "-H", "A: 1", "--header", "B: 2", "-XGET", "-XPOST", "u"])
    #expect(run.parsed[APICommand.Options.header] == ["A: 1", "B: 2"])
    #expect(run.parsed[APICommand.Options.method] == "POST")
  }

  @Test("An alias stores under the option's long name")
  func alias() throws {
    let run = try parsedRun(["login", "--email", "a@b.test", "--password-stdin"])
    #expect(run.parsed[LoginCommand.Options.identifier] == "a@b.test")
    #expect(run.parsed[LoginCommand.Options.passwordFromStdin])
  }

  @Test("-- ends options: the rest are positionals and trailing")
  func doubleDash() throws {
    let run = try parsedRun(["jwt", "decode", "--", "-not-an-option"])
    #expect(run.name == "decode")
    #expect(run.parsed.positionals == ["-not-an-option"])
    #expect(run.parsed.trailing == ["-not-an-option"])
  }

  @Test("exec: options end at the command, with or without --")
  func execPassthrough() throws {
    let bare = try parsedRun(["exec", "--template", "convex", "env", "-i", "--json"])
    #expect(bare.parsed[ExecCommand.Options.template] == "convex")
    #expect(bare.parsed.positionals == ["env", "-i", "--json"])
    #expect(bare.parsed.trailing == ["env", "-i", "--json"])
    #expect(!bare.parsed[.json])
    let dashed = try parsedRun(["exec", "--env", "T", "--", "npm", "test"])
    #expect(dashed.parsed[ExecCommand.Options.variable] == "T")
    #expect(dashed.parsed.trailing == ["npm", "test"])
  }

  @Test("Global options before, after and between nested subcommands")
  func globalOptionsAnywhere() throws {
    let before = try parsedRun(["--profile", "a", "--json", "token"])
    #expect(before.parsed[.profile] == "a")
    #expect(before.parsed[.json])
    let after = try parsedRun(["token", "--no-input", "--profile=b"])
    #expect(after.parsed[.profile] == "b")
    #expect(after.parsed[.noInput])
    let between = try parsedRun(["jwt", "--verbose", "verify", "--request-timeout", "2.5", "t"])
    #expect(between.name == "verify")
    #expect(between.parsed.commandPath == ["jwt", "verify"])
    #expect(between.parsed[.verbose])
    #expect(between.parsed[.requestTimeout] == 2.5)
    #expect(between.parsed.positionals == ["t"])
    let globals = GlobalOptions(parsed: between.parsed)
    #expect(globals.verbose && globals.requestTimeout == 2.5 && globals.profile == nil)
  }

  @Test("A value may be '-' (stdin) but not another option")
  func valueDash() throws {
    let run = try parsedRun(["api", "--data-file", "-", "https://x.test"])
    #expect(run.parsed[APICommand.Options.dataFile] == "-")
  }

  @Test(
    "Usage errors are exact one-liners",
    arguments: [
      (
        ["token", "--templat", "x"],
        "unknown option '--templat' for 'clerkctl token'; did you mean '--template'?"
      ),
      (["--profle", "x"], "unknown option '--profle' for 'clerkctl'; did you mean '--profile'?"),
      (["token", "--zzzzzz"], "unknown option '--zzzzzz' for 'clerkctl token'"),
      (["token", "-z"], "unknown option '-z' for 'clerkctl token'"),
      (["--profile"], "missing value for '--profile'"),
      (["token", "--profile", "--json"], "missing value for '--profile'"),
      (["api", "-X"], "missing value for '-X'"),
      (["token", "--min-ttl", "abc"], "'--min-ttl' expects a number of seconds, got 'abc'"),
      (["token", "--min-ttl=-1"], "'--min-ttl' expects a number of seconds, got '-1'"),
      (
        ["login", "--callback-port", "70000"],
        "'--callback-port' expects a port number from 0 to 65535, got '70000'"
      ),
      (["token", "--format", "xml"], "'--format' must be one of raw, header, json, env"),
      (["whoami", "x"], "unexpected argument 'x'"),
      (["token", "--json=yes"], "'--json' does not take a value"),
      (["tokn"], "unknown command 'tokn' for 'clerkctl'; did you mean 'token'?"),
      (["jwt", "decod"], "unknown command 'decod' for 'clerkctl jwt'; did you mean 'decode'?"),
      (["frobnicate"], "unknown command 'frobnicate' for 'clerkctl'"),
      (["convex"], "missing argument '<kind>'"),
      (["convex", "select", "f"], "'<kind>' must be one of query, mutation, action"),
      (["completion", "tcsh"], "'<shell>' must be one of bash, zsh, fish"),
      (["exec"], "missing argument '<command>'"),
    ])
  func usageErrors(arguments: [String], message: String) {
    #expect(throws: UsageError.self) { try parse(arguments) }
    do {
      _ = try parse(arguments)
    } catch let error as UsageError {
      #expect(error.message == message)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("Usage errors name the command whose help to read")
  func usageErrorCommandPath() {
    #expect(
      throws: UsageError("'<kind>' must be one of query, mutation, action", commandPath: ["convex"])
    ) {
      try parse(["convex", "select", "f"])
    }
    #expect(throws: UsageError("missing value for '--leeway'", commandPath: ["jwt", "verify"])) {
      try parse(["jwt", "verify", "--leeway"])
    }
  }

  @Test(
    "-h/--help wins anywhere, even past an error",
    arguments: [
      ["token", "--help"], ["--help", "token"], ["token", "-h"], ["token", "--bogus", "--help"],
      ["token", "--format", "xml", "-h"],
    ])
  func helpFlag(arguments: [String]) throws {
    guard case .help(let path) = try parse(arguments) else {
      Issue.record("expected help for \(arguments)")
      return
    }
    #expect(path.map { $0.spec.name } == ["clerkctl", "token"])
  }

  @Test("A group without its subcommand shows its help; --version prints the version")
  func groupsAndVersion() throws {
    guard case .help(let path) = try parse(["jwt"]) else {
      Issue.record("expected help")
      return
    }
    #expect(path.map { $0.spec.name } == ["clerkctl", "jwt"])
    guard case .version = try parse(["token", "--version"]) else {
      Issue.record("expected version")
      return
    }
  }
}
