import ClerkctlCore
import Testing

@Suite("Redaction: the one URL policy")
struct RedactionTests {
  @Test(
    "secret-looking query and fragment values are redacted; user info is dropped",
    arguments: [
      ("https://h.example/p?page=2&q=x", "https://h.example/p?page=2&q=x"),
      ("https://h.example/p?access_token=abcdefghijkl", "https://h.example/p?access_token=…ijkl"),
      ("https://h.example/p?api_key=abc&x=1", "https://h.example/p?api_key=…&x=1"),
      (
        "https://h.example/p?X-Amz-Signature=0123456789",
        "https://h.example/p?X-Amz-Signature=…6789"
      ),
      ("https://h.example/p?__clerk_db_jwt=secret", "https://h.example/p?__clerk_db_jwt=…"),
      (
        "https://h.example/cb?rotating_token_nonce=n0nce-value-1",
        "https://h.example/cb?rotating_token_nonce=…ue-1"
      ),
      ("https://u:pw@h.example/p?a=1", "https://h.example/p?a=1"),
      (
        "https://h.example/cb#access_token=abcdefghijkl&t=1",
        "https://h.example/cb#access_token=…ijkl&t=1"
      ),
      ("https://h.example/p", "https://h.example/p"),
      (
        "http://127.0.0.1:1/x?client_secret=sssssssssss", "http://127.0.0.1:1/x?client_secret=…ssss"
      ),
    ])
  func url(input: String, expected: String) {
    #expect(Redaction.url(input) == expected)
  }

  @Test(
    "a URL in a message is its scheme, host, port and path: no user info, query or fragment",
    arguments: [
      ("https://h.example/p?page=2&q=x", "https://h.example/p"),
      ("https://u:pw@h.example:8443/p/q#frag", "https://h.example:8443/p/q"),
      ("http://[::1]:9/cb?code=c&state=s", "http://[::1]:9/cb"),
      ("https://h.example?__clerk_ticket=t", "https://h.example"),
      ("https://h.example#access_token=t", "https://h.example"),
      ("/v1/client?_clerk_js_version=5", "/v1/client"),
      ("https://h.example/a\u{1b}[2Jb\u{202E}c", "https://h.example/a^[[2Jb<U+202E>c"),
      ("https://u@p@h.example/x", "https://h.example/x"),
      ("", ""),
    ])
  func endpoint(input: String, expected: String) {
    #expect(Redaction.endpoint(input) == expected)
  }

  @Test(
    "names that look secret",
    arguments: [
      "token", "Session_Token", "code", "password", "nonce", "auth", "ticket", "jwt", "sig",
      "state",
    ])
  func secretNames(name: String) {
    #expect(Redaction.isSecretField(name))
  }

  @Test("names that do not", arguments: ["page", "q", "limit", "email_address", "redirect_url"])
  func plainNames(name: String) {
    #expect(!Redaction.isSecretField(name))
  }
}
