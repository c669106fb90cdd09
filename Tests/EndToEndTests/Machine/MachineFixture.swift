import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation
import Testing

/// The built clerkctl and an emulator child whose `--config` seeds two machines with fixed
/// secrets: `ci` (allowed to call `api`) and `api`.
struct MachineFixture {
  static let ciID = "mch_ci0000000000000000000000000"
  static let ciSecret = "ak_ci_fixed_secret_0123456789abcdef"
  static let apiID = "mch_api000000000000000000000000"
  static let apiSecret = "ak_api_fixed_secret_0123456789abcdef"

  let bench: CLIFixture
  let scratch = TemporaryDirectory(prefix: "machine")

  init() async throws {
    let directory = TemporaryDirectory(prefix: "machine-config")
    let config = """
      {"machines": [
        {"name": "ci", "id": "\(Self.ciID)", "secret_key": "\(Self.ciSecret)",
         "scoped_machines": ["api"]},
        {"name": "api", "id": "\(Self.apiID)", "secret_key": "\(Self.apiSecret)"}
      ]}
      """
    let path = directory.file("config.json")
    try Data(config.utf8).write(to: URL(fileURLWithPath: path))
    bench = try await CLIFixture(.binary, emulatorArguments: ["--config", path])
    _ = directory
  }

  /// The Backend API URL (the emulator serves every surface on one origin).
  var apiURL: String { bench.fapiURL }

  /// What every machine run gets: the Backend API, and no Frontend API.
  var extra: [String: String] { ["CLERK_API_URL": apiURL, "CLERK_FAPI_URL": ""] }

  /// Runs `clerkctl arguments…` with the machine environment and `more`.
  func run(
    _ arguments: [String], stdin: String? = nil, extra more: [String: String] = [:]
  ) async throws -> ProcessResult {
    try await bench.run(arguments, stdin: stdin, extra: extra.merging(more) { _, new in new })
  }

  /// `login --machine` with `secret` on stdin; requires success.
  @discardableResult
  func login(
    profile: String? = nil, secret: String = ciSecret, configDir: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> ProcessResult {
    var arguments = ["login", "--machine", "--secret-stdin"]
    if let profile { arguments += ["--profile", profile] }
    var more: [String: String] = [:]
    if let configDir { more["CLERKCTL_CONFIG_DIR"] = configDir }
    let result = try await run(arguments, stdin: secret + "\n", extra: more)
    try #require(
      result.status == 0, "login --machine failed: \(result.stderr)",
      sourceLocation: sourceLocation)
    return result
  }

  /// How many `POST …/m2m_tokens` (creations asked for) the emulator answered.
  func creationRequests() async throws -> Int {
    try await bench.admin.requests().filter {
      $0.method == "POST" && ($0.path == "/m2m_tokens" || $0.path == "/v1/m2m_tokens")
    }.count
  }

  /// The machine's opaque tokens the emulator holds (each one a creation), live ones only.
  func opaqueTokens(of machine: String = ciID) async throws -> Int64 {
    let response = try await backend(
      "GET", "/m2m_tokens?subject=\(machine)&limit=100", bearer: bench.secretKey)
    return try JSONValue(parsing: response.body)["total_count"]?.intValue ?? -1
  }

  /// A Backend API request with `bearer`.
  func backend(
    _ method: String, _ path: String, json: JSONValue? = nil, bearer: String
  ) async throws -> HTTPResponse {
    var headers: HTTPHeaders = ["Authorization": "Bearer " + bearer]
    if json != nil { headers.add(name: "Content-Type", value: "application/json") }
    return try await HTTPClient.curl().awaitedSend(
      HTTPRequest(
        method: method, url: apiURL + path, headers: headers, body: json?.encodedBytes ?? []))
  }

  /// Moves the emulator's clock `seconds` ahead.
  func advanceClock(_ seconds: Int) async throws {
    let admin = bench.admin
    try await onOwnThread { try admin.advanceClock(seconds: Double(seconds)) }
  }
}
