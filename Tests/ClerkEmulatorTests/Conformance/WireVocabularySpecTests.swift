import Foundation
import Testing

@testable import ClerkctlWire

/// The `enum` of each schema's `status` property in a Clerk OpenAPI YAML file, read with a line
/// scanner: schemas are keys at 4-space indent under `components.schemas`, their properties at
/// 8, an enum's values `- value` lines at 12.
private struct SpecStatusEnums {
  let bySchema: [String: [String]]

  init(file: String) throws {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    let url = root.appendingPathComponent("clerk-openapi").appendingPathComponent(file)
    let lines = try String(contentsOf: url, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "  schemas:"))
    var found: [String: [String]] = [:]
    var schema: String?
    var index = start + 1
    while index < lines.count {
      let line = lines[index]
      index += 1
      if line.hasPrefix("  "), !line.hasPrefix("   ") { break }  // the next section
      if line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
        schema = String(line.dropFirst(4).dropLast())
        continue
      }
      guard line == "        status:", let schema else { continue }
      var values: [String] = []
      while index < lines.count, lines[index].hasPrefix("         ") {
        if lines[index].hasPrefix("            - ") {
          values.append(String(lines[index].dropFirst(14)))
        }
        index += 1
      }
      if !values.isEmpty { found[schema, default: []] += values }
    }
    bySchema = found
  }

  func values(_ schema: String) throws -> [String] {
    try #require(bySchema[schema], "no status enum in \(schema)")
  }
}

/// The wire vocabulary (ClerkctlWire) knows every status Clerk's specs document, and no other.
@Suite("Wire statuses against Clerk's OpenAPI specs")
struct WireVocabularySpecTests {
  private static func names<Value: WireValue>(_: Value.Type) -> Set<String> {
    Set(Value.documented.map(\.rawValue))
  }

  @Test("invitation statuses are the instance and organization invitations' enums")
  func invitations() throws {
    let bapi = try SpecStatusEnums(file: "bapi-2026-05-12.yml")
    let fapi = try SpecStatusEnums(file: "fapi-2026-05-12.yml")
    #expect(
      InvitationStatus.documented.prefix(4).map(\.rawValue) == (try bapi.values("Invitation")))
    #expect(
      Self.names(InvitationStatus.self)
        == Set(try bapi.values("Invitation") + fapi.values("Client.OrganizationInvitation")))
  }

  @Test("verification statuses are every verification schema's enum, together")
  func verifications() throws {
    var spec: Set<String> = []
    for file in ["bapi-2026-05-12.yml", "fapi-2026-05-12.yml"] {
      let enums = try SpecStatusEnums(file: file)
      let schemas = enums.bySchema.keys.filter {
        $0.hasPrefix("verification_") || $0.hasPrefix("Stubs.Verification.")
      }
      #expect(schemas.count >= 10, "\(file)")
      for schema in schemas { spec.formUnion(try enums.values(schema)) }
    }
    #expect(Self.names(VerificationStatus.self) == spec)
  }

  @Test("session, sign-in, sign-up and sign-in token statuses are their schemas' enums")
  func others() throws {
    let bapi = try SpecStatusEnums(file: "bapi-2026-05-12.yml")
    let fapi = try SpecStatusEnums(file: "fapi-2026-05-12.yml")
    #expect(SessionStatus.documented.map(\.rawValue) == (try bapi.values("Session")))
    #expect(Self.names(SignInStatus.self) == Set(try fapi.values("Client.SignIn")))
    #expect(Self.names(SignUpStatus.self) == Set(try bapi.values("SignUp")))
    #expect(Self.names(SignUpStatus.self) == Set(try fapi.values("Client.SignUp")))
    #expect(SignInTokenStatus.documented.map(\.rawValue) == (try bapi.values("SignInToken")))
    #expect(SignInTokenStatus.documented.map(\.rawValue) == (try bapi.values("ActorToken")))
  }
}
