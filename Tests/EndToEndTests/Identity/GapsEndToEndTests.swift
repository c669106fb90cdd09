import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// What a gh / aws / kubectl user looks for (issue 28, gaps 10–14), through the built binary.
@Suite("Short flags, config, token --format env, exec nesting, profile delete/rename")
struct GapsEndToEndTests {
  @Test("-p, -t, -V and -q; -v says what it means")
  func shortFlags() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn(profile: "work")
    let token = try await fixture.run(["token", "-p", "work", "-t", "convex", "--json"])
    #expect(token.status == 0, "\(token.stderr)")
    #expect(token.stdout.contains(#""template": "convex""#), "\(token.stdout)")
    let version = try await fixture.run(["-V"])
    #expect(version.stdout == "clerkctl \(ClerkVersion.current)\n")
    let verbose = try await fixture.run(["-v"])
    #expect(verbose.status == 2)
    #expect(verbose.stderr.contains("--verbose traces HTTP, -V (--version)"), "\(verbose.stderr)")
    let quiet = try await fixture.run(
      ["login", "-q", "-p", "work", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n")
    #expect(quiet.status == 0)
    #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
  }

  @Test("config set template: token mints from it; CLERKCTL_TEMPLATE and --template win")
  func configTemplate() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    #expect(try await fixture.run(["config", "set", "template", "convex"]).status == 0)
    let get = try await fixture.run(["config", "get", "template"])
    #expect(get.stdout == "convex\n")
    let list = try await fixture.run(["config", "list"])
    #expect(list.stdout == "template=convex\n")
    let configured = try await fixture.run(["token", "--json"])
    #expect(configured.stdout.contains(#""template": "convex""#), "\(configured.stdout)")
    let session = try await fixture.run(
      ["token", "--json"], extra: ["CLERKCTL_TEMPLATE": "convex-org"])
    #expect(session.stdout.contains(#""template": "convex-org""#), "\(session.stdout)")
    let bad = try await fixture.run(["config", "set", "templat", "x"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("did you mean 'template'?"), "\(bad.stderr)")
    #expect(try await fixture.run(["config", "unset", "template"]).status == 0)
    #expect(try await fixture.run(["config", "get", "template"]).status == 1)
  }

  @Test("token --format env prints export lines for eval")
  func formatEnv() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let result = try await fixture.run(["token", "--format", "env"])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix("export CLERK_TOKEN='eyJ") == true, "\(result.stdout)")
    #expect(lines.last?.hasPrefix("export CLERK_TOKEN_EXPIRES_AT=") == true)
  }

  @Test("exec exports CLERKCTL_PROFILE and the instance; a nested exec --refresh is refused")
  func execNesting() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn(profile: "work")
    let env = try await fixture.run(["exec", "-p", "work", "--", "/usr/bin/env"])
    #expect(env.status == 0, "\(env.stderr)")
    #expect(env.stdout.contains("CLERKCTL_PROFILE=work\n"), "\(env.stdout)")
    #expect(env.stdout.contains("CLERKCTL_INSTANCE=\(fixture.fapiURL)"), "\(env.stdout)")
    let nested = try await fixture.run(
      ["exec", "-p", "work", "--refresh", "--", "/bin/true"],
      extra: ["CLERKCTL_EXEC_REFRESH": "work"])
    #expect(nested.status == 2)
    #expect(nested.stderr.contains("already inside 'clerkctl exec --refresh'"), "\(nested.stderr)")
  }

  @Test("profile rename moves the sign-in and the profile use choice; delete signs out")
  func deleteAndRename() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn(profile: "old")
    #expect(try await fixture.run(["profile", "use", "old"]).status == 0)
    let renamed = try await fixture.run(["profile", "rename", "old", "work"])
    #expect(renamed.status == 0, "\(renamed.stderr)")
    #expect(try await fixture.run(["profile", "current"]).stdout == "work\n")
    #expect(try await fixture.run(["whoami", "-p", "work"]).status == 0)
    try await fixture.clearRequests()
    let deleted = try await fixture.run(["profile", "delete", "work"])
    #expect(deleted.status == 0, "\(deleted.stderr)")
    #expect(deleted.stderr.contains("Signed out demo@example.com"), "\(deleted.stderr)")
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialPath(profile: "work")))
    let requests = try await fixture.requests()
    #expect(requests.contains { $0.method == "DELETE" || $0.path.contains("remove") })
    let missing = try await fixture.run(["profile", "delete", "wrok"])
    #expect(missing.status == 4)
  }
}
