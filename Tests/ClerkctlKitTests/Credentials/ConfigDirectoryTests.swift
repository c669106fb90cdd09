import Foundation
import Testing

@testable import ClerkctlKit

@Suite("Config directory")
struct ConfigDirectoryTests {
  static let everything = [
    "CLERKCTL_CONFIG_DIR": "/env/clerkctl", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/ada",
  ]

  @Test(
    "takes the flag, then CLERKCTL_CONFIG_DIR, then XDG_CONFIG_HOME, then HOME",
    arguments: [
      ("/flag/dir", everything, "/flag/dir"),
      (nil, everything, "/env/clerkctl"),
      ("", everything, "/env/clerkctl"),
      (nil, ["CLERKCTL_CONFIG_DIR": "", "XDG_CONFIG_HOME": "/xdg", "HOME": "/h"], "/xdg/clerkctl"),
      (nil, ["XDG_CONFIG_HOME": "/xdg/", "HOME": "/h"], "/xdg/clerkctl"),
      (nil, ["XDG_CONFIG_HOME": "relative", "HOME": "/h"], "/h/.config/clerkctl"),
      (nil, ["XDG_CONFIG_HOME": "", "HOME": "/h"], "/h/.config/clerkctl"),
      (nil, ["HOME": "/home/ada"], "/home/ada/.config/clerkctl"),
      ("/trailing/slash//", [:], "/trailing/slash"),
    ] as [(String?, [String: String], String)])
  func precedence(flag: String?, environment: [String: String], expected: String) throws {
    let directory = try ConfigDirectory.resolve(given: flag, environment: environment)
    #expect(directory.path.replacingOccurrences(of: "//", with: "/") == expected)
  }

  @Test("makes a relative directory absolute")
  func relative() throws {
    let directory = try ConfigDirectory.resolve(given: "conf", environment: [:])
    #expect(directory.path == FileManager.default.currentDirectoryPath + "/conf")
  }

  @Test("fails with the fact, not a CLI flag, when nothing gives a location")
  func nothing() {
    #expect(throws: CredentialStoreError.noConfigDirectory) {
      try ConfigDirectory.resolve(given: nil, environment: ["XDG_CONFIG_HOME": "rel"])
    }
    let description = CredentialStoreError.noConfigDirectory.description
    #expect(description.contains("HOME is not set"))
    #expect(!description.contains("--config-dir"))
  }

  @Test("names the per-profile files")
  func paths() {
    let directory = ConfigDirectory(path: "/c")
    #expect(directory.profilesPath == "/c/profiles")
    #expect(directory.credentialPath(profile: "work") == "/c/profiles/work.json")
    #expect(directory.lockPath(profile: "work") == "/c/profiles/work.lock")
  }
}
