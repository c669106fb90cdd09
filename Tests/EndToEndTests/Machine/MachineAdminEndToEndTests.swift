import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl machine list|create|delete|scope|rotate-secret` with `CLERK_SECRET_KEY`, through
/// the built binary against the emulator over loopback.
@Suite("machine: manage machines with the secret key, end to end")
struct MachineAdminEndToEndTests {
  @Test("create prints the secret once (stdout or --output), scopes, rotation with grace, delete")
  func manage() async throws {
    let fixture = try await MachineFixture()
    let key = ["CLERK_SECRET_KEY": fixture.bench.secretKey]
    func admin(_ arguments: [String]) async throws -> ProcessResult {
      try await fixture.run(["machine"] + arguments, extra: key)
    }

    // No secret key: a usage error; a wrong one: exit 3, worded as login --user-id words it.
    #expect(try await fixture.run(["machine", "list"]).status == 2)
    let refused = try await fixture.run(
      ["machine", "list"], extra: ["CLERK_SECRET_KEY": "sk_test_wrong"])
    #expect(refused.status == 3)
    #expect(refused.stderr.contains("refused CLERK_SECRET_KEY"), "\(refused.stderr)")

    let listed = try JSONValue(parsing: try await admin(["--json", "list"]).stdout)
    let ids = listed["machines"]?.arrayValue?.compactMap { $0["id"]?.stringValue } ?? []
    #expect(Set(ids) == [MachineFixture.ciID, MachineFixture.apiID])
    let ci = listed["machines"]?.arrayValue?.first { $0["id"]?.stringValue == MachineFixture.ciID }
    #expect(ci?["scoped_machines"] == [.string(MachineFixture.apiID)])
    #expect(try await admin(["list"]).stdout.contains(MachineFixture.apiID))

    // create: the secret alone on stdout, and it signs a machine in.
    let created = try await admin(["create", "deploy", "--scope", MachineFixture.apiID])
    #expect(created.status == 0, "\(created.stderr)")
    let secret = created.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(secret.hasPrefix("ak_") && !secret.contains("\n"))
    #expect(!created.stderr.contains(secret))
    let login = try await fixture.run(
      ["login", "--machine", "--secret-stdin", "--profile", "deploy", "--json"],
      stdin: secret + "\n")
    #expect(login.status == 0, "\(login.stderr)")
    let deployID = try #require(try JSONValue(parsing: login.stdout)["machine_id"]?.stringValue)

    // --output: the secret in a 0600 file and nowhere else; --json then carries no secret.
    let file = fixture.scratch.file("build.secret")
    let written = try await admin(["--json", "create", "build", "--output", file])
    #expect(written.status == 0, "\(written.stderr)")
    let stored = try String(contentsOfFile: file, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(stored.hasPrefix("ak_"))
    #expect(!written.stdout.contains(stored) && !written.stderr.contains(stored))
    let createdJSON = try JSONValue(parsing: written.stdout)
    #expect(createdJSON["secret"] == nil && createdJSON["name"] == "build")
    let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let withSecret = try JSONValue(parsing: try await admin(["--json", "create", "other"]).stdout)
    #expect(withSecret["secret"]?.stringValue?.hasPrefix("ak_") == true)

    // Unknown machines and refused scopes: exit 6.
    #expect(try await admin(["create", "bad", "--scope", "mch_nope"]).status == 6)
    #expect(try await admin(["delete", "mch_nope"]).status == 6)
    #expect(try await admin(["rotate-secret", "mch_nope", "--grace", "0"]).status == 6)
    #expect(try await admin(["scope", "add", deployID, MachineFixture.ciID]).status == 0)
    #expect(try await admin(["scope", "add", deployID, MachineFixture.ciID]).status == 6)
    #expect(try await admin(["scope", "remove", deployID, MachineFixture.ciID]).status == 0)
    #expect(try await admin(["scope", "remove", deployID, MachineFixture.ciID]).status == 6)
    #expect(try await admin(["rotate-secret", deployID]).status == 2)
    #expect(try await admin(["rotate-secret", deployID, "--grace", "28801"]).status == 2)

    // rotate-secret: the new secret on stdout; the old one lasts the grace period, then exit 4.
    let rotated = try await admin(["rotate-secret", deployID, "--grace", "60"])
    #expect(rotated.status == 0, "\(rotated.stderr)")
    let newSecret = rotated.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(newSecret.hasPrefix("ak_") && newSecret != secret)
    let old = ["token", "--profile", "deploy", "--force-refresh"]
    #expect(try await fixture.run(old).status == 0)
    try await fixture.advanceClock(61)
    let expired = try await fixture.run(old)
    #expect(expired.status == 4, "\(expired.stderr)")
    #expect(expired.stderr.contains("clerkctl login --machine --profile deploy"))
    let relogin = try await fixture.run(
      ["login", "--machine", "--secret-stdin", "--profile", "deploy"], stdin: newSecret + "\n")
    #expect(relogin.status == 0, "\(relogin.stderr)")

    #expect(try await admin(["delete", deployID]).status == 0)
    #expect(!(try await admin(["list"]).stdout.contains(deployID)))
  }
}
