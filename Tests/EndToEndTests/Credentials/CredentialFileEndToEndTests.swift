import ClerkTestSupport
import Foundation
import Testing

@Suite("The credential files, as clerkctl leaves them")
struct CredentialFileEndToEndTests {
  @Test("files are 0600 and directories 0700 under umask 000; the password is in no file")
  func modes() async throws {
    let fixture = try await CLIFixture(.binary)
    let password = "demo-password"
    let shell = "umask 000; exec \"$0\" \"$@\""
    var environment = fixture.environment
    environment["CLERKCTL_CONFIG_DIR"] = fixture.configDir
    let login = try await ProcessRun.run(
      "/bin/sh",
      [
        "-c", shell, BuiltProducts.path("clerkctl"), "login", "--identifier", "demo@example.com",
        "--password-stdin",
      ],
      environment: environment, stdin: password + "\n")
    #expect(login.status == 0, "\(login.stderr)")
    let token = try await ProcessRun.run(
      "/bin/sh", ["-c", shell, BuiltProducts.path("clerkctl"), "token", "--template", "convex"],
      environment: environment)
    #expect(token.status == 0)
    let manager = FileManager.default
    let root = fixture.configDir
    var checked = 0
    for item in [root] + (manager.subpaths(atPath: root) ?? []).map({ root + "/" + $0 }) {
      let attributes = try manager.attributesOfItem(atPath: item)
      let mode = (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
      let isDirectory = attributes[.type] as? FileAttributeType == .typeDirectory
      #expect(mode == (isDirectory ? 0o700 : 0o600), "\(item) is \(String(mode, radix: 8))")
      if !isDirectory {
        let contents = try Data(contentsOf: URL(fileURLWithPath: item))
        #expect(!String(decoding: contents, as: UTF8.self).contains(password))
      }
      checked += 1
    }
    #expect(checked >= 3)
  }
}
