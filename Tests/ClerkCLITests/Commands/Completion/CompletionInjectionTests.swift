import ClerkCLI
import ClerkTestSupport
import ClerkctlKit
import Foundation
import Testing

/// A template name in a token cache is data, never shell code: bash completion does not expand
/// what `__complete` prints, and `__complete` prints only plain names.
@Suite("Completion never runs cached names", .tags(.security))
struct CompletionInjectionTests {
  @Test("bash does not expand $(…) or globs in the words clerkctl __complete prints")
  func bashDoesNotExpandWords() async throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let scratch = TemporaryDirectory()
    let marker = scratch.file("ran")
    let script = runCLI(["completion", "bash"]).output
    let probe = """
      \(script)
      clerkctl() {
        case "$1 $2" in
          "__complete templates") printf '%s\\n' 'convex' '$(touch \(marker))' '`touch \(marker)`' 'c*' ;;
        esac
      }
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _clerkctl; printf '[%s]' "${COMPREPLY[@]}"; echo; }
      t clerkctl token --template ''
      t clerkctl token --template c
      """
    let result = try await ProcessRun.run(
      "/bin/bash", ["-c", probe], environment: ProcessInfo.processInfo.environment)
    #expect(!FileManager.default.fileExists(atPath: marker), "completion ran a cached name")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first?.contains("[convex]") == true, "\(result.stdout) \(result.stderr)")
    #expect(lines.count == 2 && lines[1].contains("[c*]"), "\(result.stdout)")
  }

  @Test("__complete templates prints only names of letters, digits, '.', '_' and '-'")
  func completePrintsPlainNames() throws {
    let fixture = try ProfileFixture(profiles: ["default"])
    let store = ProfileStore(directory: ConfigDirectory(path: fixture.configDir))
    var credential = try #require(try store.load(profile: "default"))
    for (index, name) in ["api", "$(touch x)", "a b", "ok.v1_x-y", "\u{1B}[2J"].enumerated() {
      credential.cache(
        CachedToken(jwt: "a.b.c", template: name, issuedAt: 1, expiresAt: Int64(2 + index)),
        sessionID: "sess_default")
    }
    try store.save(credential)
    #expect(fixture.run(["__complete", "templates"]).output == "api\nconvex\nok.v1_x-y\n")
  }
}
