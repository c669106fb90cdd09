import ClerkTestSupport
import ClerkctlBrowserSignIn
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlHTTP
import ClerkctlKeyring
import ClerkctlKit
import Foundation
import Testing

/// `ClerkAuthProvider.loginWithBrowser` (the ClerkctlBrowserSignIn product) against the built
/// emulator over loopback, with an opener that plays the browser: it loads the provider page,
/// submits its form as a person would, and follows Clerk's redirects to the callback.
@Suite("Library: browser sign-in")
struct ClerkAuthProviderBrowserTests {
  let emulator: EmulatorProcess

  init() async throws {
    emulator = try await EmulatorProcess.withLongLivedTokens()
  }

  private func provider(
    _ store: ClerkCredentialStore, timeout: TimeInterval = 120
  ) -> ClerkAuthProvider {
    ClerkAuthProvider(frontendApiUrl: emulator.fapiURL, signInTimeout: timeout, store: store)
  }

  @Test("approve at the provider: the callback page, the stored sign-in, a convex token")
  func approve() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-browser")
    let store = ClerkCredentialStore.file(profile: "app", configDirectory: config.path)
    let provider = provider(store)
    let tokens = Recorder<String?>()
    _ = try? await provider.loginFromCache(onIdToken: { tokens.append($0) })
    let browser = FormBrowser(email: "demo@example.com")
    let credentials = try await provider.loginWithBrowser(
      .oauth(provider: "google"), callbackPort: 0, applicationName: "MyApp",
      openURL: browser.open)
    let visit = try await browser.finished()

    #expect(visit.opened.hasPrefix(emulator.fapiURL + "/__emulator/oauth/authorize?state="))
    #expect(visit.providerPage.contains("id=\"consent\""), "the opener got the provider page")
    #expect(visit.final.hasPrefix("http://127.0.0.1:"))
    #expect(visit.final.contains("/callback?rotating_token_nonce="))
    #expect(visit.landing?.status == 200)
    #expect(visit.landing?.bodyText.contains("You are signed in to MyApp") == true)

    #expect(credentials.userId.hasPrefix("user_"))
    let claims = try #require(try? JWT(credentials.idToken).payload)
    #expect(claims["aud"] == "convex")
    #expect(claims["sub"]?.stringValue == credentials.userId)
    #expect(provider.currentAuthState == .authenticated(credentials))
    #expect(tokens.items.contains(credentials.idToken), "onIdToken heard of it")
    // Stored in the provider's store: a later provider (or clerkctl) picks it up.
    let stored = try #require(try store.backing.get().load(profile: "app"))
    #expect(stored.email == "demo@example.com")
    #expect(try await self.provider(store).loginFromCache() == credentials)
  }

  @Test("an account with a second factor is answered by code")
  func secondFactor() async throws {
    let secret = try #require(Base32.decode("JBSWY3DPEHPK3PXP"))
    let browser = FormBrowser(email: "mfa@example.com")
    let credentials = try await provider(.inMemory()).loginWithBrowser(
      .oauth(provider: "github"), callbackPort: 0,
      code: { _ in TOTP.code(secret: secret, time: Clock.system.epochSeconds) },
      openURL: browser.open)
    #expect(credentials.userId.hasPrefix("user_"))
    _ = try await browser.finished()
  }

  @Test("deny at the provider is signInRejected with Clerk's code; nothing is stored")
  func deny() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-browser")
    let store = ClerkCredentialStore.file(profile: "app", configDirectory: config.path)
    let provider = provider(store)
    let browser = FormBrowser(email: "demo@example.com", decision: "deny")
    await #expect {
      try await provider.loginWithBrowser(
        .oauth(provider: "google"), callbackPort: 0, openURL: browser.open)
    } throws: { error in
      guard let error = error as? ClerkAuthError, error == .signInRejected else { return false }
      return error.reason?.contains("oauth_access_denied") == true
    }
    #expect(provider.currentAuthState == .unauthenticated)
    #expect(!FileManager.default.fileExists(atPath: config.path + "/profiles/app.json"))
  }

  @Test("what the opener throws ends the sign-in at once and is rethrown")
  func openerFails() async throws {
    struct NoBrowser: Error, Equatable {}
    let provider = provider(.inMemory())
    await #expect(throws: NoBrowser()) {
      try await provider.loginWithBrowser(.oauth(provider: "google"), callbackPort: 0) { _ in
        throw NoBrowser()
      }
    }
    #expect(provider.currentAuthState == .unauthenticated)
  }

  @Test("cancelling the task ends the wait for the browser with CancellationError")
  func cancelled() async throws {
    let (opened, announce) = AsyncStream<String>.makeStream()
    let provider = provider(.inMemory())
    let login = Task {
      try await provider.loginWithBrowser(.oauth(provider: "google"), callbackPort: 0) { url in
        announce.yield(url)  // and never comes back, like a user who walked away
      }
    }
    for await _ in opened { break }
    login.cancel()
    await #expect(throws: CancellationError.self) { try await login.value }
    #expect(provider.currentAuthState == .unauthenticated)
  }

  @Test("a keyring store that does not answer is refused before Clerk or the browser is asked")
  func keyringUnavailable() async throws {
    let config = TemporaryDirectory(prefix: "clerkkit-browser")
    let keyring = InMemoryKeyring()
    keyring.fail(with: .noProvider(detail: "org.freedesktop.secrets was not provided"))
    let file = ClerkCredentialStore.keyring(profile: "app", configDirectory: config.path)
    var backing = try #require(try file.backing.get() as? ProfileStore)
    backing.keyring = keyring
    let store = ClerkCredentialStore(profile: "app", backing: .success(backing))
    let admin = EmulatorAdmin(emulator)
    try await admin.clearRequests()
    let opened = Recorder<String>()
    await #expect {
      try await provider(store).loginWithBrowser(.oauth(provider: "google"), callbackPort: 0) {
        opened.append($0)
      }
    } throws: { error in
      guard let error = error as? ClerkAuthError, error == .configuration else { return false }
      return error.step == .store
        && error.reason?.contains("no Secret Service provider") == true
    }
    #expect(opened.items.isEmpty)
    #expect(try await admin.requests(containing: "/v1/client/sign_ins").isEmpty)
  }
}

