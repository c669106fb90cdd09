import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator

/// The emulator against what live Clerk sent (Tests/ClerkTestSupport/Resources/clerk-recorded):
/// its replies of the recorded flows have every key, type and tag the recorded replies have
/// (ids, times and other values aside), so a key real Clerk adds shows up here as one failing
/// line; its errors carry Clerk's codes, statuses and texts.
///
/// The only differences allowed are listed, each with its reason, in
/// `Fixtures/conformance/recorded-differences.json` (what an emulated instance cannot have: a
/// logo, billing plans, email links); an entry that excuses nothing fails, so the list cannot
/// go stale. Where a recording and Clerk's spec disagree, the recording wins: the spec's
/// complaint is excused in `allowlist.json`, naming the recording as its evidence.
@Suite("Emulator replies against replies recorded from Clerk")
struct RecordedShapeTests {
  /// `Fixtures/conformance/NAME` in the test bundle, parsed.
  private static func conformanceFile(_ name: String) throws -> JSONValue {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return try JSONValue(
      parsing: Array(try Data(contentsOf: root.appendingPathComponent("conformance/\(name)"))))
  }

  /// An allowed difference.
  private struct Allowed {
    var fixtures: [String]
    var pointer: String
    var kind: String

    func excuses(_ difference: RecordedShape.Difference) -> Bool {
      guard fixtures == ["*"] || fixtures.contains(difference.fixture),
        kind == "*" || kind == difference.kind.rawValue
      else { return false }
      if pointer.hasSuffix(".*") {
        return difference.pointer.hasPrefix(String(pointer.dropLast()))
      }
      return pointer == difference.pointer
    }
  }

  private static func allowed() throws -> (differences: [Allowed], notCompared: Set<String>) {
    let file = try conformanceFile("recorded-differences.json")
    let differences = (file["differences"]?.arrayValue ?? []).map { entry in
      Allowed(
        fixtures: (entry["fixtures"]?.arrayValue ?? []).compactMap(\.stringValue),
        pointer: entry["pointer"]?.stringValue ?? "", kind: entry["kind"]?.stringValue ?? "")
    }
    let notCompared = (file["not_compared"]?.arrayValue ?? []).compactMap {
      $0["fixture"]?.stringValue
    }
    return (differences, Set(notCompared))
  }

