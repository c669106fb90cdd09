import ClerkctlBrowserSignIn
import ClerkctlCore
import Testing

@Suite("Browser sign-in callback parsing")
struct BrowserCallbackTests {
  @Test(
    "reads the nonce, Clerk's failure and provider errors from URLs, queries and bare nonces",
    arguments: [
      (
        "http://127.0.0.1:45789/callback?rotating_token_nonce=abc123",
        BrowserCallback.nonce("abc123")
      ),
      ("https://example.com/cb?x=1&rotating_token_nonce=n%2Fx#frag", .nonce("n/x")),
      ("  abcDEF-123_~.  \n", .nonce("abcDEF-123_~.")),
      (
        "myapp://cb?__clerk_status=failed&__clerk_error_code=external_account_not_found",
        .failed(code: "external_account_not_found", description: nil)
      ),
      (
        "https://x.example/cb?error=access_denied&error_description=no+way",
        .failed(code: "access_denied", description: "no way")
      ),
      ("rotating_token_nonce=q", .nonce("q")),
    ] as [(String, BrowserCallback)])
  func parses(text: String, expected: BrowserCallback) {
    #expect(BrowserCallback.parse(text) == expected)
  }

  @Test(
    "text without a result is not a callback", arguments: ["", "https://example.com/cb", "a b"])
  func rejects(text: String) {
    #expect(BrowserCallback.parse(text) == nil)
  }

  @Test("providers: enabled and authenticatable social entries, sorted, without oauth_")
  func providers() {
    let environment: JSONValue = [
      "user_settings": [
        "social": [
          "oauth_google": ["enabled": true, "authenticatable": true, "strategy": "oauth_google"],
          "oauth_github": ["enabled": true, "authenticatable": true, "strategy": "oauth_github"],
          "oauth_apple": ["enabled": false, "authenticatable": true, "strategy": "oauth_apple"],
          "oauth_x": ["enabled": true, "authenticatable": false, "strategy": "oauth_x"],
        ]
      ]
    ]
    #expect(BrowserSignIn.providers(environment: environment) == ["github", "google"])
    #expect(BrowserSignIn.providers(environment: [:]) == [])
  }
}
