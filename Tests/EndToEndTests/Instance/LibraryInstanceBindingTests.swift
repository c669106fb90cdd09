import ClerkTestSupport
import ClerkctlKit
import Foundation
import Testing

/// The library keeps the same rule: a `ClerkAuthProvider` whose store was signed in on one
/// instance never sends that sign-in to another.
@Suite("Library: instance binding", .tags(.security))
struct LibraryInstanceBindingTests {
  @Test("a store signed in elsewhere: configuration error naming both origins, nothing sent")
  func boundElsewhere() async throws {
    let emulator = try await EmulatorProcess.withLongLivedTokens()
    let capture = try ScriptedHTTPResponder { _ in .close }
    defer { capture.stop() }
    let store = ClerkCredentialStore.inMemory()
    let home = ClerkAuthProvider(frontendApiUrl: emulator.fapiURL, store: store)
    _ = try await home.login(identifier: "demo@example.com", password: "demo-password")

    let elsewhere = capture.url("")
    let byArgument = ClerkAuthProvider(frontendApiUrl: elsewhere, store: store)
    let calls: [(String, @Sendable () async throws -> Void)] = [
      ("loginFromCache", { _ = try await byArgument.loginFromCache() }),
      ("refreshCredentials", { _ = try await byArgument.refreshCredentials() }),
      ("logout", { try await byArgument.logout() }),
    ]
    for (name, call) in calls {
      var reason = ""
      do {
        try await call()
        Issue.record("\(name) succeeded against another instance")
      } catch let error as ClerkAuthError where error == .configuration {
        reason = error.reason ?? ""
      }
      #expect(reason.contains(emulator.fapiURL) && reason.contains(elsewhere), "\(name): \(reason)")
      #expect(!reason.contains("clerkctl") && !reason.contains("--"), "no CLI words: \(reason)")
      #expect(capture.connectionCount == 0, "\(name) sent the sign-in elsewhere")
    }
    // Still signed in at home, the cache untouched by the refused calls.
    #expect(try await home.loginFromCache().userId.hasPrefix("user_"))
  }
}
