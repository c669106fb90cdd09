import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

/// `clerkctl m2m verify|list|revoke` against the emulator over loopback.
@Suite("m2m verify, list and revoke, end to end")
struct M2MVerifyEndToEndTests {
  @Test(
    "verify accepts good tokens and rejects expired, revoked, foreign-instance and other-category ones"
  )
  func verify() async throws {
    let fixture = try await MachineFixture()
    try await fixture.login()
    let secretKey = ["CLERK_SECRET_KEY": fixture.bench.secretKey]
    // A JWT carries its scopes only as custom claims (Clerk adds none): scopes, else aud.
    let scoped: String = (["scopes": [.string(MachineFixture.apiID)]] as JSONValue).encoded
    let jwt = try await fixture.run(["token", "--token-format", "jwt", "--claims", scoped]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let good = try await fixture.run(["m2m", "verify", jwt])
    #expect(good.status == 0, "\(good.stderr)")
    #expect(try JSONValue(parsing: good.stdout)["subject"]?.stringValue == MachineFixture.ciID)
    #expect(
      try await fixture.run(["m2m", "verify", "--scope", MachineFixture.apiID, jwt]).status == 0)
    #expect(
      try await fixture.run(["m2m", "verify", "--scope", MachineFixture.ciID, jwt]).status == 9)

    let opaque = try JSONValue(parsing: try await fixture.run(["token", "--json"]).stdout)
    let token = try #require(opaque["token"]?.stringValue)
    let id = try #require(opaque["token_id"]?.stringValue)
    let accepted = try await fixture.run(["m2m", "verify", token], extra: secretKey)
    #expect(accepted.status == 0, "\(accepted.stderr)")
    #expect(try await fixture.run(["m2m", "list"]).stdout.contains(id))
    #expect(try await fixture.run(["m2m", "revoke", id]).status == 0)
    #expect(try await fixture.run(["m2m", "verify", token], extra: secretKey).status == 9)

    // Expired: a 2 s opaque token after the emulator's clock moves on.
    let short = try await fixture.run([
      "token", "--ttl", "2", "--min-ttl", "0", "--claims", #"{"n":1}"#,
    ])
    let shortToken = short.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    try await fixture.advanceClock(10)
    #expect(try await fixture.run(["m2m", "verify", shortToken], extra: secretKey).status == 9)

    // Another instance's JWT, and tokens of another category.
    let other = try await MachineFixture()
    try await other.login()
    let foreign = try await other.run(["token", "--token-format", "jwt"]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try await fixture.run(["m2m", "verify", foreign]).status == 9)
    var parts = jwt.split(separator: ".").map(String.init)
    let header = try JSONValue(parsing: Base64URL.decode(parts[0]) ?? [])
    var fields = header.objectValue ?? [:]
    fields["cat"] = nil
    parts[0] = Base64URL.encode(JSONValue.object(fields).encodedBytes)
    #expect(try await fixture.run(["m2m", "verify", parts.joined(separator: ".")]).status == 9)
    #expect(try await fixture.run(["m2m", "verify", MachineFixture.ciSecret]).status == 9)
  }
}
