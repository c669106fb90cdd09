import ClerkKit
import ClerkTestSupport
import Foundation
import Testing

/// A running emulator and a sandbox signed in as demo@example.com through the real binary.
struct SignedInSandbox {
  let emulator: EmulatorProcess
  let sandbox: CLISandbox
  /// The signed-in user's id.
  let userID: String

  /// Starts an emulator and, unless `signIn` is false, signs in with `clerkctl login`.
  init(signIn: Bool = true) throws {
    emulator = try EmulatorProcess()
    sandbox = CLISandbox(emulator: emulator)
    guard signIn else {
      userID = ""
      return
    }
    let login = try sandbox.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin", "--json"],
      stdin: "demo-password\n")
    try #require(login.status == 0, "login failed: \(login.stderr)")
    userID = try #require(try JSONValue(parsing: login.stdout)["user_id"]?.stringValue)
  }

  /// Runs `clerkctl arguments…` in the sandbox.
  func run(
    _ arguments: [String], stdin: String? = nil, extra: [String: String] = [:]
  ) throws -> ProcessResult {
    try sandbox.run(arguments, stdin: stdin, extra: extra)
  }

  /// Sends a Backend API request to the emulator with its secret key.
  func backend(_ method: String, _ path: String, json: JSONValue) throws -> HTTPResponse {
    let client = HTTPClient.curl(CurlConfiguration())
    return try client.send(
      HTTPRequest(
        method: method, url: emulator.apiURL + path,
        headers: [
          "Authorization": "Bearer \(emulator.secretKey)", "Content-Type": "application/json",
        ],
        body: json.encodedBytes))
  }
}
