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
