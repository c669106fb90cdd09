import ClerkTestSupport
import ClerkctlCore
import Foundation
import Glibc
import Testing

/// The children clerkctl starts (`exec`'s command, with and without `--refresh`, and the browser
/// of `login --oauth`) inherit only the descriptors they were meant to have: 0–2, and those the
/// user passed on purpose (`3<file`). Never clerkctl's connection to Clerk, its listening
/// sockets, its pipes or its files. Through the built binary against the emulator child.
@Suite("Descriptors a child of clerkctl inherits, end to end", .tags(.security))
struct DescriptorInheritanceTests {
  /// A shell command printing the descriptors its shell holds, numbers only, on one line.
  /// Every step is a built-in, so no process and no descriptor is added to the answer: the
  /// glob's own directory descriptor is closed again when `[ -L ]` looks, so it is not listed.
  /// Then `ls -l` (a child, looking from outside; no redirection, which the shell would make
  /// by saving a descriptor) shows what each one is, for the failure message.
  static let listing = """
    l=; for f in /proc/$$/fd/*; do [ -L "$f" ] && l="$l ${f##*/}"; done; echo $l
    ls -l /proc/$$/fd; true
    """

  /// The descriptor numbers in a line of `listing`'s output.
  static func descriptors(_ line: Substring) -> Set<Int> {
    Set(line.split(separator: " ").compactMap { Int($0) })
  }

  @Test("exec's command holds 0, 1 and 2 only")
  func exec() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let result = try await env.run(
      ["exec", "--template", "convex", "--", "sh", "-c", Self.listing])
    #expect(result.status == 0, "\(result.stderr)")
    // A token was minted just before the command started: a connection to Clerk was open.
    let mints = try await env.admin.requests(containing: "/tokens/convex")
    #expect(!mints.isEmpty)
    let line = try #require(result.stdout.split(separator: "\n").first)
    #expect(Self.descriptors(line) == [0, 1, 2], "\(result.stdout)")
  }

  @Test("exec --refresh's command holds 0, 1 and 2 only, beside the token file and endpoint")
  func execRefresh() async throws {
    let fixture = try await RefreshFixture()
    let script =
      #"printf '%s\n%s\n' "$CLERK_TOKEN_FILE" "$CLERK_TOKEN_URL""# + "\n" + Self.listing
    let run = try fixture.start(
      ["exec", "--refresh", "--min-ttl", "1", "--template", "convex", "--", "sh", "-c", script])
    let status = await run.wait()
    #expect(status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(lines.count >= 3, "\(run.stdout)")
    // Both keepers were running when the command started.
    #expect(lines[0].hasPrefix(fixture.scratch.path + "/clerkctl-"))
    #expect(lines[1].hasPrefix("http://127.0.0.1:"))
    #expect(Self.descriptors(lines[2]) == [0, 1, 2], "\(run.stdout)")
  }

  @Test("a descriptor the user passes on purpose (3</dev/null) still reaches the command")
  func userDescriptorPasses() async throws {
    let env = try await CLIFixture.signedIn(.binary)
    let command = Self.listing + "\n" + #"[ "$(readlink /proc/$$/fd/3)" = /dev/null ] && echo null"#
    let result = try await ProcessRun.run(
      "/bin/sh",
      [
        "-c", #"exec 3</dev/null; exec "$0" exec --template convex -- sh -c "$1""#,
        BuiltProducts.path("clerkctl"), command,
      ],
      environment: env.environment)
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    try #require(lines.count >= 2, "\(result.stdout) \(result.stderr)")
    #expect(Self.descriptors(lines[0]) == [0, 1, 2, 3], "\(result.stdout)")
    #expect(lines.last == "null")
  }

  @Test("the browser of login --oauth holds 0, 1 and 2 only")
  func browser() async throws {
    let sandbox = try await CLIFixture(.binary)
    let script = sandbox.home.file("browser.sh")
    let seen = sandbox.home.file("descriptors.txt")
    // The script's own shell keeps the script file open (close-on-exec), so it hands the
    // listing to a shell of its own, which then completes the sign-in as a browser would. Its
    // output goes to files by `exec` redirections, which keep no copy of the old descriptors.
    let inner = """
      exec > "$0.tmp"
      \(Self.listing)
      exec > /dev/null 2>&1; mv "$0.tmp" "$0"
      exec curl -sSL -o /dev/null "$1&auto=demo@example.com"
      """
    let body = """
      #!/bin/sh
      exec /bin/sh -c '\(inner.replacing("'", with: #"'\''"#))' '\(seen)' "$1"

      """
    try ExecutableFile.write(body, to: script)
    let login = try BrowserLoginProcess(
      sandbox, ["login", "--oauth", "github", "--callback-port", "0"],
      extra: ["BROWSER": script])
    let result = await login.finish()
    #expect(result.status == 0, "\(result.stderr)")
    let listed = try String(contentsOfFile: seen, encoding: .utf8)
    let line = try #require(listed.split(separator: "\n").first)
    #expect(Self.descriptors(line) == [0, 1, 2], "\(listed)")
  }
}
