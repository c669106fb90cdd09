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
      message: first["message"]?.stringValue ?? code,
      longMessage: first["long_message"]?.stringValue,
      paramName: first["meta"]?["param_name"]?.stringValue,
      traceID: json["clerk_trace_id"]?.stringValue
    )
  }

  /// Clerk's own words: the long message when there is one.
  package var description: String {
    let text = longMessage ?? message
    return text.hasSuffix(".") ? String(text.dropLast()) : text
  }
}
