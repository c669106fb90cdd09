/// One HTTP response: what a client received, or what a server handler answers.
package struct HTTPResponse: Sendable, Equatable {
  /// The status code, e.g. 200.
  package var status: Int
  package var headers: HTTPHeaders
  package var body: [UInt8]

  package init(status: Int, headers: HTTPHeaders = [:], body: [UInt8] = []) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The body as UTF-8 text (invalid bytes replaced).
  package var bodyText: String { String(decoding: body, as: UTF8.self) }

  /// Whether the status is 2xx.
  package var isSuccess: Bool { (200..<300).contains(status) }
}
