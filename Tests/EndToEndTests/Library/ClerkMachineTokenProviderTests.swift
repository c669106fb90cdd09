import ClerkTestSupport
import ClerkctlCore
import ClerkctlKit
import Foundation
import Testing

/// `ClerkMachineTokenProvider` against an emulator child seeded with machines.
@Suite("Library: ClerkMachineTokenProvider")
struct ClerkMachineTokenProviderTests {
  @Test("login stores the identity; tokens are cached and shared with clerkctl's profile")
  func tokens() async throws {
    let fixture = try await MachineFixture()
    let config = TemporaryDirectory(prefix: "clerkkit-machine")
    let store = ClerkCredentialStore.file(profile: "svc", configDirectory: config.path)
    let provider = ClerkMachineTokenProvider(store: store)
    await #expect(throws: ClerkAuthError.noActiveSession) { try await provider.token() }
    await #expect {
      try await provider.login(secretKey: "ak_not_a_known_secret_000", apiUrl: fixture.apiURL)
    } throws: { error in
      if case .signInRejected = error as? ClerkAuthError { return true }
      return false
    }

    let first = try await provider.login(secretKey: MachineFixture.ciSecret, apiUrl: fixture.apiURL)
    #expect(first.machineId == MachineFixture.ciID && first.token.hasPrefix("mt_"))
    #expect(!first.description.contains(first.token))
    let before = try await fixture.creationRequests()
    // Eight concurrent callers on a cold JWT: one creation; then the cache.
    let claims = #"{"aud":"convex"}"#
    let tokens = try await withThrowingTaskGroup(of: ClerkMachineToken.self) { group in
      for _ in 0..<8 {
        group.addTask { try await provider.token(format: .jwt, claimsJson: claims) }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(Set(tokens.map(\.token)).count == 1)
    #expect(try await fixture.creationRequests() == before + 1)
    let jwt = try JWT(tokens[0].token)
    #expect(jwt.payload["aud"]?.stringValue == "convex")
    #expect(jwt.payload["sub"]?.stringValue == MachineFixture.ciID)
    let again = try await provider.token()
    #expect(again.cached && again.token == first.token)
    #expect(try await fixture.creationRequests() == before + 1)

    // clerkctl reads the same profile: its token is the provider's cached one.
    let cli = try await fixture.run(
      ["token", "--profile", "svc"], extra: ["CLERKCTL_CONFIG_DIR": config.path])
    #expect(cli.status == 0, "\(cli.stderr)")
    #expect(cli.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == first.token)
    await #expect(throws: ClerkAuthError.self) {
      try await provider.token(claimsJson: "[1]")
    }
    try await provider.logout()
    await #expect(throws: ClerkAuthError.noActiveSession) { try await provider.token() }
  }

  @Test("real time: a stream of 5 s JWTs hands out a new one each lifetime, on the system clock")
  func streamSmoke() async throws {
    let fixture = try await MachineFixture()
    let provider = ClerkMachineTokenProvider(minimumTokenTtl: 1, store: .inMemory())
    _ = try await provider.login(secretKey: MachineFixture.ciSecret, apiUrl: fixture.apiURL)
    var streamed: [ClerkMachineToken] = []
    for await token in provider.tokens(format: .jwt, ttl: 5) {
      streamed.append(token)
      if streamed.count == 2 { break }
    }
    #expect(streamed.count == 2)
    #expect(Set(streamed.map(\.token)).count == 2, "a new token each lifetime")
    #expect(streamed.first?.expiresAt ?? .distantFuture < streamed.last?.expiresAt ?? .distantPast)
    try await provider.logout()
  }
}