/// A browser for `loginWithBrowser`'s `openURL`: GETs the provider page the URL names, submits
/// its form (`decision` approve or deny, as `email`) as the page's button does, and follows
/// the redirects to the loopback callback; `finished()` returns what it saw.
final class FormBrowser: Sendable {
  struct Visit: Sendable {
    var opened: String
    var providerPage: String
    var final: String
    var landing: HTTPResponse?
  }

  private let email: String
  private let decision: String
  private let stream = AsyncStream<Result<Visit, BrowserTestError>>.makeStream()

  init(email: String, decision: String = "approve") {
    self.email = email
    self.decision = decision
  }

  func open(_ url: String) async throws {
    do {
      stream.continuation.yield(.success(try await visit(url)))
    } catch {
      stream.continuation.yield(.failure(BrowserTestError("the browser failed: \(error)")))
    }
  }

  /// What the browser saw, once it is done.
  func finished() async throws -> Visit {
    for await visit in stream.stream { return try visit.get() }
    throw BrowserTestError("the browser never ran")
  }

  private func visit(_ text: String) async throws -> Visit {
    guard let url = URL(string: text) else { throw BrowserTestError("not a URL: \(text)") }
    let (_, page) = try await ScriptedBrowser.follow(text)
    let providerPage = page?.bodyText ?? ""
    let state = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
      .first { $0.name == "state" }?.value
    // The form's action, /__emulator/oauth/authorize, on the page's origin.
    guard let state, page?.status == 200,
      let action = URL(string: "/__emulator/oauth/authorize", relativeTo: url),
      var form = URLComponents(url: action.absoluteURL, resolvingAgainstBaseURL: false)
    else { throw BrowserTestError("no provider page at \(url): \(providerPage)") }
    form.queryItems = [
      URLQueryItem(name: "state", value: state), URLQueryItem(name: "email", value: email),
      URLQueryItem(name: "decision", value: decision),
    ]
    guard let submitted = form.url else { throw BrowserTestError("no form URL from \(url)") }
    let (final, landing) = try await ScriptedBrowser.follow(submitted.absoluteString)
    return Visit(
      opened: url.absoluteString, providerPage: providerPage, final: final, landing: landing)
  }
}
