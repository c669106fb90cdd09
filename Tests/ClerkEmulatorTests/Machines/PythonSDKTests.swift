import ClerkTestSupport
import ClerkctlCore
import Foundation
import Testing

@testable import ClerkEmulator

/// Clerk's own Python Backend SDK (`clerk-backend-api`, which `make test` installs from PyPI)
/// against the emulator as a child process over loopback, as a backend pointed at it with
/// `CLERK_API_URL` would use it: machines, M2M tokens in both formats and paths, server-side
/// reuse, verification by a receiving machine (scopes enforced) and by the JWKS; API keys
/// (created, verified by the generated client and by `verify_token`, revoked), actor and
/// testing tokens.
@Suite("Clerk's Python Backend SDK: machines, M2M tokens and API keys")
struct PythonSDKTests {
  static let ci = (
    id: "mch_ci" + String(repeating: "0", count: 24) + "1",
    secret: "ak_ci" + String(repeating: "7", count: 30)
  )
  static let api = (
    id: "mch_api" + String(repeating: "0", count: 23) + "1",
    secret: "ak_api" + String(repeating: "3", count: 30)
  )

  @Test("the SDK creates, lists, verifies and revokes M2M tokens and manages machines")
  func sdk() async throws {
    let directory = TemporaryDirectory(prefix: "emulator-python-sdk")
    let config: JSONValue = [
      "machines": [
        ["name": "api", "id": .string(Self.api.id), "secret_key": .string(Self.api.secret)],
        [
          "name": "ci", "id": .string(Self.ci.id), "secret_key": .string(Self.ci.secret),
          "scoped_machines": ["api"],
        ],
      ]
    ]
    try directory.write(config.encoded, to: directory.file("config.json"))
    let emulator = try await EmulatorProcess.start(
      arguments: ["--config", directory.file("config.json")])
    let result = try await PythonSDKDriver.run(
      "m2m_sdk.py",
      environment: [
        "CLERK_API_URL": emulator.apiURL, "CLERK_SECRET_KEY": emulator.secretKey,
        "CI_MACHINE_ID": Self.ci.id, "CI_MACHINE_SECRET": Self.ci.secret,
        "API_MACHINE_ID": Self.api.id, "API_MACHINE_SECRET": Self.api.secret,
      ])
    #expect(result.stdout.contains(#"{"jwt": "ok", "machines": "ok", "opaque": "ok"}"#))
    await emulator.stop()
  }

  @Test("the SDK creates, lists, verifies and revokes API keys; actor and testing tokens")
  func apiKeys() async throws {
    let emulator = try await EmulatorProcess.start()
    let result = try await PythonSDKDriver.run(
      "api_keys_sdk.py",
      environment: ["CLERK_API_URL": emulator.apiURL, "CLERK_SECRET_KEY": emulator.secretKey])
    #expect(
      result.stdout.contains(#"{"actor_tokens": "ok", "api_keys": "ok", "testing_tokens": "ok"}"#))
    await emulator.stop()
  }
}
