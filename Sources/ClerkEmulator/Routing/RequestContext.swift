import ClerkctlCore
import ClerkctlHTTP
import ClerkctlHTTPServer
import Foundation

/// A request after routing: decoded query, form body, path parameters, and the client token.
struct RequestContext: Sendable {
  let request: HTTPServerRequest
  /// The method, after any `_method` override on a POST.
  let method: String
  let path: String
  let query: FormData
  let form: FormData
  var params: [String: String] = [:]

  init(_ request: HTTPServerRequest) {
    self.request = request
    let query = FormData(encoded: request.query)
    self.query = query
    self.path = request.path
    if request.method == "POST", let override = query.nonEmpty("_method")?.uppercased(),
      ["PATCH", "PUT", "DELETE"].contains(override)
    {
      self.method = override
    } else {
      self.method = request.method
    }
    let type = request.headers["Content-Type"]?.lowercased() ?? ""
    if type.hasPrefix("application/x-www-form-urlencoded") || type.isEmpty {
      self.form = FormData(encoded: String(decoding: request.body, as: UTF8.self))
    } else {
      self.form = FormData()
    }
  }

  /// Whether the native flag is set (`_is_native=true` or `1`).
  var isNative: Bool {
    guard let flag = query["_is_native"]?.lowercased() else { return false }
    return flag == "true" || flag == "1"
  }

  /// The `Authorization` value with any `Bearer ` prefix removed, or `nil` when absent/empty.
  var bearerToken: String? {
    guard var value = request.headers["Authorization"]?.trimmingSpaces else { return nil }
    // Only the scheme is compared without case: lowercasing the whole value (a client token
    // is a JWT of some 400 bytes) on every request cost more than routing it.
    let scheme = String(Substring(value.utf8.prefix(7))).lowercased()
    if scheme == "bearer " {
      value = String(Substring(value.utf8.dropFirst(7))).trimmingSpaces
    } else if scheme == "bearer" {
      return nil
    }
    return value.isEmpty ? nil : value
  }

  /// The JSON body (an empty body is `{}`), or `nil` when it is not a JSON object.
  var jsonBody: JSONValue? {
    if request.body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
      return [:]
    }
    guard let value = try? JSONValue(parsing: request.body), value.objectValue != nil else {
      return nil
    }
    return value
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  var trimmingSpaces: String {
    var scalars = Substring(self)
    while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    return String(scalars)
  }
}
