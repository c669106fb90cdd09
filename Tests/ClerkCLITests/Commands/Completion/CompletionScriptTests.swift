import ClerkCLI
import ClerkTestSupport
import ClerkctlCommandLine
import ClerkctlKit
import Foundation
import Testing

@Suite("Completion scripts")
struct CompletionScriptTests {
  /// Every command below the root, and every option, from the declarations.
  private static func walk(
    _ command: any CommandDeclaration.Type, into names: inout [String], options: inout [OptionSpec]
  ) {
    options += command.spec.options
    for child in command.spec.subcommands {
      names.append(child.spec.name)
      walk(child, into: &names, options: &options)
    }
  }

  @Test("Each script names every command, option and choice", arguments: CompletionShell.allCases)
  func coverage(shell: CompletionShell) async {
    let result = runCLI(["completion", shell.rawValue])
    #expect(result.code == 0)
    #expect(result.error.isEmpty)
    var names: [String] = []
    var options: [OptionSpec] = []
    Self.walk(RootCommand.self, into: &names, options: &options)
    for name in names { #expect(result.output.contains(name), "\(shell): missing command \(name)") }
    for option in options where !option.isHidden {
      let spelling = shell == .fish ? "-l \(option.long)" : "--\(option.long)"
      #expect(result.output.contains(spelling), "\(shell): missing \(spelling)")
    }
    for words in [
      "raw header json", "password email_code phone_code", "totp email_code phone_code backup_code",
      "bash zsh fish", "query mutation action",
    ] {
      #expect(result.output.contains(words), "\(shell): missing choices \(words)")
    }
  }

  @Test("Each script passes its shell's syntax check", arguments: CompletionShell.allCases)
  func syntax(shell: CompletionShell) async throws {
    guard
      let executable = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + shell.rawValue })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      return  // The shell is not installed here; nothing to check against.
    }
    let directory = TemporaryDirectory(prefix: "clerkctl-completion")
    let file = URL(fileURLWithPath: directory.file("clerkctl.\(shell.rawValue)"))
    try runCLI(["completion", shell.rawValue]).output.write(
      to: file, atomically: true, encoding: .utf8)
    let result = try await ProcessRun.run(
      executable, ["-n", file.path], environment: ProcessInfo.processInfo.environment)
    #expect(result.status == 0, "\(shell) -n: \(result.stderr)")
  }

  @Test("bash completes subcommands, option values and arguments")
  func bashBehaviour() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let script = runCLI(["completion", "bash"]).output
    let probe = """
      \(script)
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _clerkctl; echo "${COMPREPLY[*]}"; }
      t clerkctl to
      t clerkctl --profile x jwt ''
      t clerkctl token --format ''
      t clerkctl jwt verify --le
      t clerkctl completion ''
      """
    let result = try await ProcessRun.run(
      "/bin/bash", ["-c", probe], environment: ProcessInfo.processInfo.environment)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      Array(lines.prefix(5)) == [
        "token", "decode verify", "raw header json env", "--leeway", "bash zsh fish",
      ])
  }

  @Test("bash offers stored profiles after --profile and 'profile use', templates after --template")
  func bashDynamicValues() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let script = runCLI(["completion", "bash"]).output
    let probe = """
      \(script)
      clerkctl() {
        case "$1 $2" in
          "__complete profiles") printf 'default\\nwork\\n' ;;
          "__complete templates") printf 'api\\nconvex\\n' ;;
        esac
      }
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _clerkctl; echo "${COMPREPLY[*]}"; }
      t clerkctl --profile ''
      t clerkctl profile use w
      t clerkctl token --template ''
      t clerkctl exec --template co
      """
    let result = try await ProcessRun.run(
      "/bin/bash", ["-c", probe], environment: ProcessInfo.processInfo.environment)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(Array(lines.prefix(4)) == ["default work", "work", "api convex", "convex"])
  }

  @Test("zsh and fish ask clerkctl for the same values", arguments: [CompletionShell.zsh, .fish])
  func dynamicValues(shell: CompletionShell) async {
    let script = runCLI(["completion", shell.rawValue]).output
    #expect(script.contains("clerkctl __complete profiles 2>/dev/null"))
    #expect(script.contains("clerkctl __complete templates 2>/dev/null"))
  }

  @Test("__complete lists stored profiles, and convex with the cached templates")
  func completeValues() async throws {
    let fixture = try ProfileFixture(profiles: ["default", "work"])
    let store = ProfileStore(directory: ConfigDirectory(path: fixture.configDir))
    var credential = try #require(try store.load(profile: "work"))
    credential.cache(
      CachedToken(jwt: "a.b.c", template: "api", issuedAt: 1, expiresAt: 2), sessionID: "sess_work")
    try store.save(credential)
    #expect(fixture.run(["__complete", "profiles"]).output == "default\nwork\n")
    #expect(fixture.run(["__complete", "templates"]).output == "api\nconvex\n")
    let empty = runCLI(["__complete", "profiles"], environment: ["HOME": "/nonexistent"])
    #expect(empty.code == 0)
    #expect(empty.output.isEmpty)
    #expect(empty.error.isEmpty)
    // Hidden: not in help or completion lists.
    #expect(!runCLI(["--help"]).output.contains("__complete"))
  }

  @Test("completion --help says where each shell's script goes")
  func placement() async {
    let help = runCLI(["completion", "--help"]).output
    let flat = help.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("~/.local/share/bash-completion/completions/clerkctl"))
    #expect(flat.contains("_clerkctl in a directory on $fpath"))
    #expect(flat.contains("~/.config/fish/completions/clerkctl.fish"))
  }
}