  @Test("the emulator's replies have every key, type and tag the recorded ones have")
  func everyRecordedKey() throws {
    let harness = try EmulatorHarness(configuration: RecordedShapeFlows.configuration)
    let pairs = try RecordedShapeFlows(harness: harness).run()
    let (allowed, notCompared) = try Self.allowed()
    var used = Set<Int>()
    for (id, reply) in pairs {
      let fixture = try RecordedReplies.fixture(id)
      for difference in RecordedShape.differences(
        recorded: fixture.body, emulator: reply, fixture: id)
      {
        let excusedBy = allowed.indices.filter { allowed[$0].excuses(difference) }
        if excusedBy.isEmpty {
          Issue.record("\(difference)")
        }
        used.formUnion(excusedBy)
      }
    }
    for index in allowed.indices where !used.contains(index) {
      let entry = allowed[index]
      Issue.record(
        Comment(
          rawValue: "recorded-differences.json: \(entry.pointer) (\(entry.kind)) excuses nothing"))
    }
    // Every recorded reply is compared, or listed with the reason it is not.
    let compared = Set(pairs.map(\.fixture))
    for fixture in try RecordedReplies.all()
    where fixture.objectKind != "error" && fixture.format != "code-status-index" {
      #expect(
        compared.contains(fixture.id) != notCompared.contains(fixture.id),
        "\(fixture.id): compare it, or list it under not_compared with the reason")
    }
  }

  @Test("the comparison reports a key, a type and a tag that differ, one line each")
  func comparisonCatchesDifferences() {
    let recorded: JSONValue = [
      "object": "sign_in_attempt", "locale": nil, "abandon_at": 1,
      "user": ["id": "user_1", "deprovisioned": false],
      "supported_first_factors": [["strategy": "password"], ["strategy": "email_link"]],
      "first_factor_verification": ["object": "verification_otp", "channel": "sms"],
    ]
    let emulator: JSONValue = [
      "object": "sign_in_attempt", "abandon_at": "soon", "user": ["id": "user_2"],
      "supported_first_factors": [["strategy": "password"]],
      "first_factor_verification": ["object": "verification_otp", "channel": "whatsapp"],
    ]
    let found = RecordedShape.differences(recorded: recorded, emulator: emulator, fixture: "f")
      .map(\.description)
    #expect(
      found == [
        "f: type at $.abandon_at: Clerk sends number, the emulator string",
        "f: value at $.first_factor_verification.channel: Clerk sends 'sms', the emulator "
          + "'whatsapp'",
        "f: missing at $.locale: Clerk sends null",
        "f: value at $.supported_first_factors[strategy=email_link]: Clerk offers "
          + "'email_link', the emulator does not",
        "f: missing at $.user.deprovisioned: Clerk sends boolean",
      ])
  }

  @Test("every error the emulator answers has Clerk's code, status and texts")
  func errorsFollowTheCatalogue() throws {
    let directory = TemporaryDirectory(prefix: "emulator-errors")
    let recorder = ReplyRecorder(directory: URL(fileURLWithPath: directory.path))
    try Flows(harness: try EmulatorHarness(recorder: recorder)).runAll()
    let statuses = try RecordedReplies.codeStatuses()
    let catalogue = try RecordedReplies.catalogue()
    let unlisted = Set(
      (try Self.conformanceFile("recorded-differences.json")["codes"]?.arrayValue ?? [])
        .compactMap { $0["code"]?.stringValue })
    var codes: Set<String> = []
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() {
      let recording = try JSONValue(
        parsing: Array(try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name))))
      guard let status = recording["status"]?.intValue, status >= 400,
        let error = recording["body"]?["errors"]?.arrayValue?.first,
        let code = error["code"]?.stringValue
      else { continue }
      let operation =
        "\(recording["method"]?.stringValue ?? "") \(recording["template"]?.stringValue ?? "")"
      codes.insert(code)
      guard let known = statuses[code] else {
        if !unlisted.contains(code) {
          Issue.record("\(operation): '\(code)' is not a code of Clerk's catalogue")
        }
        continue
      }
      #expect(known.contains(Int(status)), "\(operation): \(code) is \(known), not \(status)")
      // The texts of the catalogue's entries for the code; an entry whose text is empty says
      // nothing about it.
      let entries = Self.entries(
        catalogue, code: code, template: recording["template"]?.stringValue ?? "")
      guard !entries.isEmpty else { continue }
      let message = error["message"]?.stringValue ?? ""
      let longMessage = error["long_message"]?.stringValue ?? ""
      #expect(!message.isEmpty && !longMessage.isEmpty, "\(operation): \(code) without text")
      let expected = entries.map { "'\($0.message)' / '\($0.longMessage)'" }
        .joined(separator: " or ")
      #expect(
        entries.contains { entry in
          (entry.message.isEmpty || RecordedCatalogueError.text(message, matches: entry.message))
            && (entry.longMessage.isEmpty
              || RecordedCatalogueError.text(longMessage, matches: entry.longMessage))
        },
        Comment(
          rawValue:
            "\(operation): \(code) says '\(message)' / '\(longMessage)', Clerk's catalogue \(expected)"
        ))
    }
    for code in unlisted where !codes.contains(code) {
      Issue.record("recorded-differences.json: the code \(code) is never answered")
    }
    // The flows meet the refusals clerkctl words (so the check above saw them).
    for code in ["form_identifier_not_found", "form_password_incorrect", "form_code_incorrect"] {
      #expect(codes.contains(code), "no flow answered \(code)")
    }
  }

  /// The catalogue entries a reply with `code` to the operation at `template` stands for:
  /// `resource_not_found` has one per kind of resource (those recorded: sessions, users, JWT
  /// templates), every other code one.
  private static func entries(
    _ catalogue: [RecordedCatalogueError], code: String, template: String
  ) -> [RecordedCatalogueError] {
    let forCode = catalogue.filter { $0.code == code }
    guard code == "resource_not_found" else { return forCode }
    var names: [String] = []
    if template.hasSuffix("/{template_name}") || template.contains("jwt_templates/") {
      names.append("JWTTemplateNotFound")
    }
    if template.contains("sessions/{session_id}") { names.append("SessionNotFound") }
    if template.hasSuffix("users/{user_id}") { names.append("UserNotFound") }
    return forCode.filter { names.contains($0.name) }
  }

  @Test("every exception the recordings win in allowlist.json shows in its recording")
  func allowlistEvidence() throws {
    let allowlist = try Self.conformanceFile("allowlist.json").arrayValue ?? []
    let fixtures = try RecordedReplies.all()
    var evidenced = 0
    for entry in allowlist {
      guard let evidence = entry["evidence"]?.stringValue else { continue }
      evidenced += 1
      let file = String(evidence.dropFirst("clerk-recorded/".count))
      let fixture = try #require(
        fixtures.first { $0.file == file && evidence.hasPrefix("clerk-recorded/") },
        "\(evidence) is not a recorded reply")
      // The keys the spec's complaint names ('locale' was unexpected) are in the recording at
      // one of the entry's pointers.
      let message = entry["message"]?.stringValue ?? ""
      let keys = message.split(separator: "'", omittingEmptySubsequences: false).enumerated()
        .filter { $0.offset % 2 == 1 }
        .map { String($0.element) }
      #expect(!keys.isEmpty, "\(message)")
      let pointers = (entry["pointers"]?.arrayValue ?? []).compactMap(\.stringValue)
      let shown = pointers.contains { pointer in
        Self.objects(at: pointer, in: fixture.body).contains { object in
          keys.allSatisfy { object[$0] != nil }
        }
      }
      #expect(shown, "\(evidence) has no \(keys) at \(pointers)")
    }
    #expect(evidenced >= 4)
  }

  /// The objects at `pointer` (`$.a.b`, `[]` for every element) in `json`.
  private static func objects(at pointer: String, in json: JSONValue) -> [[String: JSONValue]] {
    var current = [json]
    for part in pointer.dropFirst(2).split(separator: ".") {
      let name = part.hasSuffix("[]") ? String(part.dropLast(2)) : String(part)
      current = current.compactMap { $0[name] }
      if part.hasSuffix("[]") { current = current.flatMap { $0.arrayValue ?? [] } }
    }
    return current.compactMap(\.objectValue)
  }
}
