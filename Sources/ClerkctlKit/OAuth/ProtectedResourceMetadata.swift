import ClerkctlCore
import ClerkctlHTTP

/// An OAuth protected resource's metadata (RFC 9728): which authorization servers issue the
/// tokens it accepts. An MCP server protected by Clerk names its Frontend API there.
package struct ProtectedResourceMetadata: Sendable, Equatable {
  /// `resource`: the resource's identifier (its URL).
  package var resource: String
  /// `authorization_servers`, in the server's order.
  package var authorizationServers: [String]
  /// `scopes_supported`, when given.
  package var scopes: [String]?

  package init(resource: String, authorizationServers: [String], scopes: [String]? = nil) {
    self.resource = resource
    self.authorizationServers = authorizationServers
    self.scopes = scopes
  }

  /// Reads the metadata document; `nil` without `resource` or an authorization server.
  package init?(json: JSONValue) {
    guard let resource = json["resource"]?.stringValue,
      let servers = json["authorization_servers"]?.arrayValue?.compactMap(\.stringValue),
      !servers.isEmpty
    else { return nil }
    self.init(
      resource: resource, authorizationServers: servers,
      scopes: json["scopes_supported"]?.arrayValue?.compactMap(\.stringValue))
  }

  /// The metadata of the resource at `url`: a `GET` of it, and on 401 the `resource_metadata`
  /// URL its `WWW-Authenticate` names; else `/.well-known/oauth-protected-resource` on its
  /// origin (after the path, then at the root).
  ///
  /// - Throws: `OAuthError.resourceMetadata` when none is found; transport errors.
  package static func discover(
    _ url: String, server: OAuthServerClient
  ) throws -> ProtectedResourceMetadata {
    guard let origin = InstanceOrigin(url: url) else {
      throw OAuthError.resourceMetadata(
        "'\(Redaction.endpoint(url))' is not an absolute http(s) URL")
    }
    var candidates: [String] = []
    let probe = try server.send(HTTPRequest(method: "GET", url: url))
    if let header = probe.headers["WWW-Authenticate"],
      let named = Self.parameter("resource_metadata", in: header)
    {
      candidates.append(named)
    }
    let path = Self.path(of: url)
    if path != "/" && !path.isEmpty {
      candidates.append(origin.description + "/.well-known/oauth-protected-resource" + path)
    }
    candidates.append(origin.description + "/.well-known/oauth-protected-resource")
    var reasons: [String] = []
    for candidate in candidates {
      do {
        let json = try server.getJSON(candidate)
        if let metadata = ProtectedResourceMetadata(json: json) { return metadata }
        reasons.append("\(candidate) has no resource or authorization_servers")
      } catch let error as OAuthError {
        reasons.append("\(Redaction.endpoint(candidate)): \(error)")
      } catch let error as ClerkError {
        if case .transport = error { throw error }
        reasons.append("\(Redaction.endpoint(candidate)): \(error)")
      }
    }
    throw OAuthError.resourceMetadata(
      "\(Redaction.endpoint(url)) answered HTTP \(probe.status); " + reasons.joined(separator: "; ")
    )
  }

  /// The value of auth-param `name` in a `WWW-Authenticate` challenge (quoted or a token).
  package static func parameter(_ name: String, in header: String) -> String? {
    var rest = Substring(header)
    while let range = rest.firstRange(of: name + "=") {
      let before = rest[..<range.lowerBound].last
      rest = rest[range.upperBound...]
      guard before == nil || before == " " || before == "," else { continue }
      if rest.first == "\"" {
        rest = rest.dropFirst()
        var value = ""
        var escaped = false
        for character in rest {
          if escaped {
            value.append(character)
            escaped = false
          } else if character == "\\" {
            escaped = true
          } else if character == "\"" {
            return value
          } else {
            value.append(character)
          }
        }
        return nil
      }
      let value = rest.prefix { $0 != "," && $0 != " " }
      return value.isEmpty ? nil : String(value)
    }
    return nil
  }

  /// The path of `url` (`/` when it has none), without query or fragment.
  static func path(of url: String) -> String {
    var rest = Substring(url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    guard let slash = rest.firstIndex(of: "/") else { return "/" }
    rest = rest[slash...]
    if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
    return String(rest)
  }
}
