import ClerkTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

@testable import ClerkctlKit

/// The file store's defences: unsafe directories refused on the opened directory, special
/// files refused without waiting, stale temp files removed, an exposed file readable only for
/// removal.
@Suite("Profile store safety")
struct ProfileStoreSafetyTests {
  @Test(
    "refuses a config dir or profiles/ that group or others can write, for reads and writes",
    arguments: [("config", 0o777), ("config", 0o775), ("profiles", 0o1777), ("profiles", 0o722)]
      as [(String, mode_t)])
  func writableDirectory(_ which: String, _ mode: mode_t) throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = which == "config" ? scratch.config.path : scratch.config.profilesPath
    #expect(chmod(path, mode) == 0)
    let expected = CredentialStoreError.insecureDirectory(
      path: path,
      reason: "group or others can write to it (mode \(CredentialStoreError.octal(mode)))")
    #expect(throws: expected) { try store.load(profile: "default") }
    #expect(throws: expected) { try store.save(.sample()) }
    #expect(throws: expected) { try store.withLock(profile: "default") {} }
    #expect(throws: expected) { try store.delete(profile: "default") }
    #expect(TemporaryDirectory.mode(of: path) == mode, "never re-moded")
    #expect(expected.description.contains("'\(path)'"))
  }

  @Test("follows a symbolic link to the directory and judges the directory it names")
  func linkedDirectory() throws {
    let scratch = TemporaryDirectory()
    let target = scratch.path + "/shared"
    #expect(mkdir(target, 0o700) == 0)
    #expect(symlink(target, scratch.path + "/config") == 0)
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    #expect(try store.load(profile: "default") == .sample())
    #expect(chmod(target, 0o1777) == 0)
    #expect(throws: CredentialStoreError.self) { try store.load(profile: "default") }
  }

  @Test("refuses a directory another user owns")
  func foreignDirectory() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    if geteuid() == 0 {
      #expect(chown(scratch.config.path, 65534, 65534) == 0)
    } else {
      return  // Without root no directory can be given away; "/" is the e2e test's case.
    }
    #expect(
      throws: CredentialStoreError.insecureDirectory(
        path: scratch.config.path, reason: "it belongs to another user (uid 65534)")
    ) { try store.load(profile: "default") }
  }

  // Under any umask: UmaskEndToEndTests (the umask is process-wide; tests never change it).
  @Test("creates missing directories 0700")
  func createsPrivateDirectories() throws {
    let scratch = TemporaryDirectory()
    let config = ConfigDirectory(path: scratch.path + "/a/b/clerkctl")
    try ProfileStore(directory: config).save(.sample())
    #expect(TemporaryDirectory.mode(of: config.path) == 0o700)
    #expect(TemporaryDirectory.mode(of: config.profilesPath) == 0o700)
  }

  @Test("a FIFO in place of the credential file or the lock is refused at once")
  func fifo() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = scratch.config.credentialPath(profile: "default")
    #expect(unlink(path) == 0)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(mkfifo(scratch.config.lockPath(profile: "default"), 0o600) == 0)
    // Bounded: a blocking open would never return; then a writer end is opened to free it.
    let done = DispatchSemaphore(value: 0)
    let outcome = Mutex<[String]>([])
    Thread.detachNewThread {
      for call in [
        { _ = try store.load(profile: "default") },
        { _ = try store.loadForRemoval(profile: "default") },
        { try store.withLock(profile: "default") {} },
      ] as [() throws -> Void] {
        do {
          try call()
          outcome.withLock { $0.append("no error") }
        } catch {
          outcome.withLock { $0.append("\(error)") }
        }
      }
      done.signal()
    }
    if done.wait(timeout: .now() + 30) == .timedOut {
      Issue.record("the store waited on a FIFO")
      let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      if writer >= 0 { close(writer) }
      done.wait()
    }
    let results = outcome.withLock { $0 }
    #expect(results.count == 3)
    #expect(results.allSatisfy { $0.contains("not a regular file") }, "\(results)")
  }

  @Test("the next write and delete remove the profile's stale temp files, and only those")
  func staleTempFiles() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let profiles = scratch.config.profilesPath
    for name in [".default.json.a1B2c3", ".default.json.json.a1B2c3", ".other.json.Zz9yX1"] {
      try scratch.write("{}", to: profiles + "/" + name)
    }
    // A temp file a live write holds (its flock) is not stale.
    try scratch.write("{}", to: profiles + "/.default.json.InUse1")
    let held = open(profiles + "/.default.json.InUse1", O_RDONLY | O_CLOEXEC)
    #expect(flock(held, LOCK_EX) == 0)
    defer { close(held) }
    try store.save(.sample())
    #expect(
      scratch.entries(of: profiles)
        == [
          ".default.json.InUse1", ".default.json.json.a1B2c3", ".other.json.Zz9yX1",
          "default.json",
        ].sorted())
    try scratch.write("{}", to: profiles + "/.default.json.q9W8e7")
    #expect(try store.delete(profile: "default"))
    #expect(
      scratch.entries(of: profiles)
        == [
          ".default.json.InUse1", ".default.json.json.a1B2c3", ".other.json.Zz9yX1",
        ].sorted())
  }

  @Test("a file others can read is refused by load, returned with its exposure for removal")
  func exposedFile() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = scratch.config.credentialPath(profile: "default")
    #expect(chmod(path, 0o644) == 0)
    let exposure = CredentialStoreError.insecurePermissions(path: path, mode: 0o644)
    #expect(throws: exposure) { try store.load(profile: "default") }
    let loaded = try #require(try store.loadForRemoval(profile: "default"))
    #expect(loaded.credential == .sample())
    #expect(loaded.exposure == exposure)
    #expect(TemporaryDirectory.mode(of: path) == 0o644, "reading it changes nothing")
  }
}
