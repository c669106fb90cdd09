/// One error Clerk returned (the first of its error list, as Clerk's SDKs keep it): what
/// `ClerkAuthError.clerkError` holds when Clerk refused a request.
public struct ClerkServerError: Hashable, Sendable, CustomStringConvertible {
  /// Clerk's machine-readable code, e.g. `form_password_incorrect`, `form_identifier_not_found`.
  public let code: String
  /// Clerk's short message.
  public let message: String
  /// Clerk's full explanation, when it gave one.
  public let longMessage: String?
  /// The form field at fault (`meta.param_name`), when Clerk names one.
  public let paramName: String?
  /// Clerk's trace id, for Clerk's support.
  public let traceId: String?
  /// The HTTP status of the reply.
  public let httpStatus: Int

  /// An error as Clerk sends it (tests, stubs).
  public init(
    code: String, message: String, longMessage: String? = nil, paramName: String? = nil,
    traceId: String? = nil, httpStatus: Int
  ) {
    self.code = code
    self.message = message
    self.longMessage = longMessage
    self.paramName = paramName
    self.traceId = traceId
    self.httpStatus = httpStatus
  }

  package init(_ error: ClerkAPIError) {
    self.init(
      code: error.code, message: error.message, longMessage: error.longMessage,
      paramName: error.paramName, traceId: error.traceID, httpStatus: error.status)
  }

  /// Clerk's words and code.
  public var description: String {
    "\(longMessage ?? message) (\(code), HTTP \(httpStatus))"
  }
}
