import ClerkTestSupport
import Foundation
import Glibc
import Testing

@testable import ClerkctlCore
@testable import ClerkctlKit

@Suite("Profile store")
struct ProfileStoreTests {
  @Test("saves and loads a credential with its token cache")
  func roundTrip() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    #expect(try store.load(profile: "default") == nil)
    let credential = ProfileCredential.sample()
    try store.save(credential)
    #expect(try store.load(profile: "default") == credential)

    var minimal = ProfileCredential(
      profile: "ci", fapiURL: "http://127.0.0.1:8787", clientToken: "t", signedInAt: 5)
    try store.save(minimal)
    #expect(try store.load(profile: "ci") == minimal)
    minimal.cache(
      CachedToken(jwt: "j", template: nil, issuedAt: 1, expiresAt: 2), sessionID: "sess_2")
    try store.save(minimal)
    #expect(
      try store.load(profile: "ci")?.cachedToken(sessionID: "sess_2", template: nil)?.jwt == "j")
  }

  @Test(
    "a change of the token cache or clock skew alone is a cache change; a rotated client token, a new session or a machine's secret is not"
  )
  func tokenCacheChanges() throws {
    let stored = ProfileCredential.sample()
    var refreshed = stored
    refreshed.clockSkew = 2
    refreshed.pruneTokens(keepingSession: "sess_1", now: 1_767_225_661)
    refreshed.cache(
      CachedToken(jwt: "eyJ.new.sig", template: "other", issuedAt: 1, expiresAt: 2),
      sessionID: "sess_1")
    #expect(refreshed.differsOnlyInTokenCache(from: stored))
    #expect(stored.differsOnlyInTokenCache(from: stored))

    var rotated = refreshed
    rotated.clientToken = "rotated"
    #expect(!rotated.differsOnlyInTokenCache(from: stored))
    var otherSession = refreshed
    otherSession.sessionID = "sess_2"
    #expect(!otherSession.differsOnlyInTokenCache(from: stored))

    var machine = ProfileCredential(profile: "m", fapiURL: "", clientToken: "", signedInAt: 5)
    machine.kind = .machine
    machine.machine = MachineCredential(secretKey: "ak_one", apiURL: "https://api.clerk.com")
    var cachedM2M = machine
    cachedM2M.machine?.tokens["opaque"] = MachineToken(
      token: "mt_secret", format: .opaque, id: "mt_1", subject: "mch_1", scopes: [],
      createdAt: 1, expiresAt: 2, instance: "https://api.clerk.com")
    #expect(cachedM2M.differsOnlyInTokenCache(from: machine))
    var otherSecret = cachedM2M
    otherSecret.machine?.secretKey = "ak_two"
    #expect(!otherSecret.differsOnlyInTokenCache(from: machine))
  }

  @Test("writes versioned JSON with the documented field names and no password")
  func fileFormat() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let bytes = try [UInt8](
      Data(contentsOf: URL(fileURLWithPath: scratch.config.credentialPath(profile: "default"))))
    let document = try JSONValue(parsing: bytes)
    #expect(document["version"] == 1)
    #expect(document["profile"] == "default")
    #expect(document["client_token"] == "client_token_secret")
    #expect(document["session_id"] == "sess_1")
    #expect(document["signed_in_at"] == 1_767_225_600)
    #expect(document["clock_skew"]?.doubleValue == -1.5)
    #expect(document["tokens"]?["sess_1|convex"]?["template"] == "convex")
    #expect(document["tokens"]?["sess_1|"]?["template"] == .null)
    #expect(document["tokens"]?["sess_1|"]?["expires_at"] == 1_767_225_661)
    #expect(document["password"] == nil)
  }

  // Under umask 000: UmaskEndToEndTests (the umask is process-wide; tests never change it).
  @Test("creates the file 0600 and the directories 0700")
  func modesUnderOpenUmask() throws {
    let scratch = TemporaryDirectory()
    let config = ConfigDirectory(path: scratch.path + "/deep/er/clerkctl")
    let store = ProfileStore(directory: config)
    try store.save(.sample())
    try store.withLock(profile: "default") {}
    #expect(TemporaryDirectory.mode(of: config.credentialPath(profile: "default")) == 0o600)
    #expect(store.fileMode(profile: "default") == 0o600)
    #expect(TemporaryDirectory.mode(of: config.lockPath(profile: "default")) == 0o600)
    #expect(TemporaryDirectory.mode(of: config.profilesPath) == 0o700)
    #expect(TemporaryDirectory.mode(of: config.path) == 0o700)
    #expect(TemporaryDirectory.mode(of: scratch.path + "/deep") == 0o700)
  }

  @Test("uses existing directories as they are, never re-moded")
  func keepsDirectoryModes() throws {
    let scratch = TemporaryDirectory()
    let config = scratch.config
    try FileManager.default.createDirectory(
      atPath: config.profilesPath, withIntermediateDirectories: true)
    #expect(chmod(config.path, 0o755) == 0)
    #expect(chmod(config.profilesPath, 0o711) == 0)
    let store = ProfileStore(directory: config)
    try store.save(.sample())
    try store.withLock(profile: "default") {}
    #expect(try store.load(profile: "default") == .sample())
    #expect(TemporaryDirectory.mode(of: config.path) == 0o755)
    #expect(TemporaryDirectory.mode(of: config.profilesPath) == 0o711)
  }

  @Test(
    "refuses a credential file others can access, naming the chmod that fixes it",
    arguments: [0o644, 0o640, 0o604, 0o620, 0o602, 0o660] as [mode_t])
  func refusesOpenPermissions(mode: mode_t) throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = scratch.config.credentialPath(profile: "default")
    #expect(chmod(path, mode) == 0)
    #expect(throws: CredentialStoreError.insecurePermissions(path: path, mode: UInt32(mode))) {
      try store.load(profile: "default")
    }
    let message = CredentialStoreError.insecurePermissions(path: path, mode: UInt32(mode))
      .description
    #expect(message.contains("chmod 600 '\(path)'"))
    #expect(message.contains("0" + String(mode, radix: 8)))
    #expect(chmod(path, 0o600) == 0)
    #expect(try store.load(profile: "default") == .sample())
  }

  @Test("refuses a credential file owned by another user", .enabled(if: geteuid() == 0))
  func refusesOtherOwner() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = scratch.config.credentialPath(profile: "default")
    #expect(chown(path, 65534, 65534) == 0)
    #expect(throws: CredentialStoreError.insecureOwner(path: path, owner: 65534)) {
      try store.load(profile: "default")
    }
  }

  @Test(
    "refuses corrupt files with the way out",
    arguments: [
      "", "garbage", "{\"version\":1,\"profile\":\"default\"", "[]", "{}",
      #"{"version":"1"}"#,
      #"{"version":1,"profile":"default","fapi_url":"https://x.dev","signed_in_at":1}"#,
      #"{"version":1,"profile":"default","fapi_url":"https://x.dev","client_token":7,"signed_in_at":1}"#,
      #"{"version":1,"profile":"default","fapi_url":"https://x.dev","client_token":"t","signed_in_at":"now"}"#,
      #"{"version":1,"profile":"default","fapi_url":"https://x.dev","client_token":"t","signed_in_at":1,"tokens":[]}"#,
      #"{"version":1,"profile":"default","fapi_url":"https://x.dev","client_token":"t","signed_in_at":1,"tokens":{"s|":{"jwt":"j"}}}"#,
      #"{"version":1,"profile":"default","fapi_url":"https://x.dev","client_token":"t","signed_in_at":1,"clock_skew":"x"}"#,
      #"{"version":1,"profile":"other","fapi_url":"https://x.dev","client_token":"t","signed_in_at":1}"#,
    ])
  func refusesCorrupt(text: String) throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = scratch.config.credentialPath(profile: "default")
    try scratch.write(text, to: path)
    do {
      _ = try store.load(profile: "default")
      Issue.record("loaded a corrupt file")
    } catch {
      guard case .corrupt(let errorPath, _) = error else {
        Issue.record("expected .corrupt, got \(error)")
        return
      }
      #expect(errorPath == path)
      #expect(
        error.description.contains(
          "sign out of profile 'default' or delete '\(path)', and sign in again"))
      #expect(!error.isUsageError)
    }
  }

  @Test("refuses a symbolic link in place of the credential file")
  func refusesSymlink() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample(profile: "real"))
    let path = scratch.config.credentialPath(profile: "default")
    #expect(symlink(scratch.config.credentialPath(profile: "real"), path) == 0)
    #expect(throws: CredentialStoreError.self) { try store.load(profile: "default") }
  }

  @Test("refuses a file of another format version")
  func refusesOtherVersion() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.save(.sample())
    let path = scratch.config.credentialPath(profile: "default")
    try scratch.write(#"{"version":2,"profile":"default","whatever":true}"#, to: path)
    #expect(throws: CredentialStoreError.unsupportedVersion(path: path, version: 2)) {
      try store.load(profile: "default")
    }
    #expect(
      CredentialStoreError.unsupportedVersion(path: path, version: 2).description.contains(
        "format version 2"))
  }

  @Test("deletes the credential and keeps the lock file (another process may be waiting on it)")
  func delete() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    try store.withLock(profile: "default") { try store.save(.sample()) }
    try store.save(.sample(profile: "other"))
    #expect(try store.delete(profile: "default"))
    #expect(try store.load(profile: "default") == nil)
    #expect(store.fileMode(profile: "default") == nil)
    #expect(TemporaryDirectory.mode(of: scratch.config.lockPath(profile: "default")) == 0o600)
    #expect(try store.load(profile: "other") == .sample(profile: "other"))
    #expect(try store.delete(profile: "default") == false)
    #expect(try store.destroy(profile: "other"))
    #expect(
      try ProfileStore(directory: ConfigDirectory(path: scratch.path + "/none"))
        .delete(profile: "default") == false)
  }

  @Test("lists profiles that have a credential file, sorted")
  func list() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    #expect(store.listProfiles().isEmpty)
    for name in ["work", "default", "ci.bot"] { try store.save(.sample(profile: name)) }
    try store.withLock(profile: "lockonly") {}
    try scratch.write("x", to: scratch.config.profilesPath + "/.hidden.json.ABC123")
    try scratch.write("x", to: scratch.config.profilesPath + "/notes.txt")
    #expect(store.listProfiles() == ["ci.bot", "default", "work"])
  }

  @Test("leaves no temp file behind after a successful write")
  func noTempFileOnSuccess() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    for _ in 0..<3 { try store.save(.sample()) }
    #expect(scratch.entries(of: scratch.config.profilesPath) == ["default.json"])
  }

  @Test("a failed write leaves the old file intact and removes its temp file")
  func failedWriteKeepsOldFile() throws {
    let scratch = TemporaryDirectory()
    try ProfileStore(directory: scratch.config).save(.sample())
    let failure = CredentialStoreError.io(path: "x", operation: "write", message: "disk full")
    let failing = ProfileStore(
      directory: scratch.config, clock: .system,
      beforeRename: { (tempPath: String) throws(CredentialStoreError) in
        // The complete new file is in place, private, next to the old one.
        #expect(TemporaryDirectory.mode(of: tempPath) == 0o600)
        #expect(tempPath.hasPrefix(scratch.config.profilesPath + "/.default.json."))
        let bytes = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: tempPath)))) ?? []
        #expect((try? ProfileCredential(parsing: bytes, path: tempPath))?.email == "new@x.dev")
        throw failure
      })
    var changed = ProfileCredential.sample()
    changed.email = "new@x.dev"
    #expect(throws: failure) { try failing.save(changed) }
    #expect(scratch.entries(of: scratch.config.profilesPath) == ["default.json"])
    #expect(try ProfileStore(directory: scratch.config).load(profile: "default") == .sample())
  }

  @Test("concurrent writers under the lock never lose an update")
  func concurrentWriters() throws {
    let scratch = TemporaryDirectory()
    let config = scratch.config
    try ProfileStore(directory: config).save(
      ProfileCredential(
        profile: "default", fapiURL: "https://x.dev", clientToken: "t", signedInAt: 0))
    let threads = 4
    let rounds = 25
    DispatchQueue.concurrentPerform(iterations: threads) { _ in
      let store = ProfileStore(directory: config)
      for _ in 0..<rounds {
        do {
          try store.withLock(profile: "default", timeout: 60) {
            guard var credential = try store.load(profile: "default") else {
              Issue.record("credential vanished")
              return
            }
            credential.signedInAt += 1
            try store.save(credential)
          }
        } catch {
          Issue.record("writer failed: \(error)")
        }
      }
    }
    let final = try ProfileStore(directory: config).load(profile: "default")
    #expect(final?.signedInAt == Int64(threads * rounds))
  }

  @Test("gives up on a held lock after the timeout, measured on the injected clock")
  func lockTimeout() throws {
    let scratch = TemporaryDirectory()
    let stepping = TestClock(Date(timeIntervalSince1970: 1_700_000_000), sleeping: .advancesTime)
    let store = ProfileStore(directory: scratch.config, clock: stepping.clock)
    let path = scratch.config.lockPath(profile: "default")
    try store.withLock(profile: "default") {
      // A second open file description conflicts, as another process would.
      #expect(throws: CredentialStoreError.lockTimeout(path: path, seconds: 2)) {
        try store.withLock(profile: "default", timeout: 2) {
          Issue.record("ran without the lock")
        }
      }
    }
    #expect(stepping.totalSlept >= 2)
    #expect(stepping.totalSlept < 2.1)
    // Released: the next caller gets it at once.
    let value = try store.withLock(profile: "default", timeout: 0) { 42 }
    #expect(value == 42)
  }

  @Test("delete keeps a held lock: the next caller waits for it rather than locking a new file")
  func lockFileKeptByDelete() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    let path = scratch.config.lockPath(profile: "default")
    let first = try store.acquireLock(profile: "default", timeout: 0)
    #expect(try store.delete(profile: "default") == false)
    #expect(TemporaryDirectory.mode(of: path) == 0o600)
    #expect(throws: CredentialStoreError.lockTimeout(path: path, seconds: 0)) {
      try store.acquireLock(profile: "default", timeout: 0)
    }
    flock(first.raw, LOCK_UN)
    let second = try store.acquireLock(profile: "default", timeout: 0)
    #expect(first.raw != second.raw)
  }

  @Test("a lock file removed by hand while held is not shared by two holders")
  func lockFileReplaced() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    let first = try store.acquireLock(profile: "default", timeout: 0)
    #expect(unlink(scratch.config.lockPath(profile: "default")) == 0)
    // The old (deleted) lock is still held, yet a new caller locks the new file.
    let second = try store.acquireLock(profile: "default", timeout: 0)
    #expect(first.raw != second.raw)
    #expect(throws: CredentialStoreError.self) {
      try store.acquireLock(profile: "default", timeout: 0)
    }
  }

  @Test("passes errors thrown by the locked body through")
  func bodyErrors() throws {
    struct Boom: Error {}
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    #expect(throws: Boom.self) { try store.withLock(profile: "default") { throw Boom() } }
    #expect(try store.withLock(profile: "default", timeout: 0) { "free" } == "free")
  }

  @Test("refuses invalid profile names as usage errors before touching files")
  func invalidNames() throws {
    let scratch = TemporaryDirectory()
    let store = ProfileStore(directory: scratch.config)
    let error = CredentialStoreError.invalidProfileName("../etc")
    #expect(throws: error) { try store.load(profile: "../etc") }
    #expect(throws: error) { try store.save(.sample(profile: "../etc")) }
    #expect(throws: error) { try store.delete(profile: "../etc") }
    #expect(throws: error) { try store.withLock(profile: "../etc") {} }
    #expect(error.isUsageError)
    #expect(!FileManager.default.fileExists(atPath: scratch.config.path))
  }
}
