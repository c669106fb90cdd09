import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// An emulator, a private clerkctl sandbox pointed at it, and the emulator's admin surface.
struct MainJobFixture {
  let emulator: EmulatorProcess
  let sandbox: CLISandbox
  let admin: EmulatorAdmin

  init(emulatorArguments: [String] = []) throws {
    emulator = try EmulatorProcess(arguments: emulatorArguments)
    sandbox = CLISandbox(emulator: emulator)
    admin = EmulatorAdmin(emulator)
  }

  /// Runs clerkctl in the sandbox.
  func run(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]
  ) throws
    -> ProcessResult
  {
    try sandbox.run(arguments, stdin: stdin, extra: extra)
  }

  /// Signs the profile in as demo@example.com with the password on stdin.
  @discardableResult
  func signIn(profile: String? = nil, email: String = "demo@example.com") throws -> ProcessResult {
    var arguments = ["login", "--identifier", email, "--password-stdin"]
    if let profile { arguments += ["--profile", profile] }
    let result = try run(arguments, stdin: "demo-password\n")
    try #require(result.status == 0, "login failed: \(result.stderr)")
    return result
  }

  /// The stored credential of `profile`, read as a user would (the JSON file).
  func credential(profile: String = "default") throws -> JSONValue {
    let path = sandbox.configDir + "/profiles/\(profile).json"
    return try JSONValue(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  /// The current TOTP code for the seeded MFA user.
  static func totpCode() throws -> String {
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    return TOTP.code(secret: secret, time: Int64(Date().timeIntervalSince1970))
  }
}

/// The claims of a JWT printed by clerkctl (not verified here; other tests verify signatures).
func claims(of jwt: String) throws -> JSONValue {
  let parts = jwt.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
  try #require(parts.count == 3, "not a JWT: \(jwt)")
  let bytes = try #require(Base64URL.decode(String(parts[1])))
  return try JSONValue(parsing: bytes)
}
