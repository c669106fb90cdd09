extension HTTPResponse {
  /// The standard reason phrase for `status` (RFC 9110 section 15), or a generic one by class
  /// (`"Client Error"`).
  package static func reasonPhrase(for status: Int) -> String {
    HTTPResponseEncoder.reasonPhrase(for: status)
  }
}
