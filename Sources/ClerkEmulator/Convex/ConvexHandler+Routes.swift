import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// A Convex-style function API: `POST /api/query|mutation|action` with
/// `{"path","args","format"}`, auth checked the way Convex's OIDC path does it (see
/// `ConvexAuthenticator`), and three built-in functions: `users:whoami`,
/// `users:requireAuth`, `echo:args`.
extension ConvexHandler {
  func serveConvex(_ endpoint: ConvexEndpoint, _ context: RequestContext) -> HTTPResponse {
    guard let body = try? JSONValue(parsing: context.request.body), body.objectValue != nil else {
      return convexFailure(
        status: 400, code: "BadJsonBody", message: "Failed to parse the request body as JSON.")
    }
    guard let path = body["path"]?.stringValue else {
      return convexFailure(
        status: 400, code: "BadJsonBody", message: "Missing field `path` in the request body.")
    }
    let format = body["format"]?.stringValue ?? "json"
    let formats = [
      "json", "convex_clean_json", "convex_encoded_json", "convex_json", "export_json",
    ]
    guard formats.contains(format) else {
      return convexFailure(
        status: 400, code: "BadFormat",
        message: "format param must be one of [`json`]. Got \(format)")
    }
    guard Self.isValidFunctionPath(path) else {
      return convexFailure(
        status: 400, code: "BadConvexFunctionIdentifier",
        message: "\(path) is not a valid path to a Convex function. Paths look like "
          + "`module:function`, e.g. `messages:list`.")
    }
    var args = body["args"] ?? [:]
    if let items = args.arrayValue, items.count == 1 { args = items[0] }
    let authenticator = ConvexAuthenticator(
      issuer: baseURL, applicationID: "convex", jwks: jwks, now: clock.now())
    let identity: JSONValue?
    switch authenticator.identity(authorization: context.request.headers["Authorization"]) {
    case .failure(let failure):
      return convexFailure(status: failure.status, code: failure.code, message: failure.message)
    case .success(let value):
      identity = value
    }
    switch (endpoint, path) {
    case (.query, "users:whoami"):
      return json(["status": "success", "value": identity ?? .null])
    case (.query, "users:requireAuth"):
      guard let identity else {
        return json([
          "status": "error",
          "errorMessage":
            "Uncaught Error: Unauthenticated call to function requiring authentication",
        ])
      }
      return json(["status": "success", "value": identity])
    case (_, "echo:args"):
      return json(["status": "success", "value": args])
    default:
      return json([
        "status": "error",
        "errorMessage": .string(
          "Could not find public function for '\(path)'. Did you forget to run "
            + "`npx convex dev` or `npx convex deploy`?"),
      ])
    }
  }

  /// A request-level Convex error: `{"code","message"}`.
  func convexFailure(status: Int, code: String, message: String) -> HTTPResponse {
    json(["code": .string(code), "message": .string(message)], status: status)
  }

  /// `module:function` with `/`-separated module segments, or a bare module (default export).
  static func isValidFunctionPath(_ path: String) -> Bool {
    let parts = path.split(separator: ":", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count) else { return false }
    let identifierCharacters = Set(
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
    let module = parts[0]
    guard !module.isEmpty, !module.hasPrefix("/"), !module.hasSuffix("/"),
      module.split(separator: "/", omittingEmptySubsequences: false).allSatisfy({
        !$0.isEmpty && $0.allSatisfy { identifierCharacters.contains($0) || $0 == "." || $0 == "-" }
      })
    else { return false }
    if parts.count == 2 {
      let function = parts[1]
      guard let first = function.first, !first.isNumber,
        function.allSatisfy({ identifierCharacters.contains($0) })
      else { return false }
    }
    return true
  }
}
