import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

/// Every JSON reply of every emulator flow validates against the response schema Clerk's own
/// OpenAPI specs (Fixtures/clerk-openapi, 2026-05-12) declare for its operation and status.
///
/// The flows run in process through `handle(_:)` with a `ReplyRecorder`; then
/// `Fixtures/conformance/validate_replies.py` (Python's `jsonschema`, which `make test`
/// installs) checks the recordings. `make test` also records the replies of the whole suite
/// (`CLERK_EMULATOR_RECORD_REPLIES`) and validates them after `swift test`.
@Suite("Emulator replies against Clerk's OpenAPI schemas")
struct ReplyConformanceTests {
  /// The validator script in the test bundle.
  static func validator() throws -> String {
    let root = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
    return root.appendingPathComponent("conformance/validate_replies.py").path
  }

  /// Runs the validator over `directory`.
  static func validate(
    _ directory: String, extra: [String] = []
  ) async throws -> ProcessResult {
    try await ProcessRun.run(
      "/usr/bin/env", ["python3", try validator()] + extra + [directory],
      environment: ProcessInfo.processInfo.environment, timeout: 300)
  }

  @Test("every flow's replies validate, and every FAPI/BAPI JSON route was exercised")
  func flowsConform() async throws {
    let directory = TemporaryDirectory(prefix: "emulator-replies")
    let recorder = ReplyRecorder(directory: URL(fileURLWithPath: directory.path))
    let harness = try EmulatorHarness(recorder: recorder)
    try Flows(harness: harness).runAll()

    let recorded = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    var operations: Set<String> = []
    for name in recorded {
      let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name))
      let json = try JSONValue(parsing: Array(data))
      operations.insert(
        "\(json["method"]?.stringValue ?? "") \(json["template"]?.stringValue ?? "")")
    }
    let jsonRoutes = Emulator.routes.filter {
      ($0.surface == .frontend || $0.surface == .backend)
        && $0.endpoint != .frontend(.oauthCallback)
        && $0.endpoint != .oauth(.authorize)  // HTML pages and redirects only
    }
    for route in jsonRoutes {
      #expect(
        operations.contains("\(route.method) \(route.template)"),
        "no flow exercised \(route.method) \(route.template)")
    }
    let result = try await Self.validate(
      directory.path, extra: ["--check-allowlist", "--min-replies", "60"])
    #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
  }

  @Test("the validator reports a removed required key, a made-up tag and a forbidden key")
  func validatorCatchesViolations() async throws {
    let directory = TemporaryDirectory(prefix: "emulator-replies")
    let recorder = ReplyRecorder(directory: URL(fileURLWithPath: directory.path))
    let harness = try EmulatorHarness(recorder: recorder)
    let users = try await EmulatorHarness.json(harness.bapi("GET", "/v1/users"))
    let userID = try #require(users.arrayValue?.first?["id"]?.stringValue)
    await #expect(harness.bapi("GET", "/v1/users/\(userID)").status == 200)
    await #expect(
      harness.fapi(
        "POST", "/v1/client/sign_ins",
        form: [("identifier", "demo@example.com"), ("password", "demo-password")]
      ).status == 200)
    let clean = try await Self.validate(directory.path)
    #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")

    let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
    func recording(_ template: String) throws -> JSONValue {
      for name in files {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory.path + "/" + name))
        let json = try JSONValue(parsing: Array(data))
        if json["template"]?.stringValue == template { return json }
      }
      Issue.record("no recording of \(template)")
      return .null
    }
    let user = try recording("/v1/users/{user_id}")
    let signIn = try recording("/v1/client/sign_ins")
    let mutations: [(String, JSONValue, (inout JSONValue) -> Void, String)] = [
      (
        "BAPI user without last_active_at", user,
        { $0 = Self.removing($0, ["body", "last_active_at"]) },
        "'last_active_at' is a required property"
      ),
      (
        "FAPI sign-in without supported_identifiers", signIn,
        { $0 = Self.removing($0, ["body", "response", "supported_identifiers"]) },
        "'supported_identifiers' is a required property"
      ),
      (
        "a made-up verification tag", signIn,
        {
          $0 = Self.setting(
            $0, ["body", "response", "first_factor_verification", "object"], "verification")
        },
        "'verification' is not one of"
      ),
      (
        "a key the closed user_data schema forbids", signIn,
        {
          $0 = Self.setting(
            $0, ["body", "response", "user_data", "identifier"], "demo@example.com")
        },
        "Additional properties are not allowed"
      ),
    ]
    for (name, original, mutate, message) in mutations {
      let broken = TemporaryDirectory(prefix: "emulator-broken")
      var json = original
      mutate(&json)
      try Data(json.encodedBytes).write(to: URL(fileURLWithPath: broken.path + "/reply.json"))
      let result = try await Self.validate(broken.path)
      #expect(result.status == 1, "\(name): \(result.stdout)\(result.stderr)")
      #expect(result.stdout.contains("VIOLATION"), "\(name)")
      #expect(result.stdout.contains(message), "\(name): \(result.stdout)")
    }
  }

  /// `json` without the key at `path`.
  static func removing(_ json: JSONValue, _ path: [String]) -> JSONValue {
    guard var object = json.objectValue, let first = path.first else { return json }
    if path.count == 1 {
      object[first] = nil
    } else if let child = object[first] {
      object[first] = removing(child, Array(path.dropFirst()))
    }
    return .object(object)
  }

  /// `json` with the string at `path` set to `value`.
  static func setting(_ json: JSONValue, _ path: [String], _ value: String) -> JSONValue {
    guard var object = json.objectValue, let first = path.first else { return json }
    if path.count == 1 {
      object[first] = .string(value)
    } else if let child = object[first] {
      object[first] = setting(child, Array(path.dropFirst()), value)
    }
    return .object(object)
  }
}
