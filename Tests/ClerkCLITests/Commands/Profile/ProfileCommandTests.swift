import ClerkCLI
import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// A config dir with stored sign-ins, for commands that read profiles without a server.
final class ProfileFixture: @unchecked Sendable {
  let directory = TemporaryDirectory(prefix: "clerkctl-profiles")
  var configDir: String { directory.file("config") }

  init(profiles: [String]) throws {
    let store = ProfileStore(directory: ConfigDirectory(path: configDir))
    for name in profiles {
      try store.save(
        ProfileCredential(
          profile: name, fapiURL: "http://127.0.0.1:9", clientToken: "client_secret_\(name)",
          sessionID: "sess_\(name)", userID: "user_\(name)", email: "\(name)@example.com",
          signedInAt: 1_767_225_600))
    }
  }

  func run(
    _ arguments: [String], environment: [String: String] = [:],
    terminals: Set<Terminal.Stream> = [], input: String = ""
  ) -> CLIResult {
    runCLI(
      ["--config-dir", configDir] + arguments, input: input, environment: environment,
      terminals: terminals)
  }
}

@Suite("profile list|use|current")
struct ProfileCommandTests {
  @Test("list marks the built-in default; use changes it persistently; current says why")
  func useAndList() throws {
    let fixture = try ProfileFixture(profiles: ["default", "work"])
    #expect(fixture.run(["profile", "list"]).output == "default *\nwork\n")
    let current = fixture.run(["profile", "current"])
    #expect(current.output == "default\n")
    #expect(current.error == "(the built-in default)\n")

    let use = fixture.run(["profile", "use", "work"])
    #expect(use.code == 0, "\(use.error)")
    #expect(use.output.isEmpty)
    #expect(use.error.contains("Now using profile 'work'"))
    #expect(fixture.run(["profile", "list"]).output == "default\nwork *\n")
    let after = fixture.run(["profile", "current"])
    #expect(after.output == "work\n")
    #expect(after.error == "(from 'clerkctl profile use')\n")

    // The settings file is private and holds the choice.
    let path = fixture.configDir + "/config.json"
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    let stored = try JSONValue(parsing: String(contentsOfFile: path, encoding: .utf8))
    #expect(stored["default_profile"]?.stringValue == "work")
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: fixture.configDir)
      .filter { $0.hasPrefix(".config.json") }
    #expect(leftovers.isEmpty)

    // The flag and the variable still win, and say so.
    let flag = fixture.run(["profile", "current", "--profile", "default"])
    #expect(flag.output == "default\n")
    #expect(flag.error == "(from --profile)\n")
    let variable = fixture.run(
      ["profile", "current"], environment: ["CLERKCTL_PROFILE": "default"])
    #expect(variable.output == "default\n")
    #expect(variable.error == "(from CLERKCTL_PROFILE)\n")
  }

  @Test("use of a profile with no stored sign-in is exit 4 with the login to run; nothing changes")
  func useUnknown() throws {
    let fixture = try ProfileFixture(profiles: ["default", "work"])
    #expect(fixture.run(["profile", "use", "work"]).code == 0)
    let result = fixture.run(["profile", "use", "staging"])
    #expect(result.code == 4)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "clerkctl: profile 'staging' has no stored sign-in; run 'clerkctl login --profile staging' first\n"
    )
    #expect(fixture.run(["profile", "current"]).output == "work\n")
    #expect(fixture.run(["profile", "use", "../x"]).code == 2)
  }

  @Test("--json outputs carry schema_version and the profile key")
  func json() throws {
    let fixture = try ProfileFixture(profiles: ["ci", "default"])
    let list = try JSONValue(parsing: fixture.run(["profile", "list", "--json"]).output)
    #expect(list["schema_version"] == 1)
    let profiles = list["profiles"]?.arrayValue ?? []
    #expect(profiles.count == 2)
    #expect(profiles.first?["profile"]?.stringValue == "ci")
    #expect(profiles.first?["current"] == false)
    #expect(profiles.first?["email"]?.stringValue == "ci@example.com")
    #expect(profiles.last?["current"] == true)
    let current = try JSONValue(parsing: fixture.run(["profile", "current", "--json"]).output)
    #expect(current["profile"]?.stringValue == "default")
    #expect(current["source"]?.stringValue == "default")
    let use = try JSONValue(parsing: fixture.run(["profile", "use", "ci", "--json"]).output)
    #expect(use == ["schema_version": 1, "profile": "ci"])
  }

  @Test("status and other commands follow 'profile use'; status marks it and names the source")
  func statusMarksDefault() throws {
    let fixture = try ProfileFixture(profiles: ["default", "work"])
    #expect(fixture.run(["profile", "use", "work"]).code == 0)
    let status = fixture.run(["status", "--offline"])
    #expect(status.code == 0)
    #expect(status.output.contains("selected:   work (from 'clerkctl profile use')"))
    #expect(status.output.contains("* work  work@example.com"))
    #expect(status.output.contains("(not checked)"))
    #expect(!status.output.contains("not_checked"))
    let json = try JSONValue(parsing: fixture.run(["status", "--offline", "--json"]).output)
    #expect(json["selected_profile"]?.stringValue == "work")
    #expect(json["selected_from"]?.stringValue == "profile_use")
    #expect(json["profiles"]?.arrayValue?.last?["profile"]?.stringValue == "work")
    #expect(json["profiles"]?.arrayValue?.last?["selected"] == true)
    let whoami = fixture.run(["whoami", "--offline"])
    #expect(whoami.output.contains("profile:  work"))
  }
}
