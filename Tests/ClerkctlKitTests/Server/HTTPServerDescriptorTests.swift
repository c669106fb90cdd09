import ClerkTestSupport
import Testing

@testable import ClerkctlHTTP
@testable import ClerkctlHTTPServer

/// The server's descriptors never reach a child process: `exec --refresh`'s command and the
/// browser of `login --oauth` start while the server runs.
@Suite("HTTP server descriptors")
struct HTTPServerDescriptorTests {
  @Test("an accepted connection is close-on-exec")
  func acceptedCloseOnExec() async throws {
    let server = HTTPServer(configuration: patientConfiguration) { _ in
      HTTPServerResponse(HTTPResponse(status: 204))
    }
    try server.start()
    defer { server.stop() }
    let connection = try RawHTTPConnection(port: server.port)
    try connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(try await connection.readResponse(bodyless: true).status == 204)
    // The connection is kept alive (and, with the patient timeouts, not dropped as idle while
    // a loaded suite leaves this test unscheduled): the server's end of it is open now.
    let accepted = OpenDescriptors.connections(at: UInt16(server.port))
    #expect(accepted.count == 1)
    for descriptor in accepted {
      #expect(OpenDescriptors.isCloseOnExec(descriptor), "descriptor \(descriptor) is inheritable")
    }
  }
}
