import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// Completion gaps of issue 28 (bug 8): organization slugs after `org use`, the subcommands
/// after `help profile`, providers after `login --oauth`.
@Suite("Completion: organizations, help's subcommands, providers")
struct CompletionGapsTests {
  @Test("bash asks clerkctl for org slugs, providers and help's subcommands")
  func bashDynamic() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let script = runCLI(["completion", "bash"]).output
    let probe = """
      \(script)
      clerkctl() {
        case "$1 $2 $3" in
          "__complete organizations ") printf 'acme\\nbeta\\n' ;;
          "__complete providers ") printf 'github\\ngoogle\\n' ;;
          "__complete subcommands profile") printf 'list\\nuse\\n' ;;
        esac
      }
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _clerkctl; echo "${COMPREPLY[*]}"; }
      t clerkctl org use ''
      t clerkctl login --oauth g
      t clerkctl help profile ''
      """
    let result = try await ProcessRun.run(
      "/bin/bash", ["-c", probe], environment: ProcessInfo.processInfo.environment)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(Array(lines.prefix(3)) == ["acme beta", "github google", "list use"], "\(result)")
  }

  /// `clerkctl completion SHELL` written to a file in a fresh directory.
  private static func written(_ shell: String) throws -> (TemporaryDirectory, String) {
    let directory = TemporaryDirectory()
    let script = directory.file("clerkctl.\(shell)")
    try runCLI(["completion", shell]).output.write(
      toFile: script, atomically: true, encoding: .utf8)
    return (directory, script)
  }

  @Test("fish completes help's topics, then the subcommands of the command after help")
  func fishHelp() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") else { return }
    let (directory, script) = try Self.written("fish")
    let probe = """
      source '\(script)'
      function clerkctl
          if test "$argv[1] $argv[2] $argv[3]" = "__complete subcommands profile"
              printf 'list\\nuse\\n'
          end
      end
      echo '[help]'
      complete -C 'clerkctl help '
      echo '[help profile]'
      complete -C 'clerkctl help profile '
      """
    let result = try await ProcessRun.run(
      "/usr/bin/fish", ["--no-config", "-c", probe],
      environment: ["HOME": directory.path, "PATH": "/usr/bin:/bin"])
    let sections = result.stdout.components(separatedBy: "[help profile]\n")
    #expect(sections.count == 2, "\(result)")
    let topics = sections.first?.split(separator: "\n").map { $0.split(separator: "\t")[0] } ?? []
    #expect(topics.contains("profile") && topics.contains("environment"), "\(result)")
    let subcommands = sections.last?.split(separator: "\n").map(String.init) ?? []
    #expect(subcommands == ["list", "use"], "\(result)")
  }

  @Test("zsh completes the subcommands of the command after help, in a real terminal")
  func zshHelp() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else { return }
    let (directory, script) = try Self.written("zsh")
    let terminal = try await TmuxSession.start(
      ["/usr/bin/zsh", "-f", "-i"],
      environment: [
        "HOME": directory.path, "PATH": "/usr/bin:/bin", "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
      ])
    // The stub's names are split in the typed line, so only the completion list shows them.
    try await terminal.type(
      "autoload -U compinit && compinit -u && source '\(script)' && clerkctl() { "
        + "[[ \"$1 $2 $3\" == '__complete subcommands profile' ]] && print -l al''pha-sub "
        + "be''ta-sub; }; echo st''ub-ready")
    try await terminal.press("Enter")
    try await terminal.waitFor("stub-ready")
    try await terminal.type("clerkctl help profile ")
    try await terminal.press("Tab")
    let screen = try await terminal.waitFor("alpha-sub", timeout: 15)
    #expect(screen.contains("beta-sub"), "\(screen)")
  }

  @Test("fish and zsh ask for organizations and providers too", arguments: ["fish", "zsh"])
  func otherShells(shell: String) {
    let script = runCLI(["completion", shell]).output
    #expect(script.contains("clerkctl __complete organizations 2>/dev/null"))
    #expect(script.contains("clerkctl __complete providers 2>/dev/null"))
  }

  @Test("__complete: help's subcommands, and the common providers before any login")
  func completeValues() {
    #expect(runCLI(["__complete", "subcommands", "profile"]).output.contains("use\n"))
    #expect(runCLI(["__complete", "providers"]).output.contains("github\ngitlab\ngoogle\n"))
  }

  @Test("org list records the slugs __complete organizations offers")
  func orgSlugsCached() throws {
    let fixture = try CLIFixture.signedIn()
    let list = try fixture.run(["org", "list"])
    #expect(list.status == 0, "\(list.stderr)")
    let offered = try fixture.run(["__complete", "organizations"])
    #expect(offered.stdout.contains("acme"), "\(offered.stdout)")
  }
}
