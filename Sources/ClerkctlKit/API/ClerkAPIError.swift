import ClerkctlCore

/// One error from Clerk's error envelope: `{"errors":[{"code","message","long_message","meta"}],
/// "clerk_trace_id"}`. The first error of the list is kept, as Clerk's SDKs do.
package struct ClerkAPIError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The HTTP status of the reply.
  package var status: Int
  /// Clerk's machine-readable code, e.g. `form_password_incorrect`.
  package var code: String
  package var message: String
  package var longMessage: String?
  /// `meta.param_name`: the form field at fault, when Clerk names one.
  package var paramName: String?
  package var traceID: String?

  package init(
    status: Int, code: String, message: String, longMessage: String? = nil,
    paramName: String? = nil, traceID: String? = nil
  ) {
    self.status = status
    self.code = code
    self.message = message
    self.longMessage = longMessage
    self.paramName = paramName
    self.traceID = traceID
  }

  /// Reads the envelope; `nil` when the body is not one.
  package init?(status: Int, json: JSONValue) {
    guard let first = json["errors"]?.arrayValue?.first,
      let code = first["code"]?.stringValue
    else { return nil }
    self.init(
      status: status,
      code: code,
      message: first["message"]?.stringValue ?? "",
      longMessage: first["long_message"]?.stringValue,
      paramName: first["meta"]?["param_name"]?.stringValue,
      traceID: json["clerk_trace_id"]?.stringValue
    )
  }

  /// Clerk's own words, never empty: the long message when there is one, else the message,
  /// else Clerk's code in words (`form identifier not found`), else the HTTP status (Clerk's
  /// catalogue has codes whose texts are empty, e.g. `form_identifier_not_found`).
  package var description: String {
    let said = [longMessage, message].lazy.compactMap { $0?.trimmingWhitespace() }
      .first { !$0.isEmpty }
    let text = said ?? Self.words(code) ?? "HTTP \(status)"
    return text.hasSuffix(".") ? String(text.dropLast()) : text
  }

  /// `form_identifier_not_found` as `form identifier not found` (without the `_code` some codes
  /// end with); `nil` for an empty code.
  static func words(_ code: String) -> String? {
    var words = code.trimmingWhitespace().split(separator: "_")
    if words.count > 1, words.last == "code" { words.removeLast() }
    return words.isEmpty ? nil : words.joined(separator: " ")
  }
}
