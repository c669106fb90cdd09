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
