import ClerkTestSupport
import ClerkctlCore
import ClerkctlJOSE
import Dispatch
import Foundation
import Testing

@testable import ClerkEmulator
@testable import ClerkctlHTTP

/// The signing key arrives after the emulator starts serving (generated in the background):
/// what needs it waits for it and then succeeds; nothing fails for its absence.
@Suite("A signing key that arrives after the start")
struct SigningKeyArrivalTests {
  /// What a `generate` that must not run, or that fails, throws.
  private struct GenerationRefused: Error {}

  /// Waits (on a thread of its own) up to 30 s for `semaphore`.
  private func waited(for semaphore: DispatchSemaphore) async -> Bool {
    await onOwnThread { semaphore.wait(timeout: .now() + 30) == .success }
  }

  @Test("a sign-in sent before the key exists waits for it, then it, a mint and the JWKS succeed")
  func requestWaitsForTheKey() async throws {
    let waiting = DispatchSemaphore(value: 0)
    let key = EmulatorSigningKey(whileWaiting: { waiting.signal() })
    let harness = try EmulatorHarness(signingKey: key)
    // Signing in issues a client token, a JWT: it needs the key.
    let signedIn = try StartedWork { try harness.signIn() }
    #expect(await waited(for: waiting), "the sign-in never waited for the key")
    #expect(!key.isReady)
    key.provide(try RFC7515Key.privateKey())
    let (token, session) = try await signedIn.value()
    #expect(token.split(separator: ".").count == 3)
    let minted = await harness.fapi(
      "POST", "/v1/client/sessions/\(session)/tokens/convex", token: token)
    #expect(minted.status == 200)
    let jwt = try #require(try EmulatorHarness.json(minted)["jwt"]?.stringValue)
    let jwks = try await JWKS(bytes: harness.send("GET", "/.well-known/jwks.json").body)
    #expect(jwks.keys.map(\.kid) == [harness.emulator.instanceID])
    #expect(jwks.keys.first?.n == RFC7515Key.n)
    let claims = try JWTVerifier(keys: jwks).verify(
      jwt, options: .init(leeway: 5, issuer: EmulatorHarness.base, now: harness.time.now))
    #expect(claims["aud"] == "convex")
  }

  @Test(
    "requests waiting at once all get the one key; requests that need none are answered meanwhile")
  func manyWaiters() async throws {
    let waiting = DispatchSemaphore(value: 0)
    let key = EmulatorSigningKey(whileWaiting: { waiting.signal() })
    let harness = try EmulatorHarness(signingKey: key)
    let first = try StartedWork { harness.send("GET", "/.well-known/jwks.json") }
    let second = try StartedWork { harness.bapi("GET", "/v1/jwks") }
    #expect(await waited(for: waiting))
    #expect(await waited(for: waiting))
    // Meanwhile requests that need no key are answered: nothing waits holding the state.
    #expect(await harness.bapi("GET", "/v1/users").status == 200)
    #expect(await harness.send("GET", "/v1/environment?_is_native=true").status == 200)
    #expect(!key.isReady)
    key.provide(try RFC7515Key.privateKey())
    let replies = [try await first.value(), try await second.value()]
    #expect(replies.map(\.status) == [200, 200])
    for reply in replies {
      #expect(try JWKS(bytes: reply.body).keys.map(\.n) == [RFC7515Key.n])
    }
  }

  @Test("without a key file the start returns before the key is generated, which then arrives")
  func backgroundGeneration() async throws {
    let release = DispatchSemaphore(value: 0)
    let began = Lock(false)
    let (key, generate) = try EmulatorSigningKey.starting(
      keyFile: nil,
      generate: {
        began.withLock { $0 = true }
        release.wait()
        return try RFC7515Key.privateKey()
      }, warning: { Issue.record("warning: \($0)") }, failure: { Issue.record("failure: \($0)") })
    #expect(!key.isReady)
    // Nothing runs until the executable's ready line is out and it calls `generate`.
    #expect(!began.withLock { $0 })
    let thread = generate("ins_test")
    release.signal()
    let keys = await onOwnThread { key.keys(defaultKID: "ins_test") }
    await onOwnThread { thread?.join() }
    #expect(key.isReady)
    #expect(keys.signer.kid == "ins_test")
    #expect(keys.jwks.keys.map(\.kid) == ["ins_test"])
  }

