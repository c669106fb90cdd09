/// The seeds' README examples as a consumer package builds them (`ConsumerPackageTests`): the
/// ConvexClerk provider's and the JWT auth client's, with the import lines changed
/// (`import ClerkctlKit` for `import ConvexClerk`/`import JWTAuth`, `import Foundation` for
/// SwiftUI) and the Combine observer written as a `for await` over `authState` (the one
/// change docs/migration.md describes). Each `// seed:` block is copied verbatim from the
/// seed's README; the DocC articles show the same blocks (checked by a test).
enum SeedExamples {
  static let packageManifest = """
    // swift-tools-version:6.0
    import PackageDescription

    let package = Package(
      name: "SeedConsumer",
      dependencies: [.package(path: "REPO_PATH")],
      targets: [
        .executableTarget(
          name: "SeedConsumer",
          dependencies: [.product(name: "ClerkctlKit", package: "REPO_IDENTITY")],
          swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
      ]
    )
    """

  static let main = #"""
    import ClerkctlKit
    import Foundation

    let environment = ProcessInfo.processInfo.environment
    let backendURL = environment["BACKEND_URL"] ?? "http://127.0.0.1:9"
    let email = environment["DEMO_EMAIL"] ?? "demo@example.com"

    func say(_ line: String) {
      print(line)
      fflush(nil)
    }

    // seed: Custom JWT Template
    func customTemplate() -> ClerkAuthProvider {
      // Use a custom JWT template name
      let authProvider = ClerkAuthProvider(
          jwtTemplate: "my-custom-template",
          signInTimeout: 60  // 1 minute timeout
      )
      return authProvider
    }

    // seed: login()
    func loginExample(_ authProvider: ClerkAuthProvider) async {
      do {
          let credentials = try await authProvider.login()
          print("Authenticated: \(credentials.userId)")
      } catch {
          print("Login failed: \(error.localizedDescription)")
      }
    }

    // seed: loginFromCache()
    func loginFromCacheExample(_ authProvider: ClerkAuthProvider) async throws {
      do {
          let credentials = try await authProvider.loginFromCache()
          print("Session restored: \(credentials.userId)")
      } catch ClerkAuthError.noActiveSession {
          print("No cached session, show sign-in UI")
      }
    }

    // seed: logout()
    func logoutExample(_ authProvider: ClerkAuthProvider) async throws {
      try await authProvider.logout()
    }

    // seed: Observing Authentication State (Combine's sink, as a for await)
    func observe(_ authProvider: ClerkAuthProvider) async {
      var isAuthenticated = false
      var userId: String?
      for await state in authProvider.authState {
          switch state {
          case .authenticated(let credentials):
              isAuthenticated = true
              userId = credentials.userId
          case .unauthenticated:
              isAuthenticated = false
              userId = nil
          case .loading:
              break
          }
          say("state: \(isAuthenticated) \(userId ?? "nil")")
      }
    }

    // seed: the Troubleshooting table's errors, switched over
    func troubleshoot(_ error: ClerkAuthError) -> String {
      switch error {
      case .clerkNotLoaded: return "Initialize Clerk first"
      case .noActiveSession: return "Present Clerk sign-in UI first"
      case .tokenRetrievalFailed: return "Verify template name and claims in Clerk Dashboard"
      case .signInTimeout: return "Increase signInTimeout or check UI flow"
      default: return error.localizedDescription
      }
    }

    // A Convex-style client takes any AuthProvider.
    func useWithConvex<P: AuthProvider>(_ provider: P) async throws -> String {
      provider.extractIdToken(from: try await provider.loginFromCache())
    }

    // seed (JWT auth client): sendAuthenticated with refreshExpiredToken
    func sendExample(_ sender: AuthenticatedRequestSender) async throws {
      let response = try await sender.sendAuthenticated(
        .init(url: backendURL + "/api/me"), refreshExpiredToken: true)
      say("backend: \(response.status) \(response.bodyText)")
    }

    // --- the run the test drives ---
    let authProvider = ClerkAuthProvider(jwtTemplate: "convex")
    _ = customTemplate()
    let observer = Task { await observe(authProvider) }

    do {
      _ = try await authProvider.login(identifier: email, password: "not-the-password")
    } catch let error as ClerkAuthError {
      say("wrong password: \(error.code ?? "nil") step \(error.step?.name ?? "nil")")
    }
    try await loginFromCacheExample(authProvider)
    say("waiting for sign-in")
    await loginExample(authProvider)
    fflush(nil)
    try await loginFromCacheExample(authProvider)
    fflush(nil)
    let credentials = try await authProvider.loginFromCache()
    let token = authProvider.extractIdToken(from: credentials)
    say("token: \(token.hasPrefix("eyJ") && token == credentials.idToken)")
    say("convex: \(try await useWithConvex(authProvider) == token)")
    try await sendExample(AuthenticatedRequestSender(provider: authProvider))
    try await logoutExample(authProvider)
    try await loginFromCacheExample(authProvider)
    fflush(nil)
    do {
      _ = try await authProvider.loginFromCache()
    } catch let error as ClerkAuthError {
      say("troubleshoot: \(troubleshoot(error))")
    }
    try await Task.sleep(nanoseconds: 200_000_000)
    observer.cancel()
    say("done")
    """#
}
