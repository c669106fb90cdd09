import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Testing

/// `login --json` (password and browser paths share `reportSignedIn`) and `whoami --json`
/// print one object built in one place.
@Suite("Identity JSON")
struct IdentityJSONTests {
  @Test("login --json prints the documented object once, on stdout, and whoami agrees")
  func loginAndWhoami() throws {
    let emulator = try LoopbackEmulator()
    let config = TemporaryDirectory()
    let environment = ["CLERKCTL_CONFIG_DIR": config.path, "HOME": config.path]
    let login = runCLI(
      [
        "login", "--identifier", "demo@example.com", "--password-stdin", "--json", "--fapi-url",
        emulator.baseURL,
      ],
      input: "demo-password\n", environment: environment, overLoopback: true)
    try #require(login.code == 0, "\(login.error)")
    let object = try JSONValue(parsing: Array(login.output.utf8))
    let keys = Set(object.objectValue?.keys.map { $0 } ?? [])
    #expect(
      keys == [
        "schema_version", "profile", "user_id", "email", "identifier", "session_id", "fapi_url",
      ])
    #expect(object["schema_version"] == 1)
    #expect(object["profile"] == "default")
    #expect(object["email"] == "demo@example.com")
    #expect(object["identifier"] == "demo@example.com")
    #expect(object["fapi_url"] == .string(emulator.baseURL))
    #expect(object["user_id"]?.stringValue?.hasPrefix("user_") == true)
    #expect(object["session_id"]?.stringValue?.hasPrefix("sess_") == true)
    #expect(!login.error.contains("{"), "the object went to stderr too: \(login.error)")
    #expect(login.error.contains("Signed in as demo@example.com"))

    let whoami = runCLI(
      ["whoami", "--offline", "--json"], environment: environment, overLoopback: true)
    try #require(whoami.code == 0, "\(whoami.error)")
    let identity = try JSONValue(parsing: Array(whoami.output.utf8))
    for key in ["schema_version", "profile", "user_id", "email", "session_id", "fapi_url"] {
      #expect(identity[key] == object[key], "\(key)")
    }
    #expect(identity["session_status"] == .null)
  }

  @Test("missing values are null, never empty strings")
  func nulls() {
    let credential = ProfileCredential(
      profile: "ci", fapiURL: "https://clerk.example.com", clientToken: "t", sessionID: nil,
      userID: nil, email: nil, signedInAt: 0)
    let object = IdentityJSON.login(credential)
    #expect(object["user_id"] == .null)
    #expect(object["session_id"] == .null)
    #expect(object["identifier"] == .null)
    #expect(object["profile"] == "ci")
  }
}
