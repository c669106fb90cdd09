import ClerkTestSupport
import Foundation
import Glibc
import Testing

/// The credential files' rules (cli.md "Files"), through the binary: directories checked and
/// never re-moded, no wait on a special file, no temp file left behind, an exposed credential
/// cleaned up by `logout` and `login`.
@Suite("Credential file safety, through the binary", .tags(.security))
struct CredentialFileSafetyEndToEndTests {
  private func mode(_ path: String) -> mode_t {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
  }

  @Test("an existing config dir is used as it is: a 0755 one keeps its mode")
  func existingDirectoryKeepsMode() async throws {
    let fixture = try await CLIFixture(.binary)
    let config = fixture.configDir
    try FileManager.default.createDirectory(
      atPath: config + "/profiles", withIntermediateDirectories: true)
    #expect(chmod(config, 0o755) == 0)
    #expect(chmod(config + "/profiles", 0o750) == 0)
    try await fixture.signIn()
    #expect(try await fixture.run(["token"]).status == 0)
    #expect(mode(config) == 0o755)
    #expect(mode(config + "/profiles") == 0o750)
  }

  @Test(
    "a config dir or profiles/ that group or others can write is refused, links followed",
    arguments: ["config", "profiles", "link"])
  func writableDirectoryRefused(_ which: String) async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let config = fixture.configDir
    var extra: [String: String] = [:]
    let refused: String
    switch which {
    case "config":
      refused = config
      #expect(chmod(config, 0o777) == 0)
    case "profiles":
      refused = config + "/profiles"
      #expect(chmod(refused, 0o1777) == 0)
    default:
      // A symbolic link to a shared directory: the directory it names is what counts.
      let shared = fixture.home.path + "/shared"
      try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
      #expect(chmod(shared, 0o1777) == 0)
      let link = fixture.home.path + "/linked-config"
      #expect(symlink(shared, link) == 0)
      extra["CLERKCTL_CONFIG_DIR"] = link
      refused = link
    }
    for arguments in [
      ["token"], ["login", "--identifier", "demo@example.com", "--password-stdin"],
    ] {
      let result = try await fixture.run(arguments, stdin: "demo-password\n", extra: extra)
      #expect(result.status == 3, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains("'\(refused)'"), "\(result.stderr)")
      #expect(result.stderr.contains("group or others can write to it"), "\(result.stderr)")
    }
    #expect(mode(which == "config" ? config : refused) & 0o777 == 0o777, "never re-moded")
  }

  @Test("a config dir another user owns is refused")
  func foreignDirectoryRefused() async throws {
    let fixture = try await CLIFixture(.binary)
    let config = fixture.configDir
    let foreign: String
    if geteuid() == 0 {
      try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
      #expect(chmod(config, 0o755) == 0)
      #expect(chown(config, 65534, 65534) == 0)
      foreign = config
    } else {
      foreign = "/"  // root's, and this user is not root
    }
    let result = try await fixture.run(["token"], extra: ["CLERKCTL_CONFIG_DIR": foreign])
    #expect(result.status == 3, "\(result.stderr)")
    #expect(result.stderr.contains("'\(foreign)'"), "\(result.stderr)")
    #expect(result.stderr.contains("belongs to another user"), "\(result.stderr)")
  }

  @Test("a FIFO at the credential path is refused at once by token, status and logout")
  func fifoRefusedAtOnce() async throws {
    let fixture = try await CLIFixture(.binary)
    let profiles = fixture.configDir + "/profiles"
    try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
    #expect(chmod(fixture.configDir, 0o700) == 0)
    #expect(chmod(profiles, 0o700) == 0)
    #expect(mkfifo(profiles + "/default.json", 0o600) == 0)
    // A bounded wait: on the old code each of these blocked in open(2) until killed (-1).
    let token = try await fixture.run(["token"], timeout: 20)
    #expect(token.status == 3, "\(token.stderr)")
    #expect(token.stderr.contains("not a regular file"), "\(token.stderr)")
    let status = try await fixture.run(["status"], timeout: 20)
    #expect(status.status == 3, "\(status.stderr)")
    let logout = try await fixture.run(["logout"], timeout: 20)
    #expect(logout.status != -1, "logout waited on the FIFO")
  }

  @Test("temp files a killed write left are removed by the next write and by logout")
  func staleTempFilesRemoved() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let profiles = fixture.configDir + "/profiles"
    let credential = try Data(contentsOf: URL(fileURLWithPath: profiles + "/default.json"))
    // What a write killed before its rename leaves: the whole credential, under a temp name.
    func plant(_ name: String) throws {
      let path = profiles + "/" + name
      #expect(FileManager.default.createFile(atPath: path, contents: credential))
      #expect(chmod(path, 0o600) == 0)
    }
    try plant(".default.json.Ab3dE9")
    try plant(".other.json.Zz9yX1")  // another profile's: left alone
    #expect(try await fixture.run(["token", "--force-refresh"]).status == 0)
    var entries = try FileManager.default.contentsOfDirectory(atPath: profiles)
    #expect(!entries.contains(".default.json.Ab3dE9"), "the next write removes it: \(entries)")
    #expect(entries.contains(".other.json.Zz9yX1"))

    try plant(".default.json.Qq1wE2")
    let logout = try await fixture.run(["logout"])
    #expect(logout.status == 0, "\(logout.stderr)")
    entries = try FileManager.default.contentsOfDirectory(atPath: profiles)
    #expect(entries.filter { $0.hasPrefix(".default.json.") }.isEmpty, "\(entries)")
    #expect(!entries.contains("default.json"))
  }

  /// Whether the session a copy of a credential file holds is still live: the copy is put
  /// (0600) in a config dir of its own and `whoami` asked.
  private func sessionIsLive(_ fixture: CLIFixture, credential: Data) async throws -> Int32 {
    let other = TemporaryDirectory(prefix: "clerkctl-copy")
    let profiles = other.path + "/profiles"
    try FileManager.default.createDirectory(atPath: profiles, withIntermediateDirectories: true)
    #expect(chmod(other.path, 0o700) == 0)
    #expect(chmod(profiles, 0o700) == 0)
    #expect(
      FileManager.default.createFile(atPath: profiles + "/default.json", contents: credential))
    #expect(chmod(profiles + "/default.json", 0o600) == 0)
    return try await fixture.run(["whoami"], extra: ["CLERKCTL_CONFIG_DIR": other.path]).status
  }

  @Test("an exposed credential: logout ends the session and deletes the file, with a warning")
  func exposedLogout() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let path = fixture.configDir + "/profiles/default.json"
    let credential = try Data(contentsOf: URL(fileURLWithPath: path))
    await #expect(try sessionIsLive(fixture, credential: credential) == 0)
    #expect(chmod(path, 0o644) == 0)
    let token = try await fixture.run(["token"])
    #expect(token.status == 3, "every other command still refuses it")
    #expect(token.stderr.contains("chmod 600 '\(path)'"), "\(token.stderr)")
    let logout = try await fixture.run(["logout"])
    #expect(logout.status == 0, "\(logout.stderr)")
    #expect(logout.stderr.contains("warning"), "\(logout.stderr)")
    #expect(logout.stderr.contains("readable by others"), "\(logout.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path))
    await #expect(
      try sessionIsLive(fixture, credential: credential) == 4, "the exposed session ended")
  }

  @Test("an exposed credential: login over it ends the old session and replaces the file")
  func exposedLogin() async throws {
    let fixture = try await CLIFixture(.binary)
    try await fixture.signIn()
    let path = fixture.configDir + "/profiles/default.json"
    let credential = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(chmod(path, 0o640) == 0)
    let login = try await fixture.run(
      ["login", "--identifier", "demo@example.com", "--password-stdin"],
      stdin: "demo-password\n", extra: ["CLERK_FAPI_URL": ""])
    #expect(login.status == 0, "\(login.stderr)")
    #expect(login.stderr.contains("readable by others"), "\(login.stderr)")
    #expect(mode(path) == 0o600)
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) != credential)
    await #expect(try sessionIsLive(fixture, credential: credential) == 4, "the old session ended")
    #expect(try await fixture.run(["token"]).status == 0)
  }
}