  @Test(
    "a new key file is written once (0600) in the background; the next start reads it, same kid")
  func keyFileCreatedThenReused() async throws {
    let directory = TemporaryDirectory()
    let file = EmulatorKeyFile(path: directory.file("signing.pem"))
    let release = DispatchSemaphore(value: 0)
    let (first, generate) = try EmulatorSigningKey.starting(
      keyFile: file,
      generate: {
        release.wait()
        return try RFC7515Key.privateKey()
      }, warning: { Issue.record("warning: \($0)") }, failure: { Issue.record("failure: \($0)") })
    #expect(!first.isReady)
    let instanceID = "ins_" + String(repeating: "a1", count: 13) + "b"
    let thread = generate(instanceID)
    #expect(!FileManager.default.fileExists(atPath: file.path), "written before it was generated")
    release.signal()
    let firstKeys = await onOwnThread { first.keys(defaultKID: instanceID) }
    await onOwnThread { thread?.join() }
    #expect(TemporaryDirectory.mode(of: file.path) == 0o600)
    let text = try String(contentsOfFile: file.path, encoding: .utf8)
    #expect(text.hasPrefix("clerk-emulator instance \(instanceID)\n-----BEGIN PRIVATE KEY-----\n"))
    #expect(directory.entries(of: directory.path) == ["signing.pem"], "a temporary file was left")
    #expect(firstKeys.signer.kid == instanceID)

    let (second, nothing) = try EmulatorSigningKey.starting(
      keyFile: file, generate: { throw GenerationRefused() },
      warning: { Issue.record("warning: \($0)") }, failure: { Issue.record("failure: \($0)") })
    #expect(second.isReady)
    #expect(nothing("ins_second") == nil)
    // The emulator takes the file's instance id as its own: the kid stays the same.
    #expect(second.instanceID == instanceID)
    let secondKeys = second.keys(defaultKID: try #require(second.instanceID))
    #expect(secondKeys.signer.kid == firstKeys.signer.kid)
    #expect(secondKeys.jwks == firstKeys.jwks)
    #expect(secondKeys.jwks.keys.first?.n == RFC7515Key.n)
  }

  @Test("a key file that cannot be written after all: a warning, and the key is used anyway")
  func keyFileWriteFails() async throws {
    let directory = TemporaryDirectory()
    let subdirectory = directory.file("keys")
    try FileManager.default.createDirectory(atPath: subdirectory, withIntermediateDirectories: true)
    let file = EmulatorKeyFile(path: subdirectory + "/signing.pem")
    let release = DispatchSemaphore(value: 0)
    let warnings = Lock<[String]>([])
    let (key, generate) = try EmulatorSigningKey.starting(
      keyFile: file,
      generate: {
        release.wait()
        return try RFC7515Key.privateKey()
      }, warning: { line in warnings.withLock { $0.append(line) } },
      failure: { Issue.record("failure: \($0)") })
    // The directory goes away between the start's check and the write.
    try FileManager.default.removeItem(atPath: subdirectory)
    let thread = generate("ins_x")
    release.signal()
    let keys = await onOwnThread { key.keys(defaultKID: "ins_x") }
    await onOwnThread { thread?.join() }
    #expect(keys.jwks.keys.first?.n == RFC7515Key.n)
    let lines = warnings.withLock { $0 }
    #expect(lines.count == 1)
    #expect(lines.first?.contains("cannot create key file \(file.path)") == true, "\(lines)")
    #expect(lines.first?.contains("will not be reused") == true)
  }

  @Test("a key that cannot be generated is reported (the executable exits)")
  func generationFails() async throws {
    let reported = DispatchSemaphore(value: 0)
    let lines = Lock<[String]>([])
    let (_, generate) = try EmulatorSigningKey.starting(
      keyFile: nil, generate: { throw GenerationRefused() },
      warning: { Issue.record("warning: \($0)") },
      failure: { line in
        lines.withLock { $0.append(line) }
        reported.signal()
      })
    let thread = generate("ins_x")
    #expect(await waited(for: reported))
    await onOwnThread { thread?.join() }
    #expect(lines.withLock { $0 }.first?.hasPrefix("could not generate the signing key") == true)
  }
}
