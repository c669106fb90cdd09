import Testing

@testable import ClerkctlCore
@testable import ClerkctlHTTP

@Suite("Loopback hosts")
struct LoopbackHostTests {
  @Test(
    "accepts localhost, 127.0.0.0/8 and ::1",
    arguments: [
      "localhost", "LocalHost", "127.0.0.1", "127.255.255.254", "127.1.2.3", "::1", "[::1]",
      "0:0:0:0:0:0:0:1", "[0000::0001]", "::ffff:127.0.0.1", "[::ffff:127.9.9.9]",
    ])
  func accepts(host: String) {
    #expect(LoopbackHost.isLoopback(host))
  }

  @Test(
    "refuses everything else",
    arguments: [
      "", "example.com", "localhost.", "localhost.example", "api.localhost", "127.1",
      "127.0.0.1.nip.io", "128.0.0.1", "126.255.255.255", "0.0.0.0", "10.0.0.1", "::", "::2",
      "[::1", "::ffff:10.0.0.1", "[fe80::1%25lo]", "0x7f.0.0.1", "0177.0.0.1", " 127.0.0.1",
    ])
  func refuses(host: String) {
    #expect(!LoopbackHost.isLoopback(host))
  }
}
