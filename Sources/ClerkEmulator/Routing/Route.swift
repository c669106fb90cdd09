import Foundation

/// One entry of the emulator's single route table: which API, method, path template, and the
/// endpoint that serves it.
package struct Route: Sendable, Equatable {
  /// Which surface a route belongs to (and which spec it must appear in).
  package enum Surface: String, Sendable {
    /// Frontend API; the template is a path of Clerk's FAPI spec.
    case frontend
    /// Backend API; the template minus `/v1` is a path of Clerk's BAPI spec.
    case backend
    /// The emulator's own Convex-style API (exempt from the spec check).
    case convex
    /// `/__emulator/*`, loopback only (exempt from the spec check).
    case testSurface
    /// The emulator's own protected resource for OAuth clients (`/mcp`, RFC 9728 metadata);
    /// not Clerk's, so exempt from the spec check and not recorded.
    case resource
  }

  package var surface: Surface
  package var method: String
  /// The path template, e.g. `/v1/client/sessions/{session_id}/tokens/{template_name}`.
  package var template: String { didSet { pattern = Self.pattern(of: template) } }
  let endpoint: Endpoint
  /// The template's segments, split once: a request is matched against every route, and
  /// splitting each template per request was a tenth of the emulator's time under load.
  private var pattern: [PatternSegment]

  /// One segment of a template: literal text, or `{name}`.
  private enum PatternSegment: Sendable {
    case literal(Substring)
    case parameter(String)
  }

  init(surface: Surface, method: String, template: String, endpoint: Endpoint) {
    self.surface = surface
    self.method = method
    self.template = template
    self.endpoint = endpoint
    self.pattern = Self.pattern(of: template)
  }

  private static func pattern(of template: String) -> [PatternSegment] {
    template.split(separator: "/", omittingEmptySubsequences: false).map { segment in
      segment.hasPrefix("{") && segment.hasSuffix("}")
        ? .parameter(String(segment.dropFirst().dropLast())) : .literal(segment)
    }
  }

  /// A request path split at `/` (raw, undecoded), for matching against many routes. Split
  /// as bytes, not Characters: grapheme breaking cost more than the matching.
  static func segments(of path: String) -> [Substring] {
    path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).map(
      Substring.init)
  }

  /// Matches `path` (raw, undecoded); returns the decoded path parameters.
  func match(path: String) -> [String: String]? { match(segments: Self.segments(of: path)) }

  /// Matches a path split by ``segments(of:)``; returns the decoded path parameters.
  func match(segments have: [Substring]) -> [String: String]? {
    guard pattern.count == have.count else { return nil }
    // Literals first: most routes differ from the path in one, and nothing is decoded then.
    for (wanted, segment) in zip(pattern, have) {
      switch wanted {
      case .literal(let text): if text != segment { return nil }
      case .parameter: if segment.isEmpty { return nil }
      }
    }
    var params: [String: String] = [:]
    for (wanted, segment) in zip(pattern, have) {
      if case .parameter(let name) = wanted {
        params[name] = FormData.decode(String(segment), plusIsSpace: false)
      }
    }
    return params
  }

  package static func == (lhs: Route, rhs: Route) -> Bool {
    lhs.surface == rhs.surface && lhs.method == rhs.method && lhs.template == rhs.template
  }
}

/// What serves a route: one case per surface, each with its own endpoint enum, so every
/// handler's `switch` over its endpoints is exhaustive.
enum Endpoint: Sendable, Equatable {
  /// The Frontend API, served by `FrontendAPIHandler`.
  case frontend(FrontendEndpoint)
  /// The Backend API subset served by `BackendAPIHandler`.
  case backend(BackendEndpoint)
  /// The Convex-style function API, served by `ConvexHandler`.
  case convex(ConvexEndpoint)
  /// `/__emulator/*`, served by `TestSurfaceHandler` (loopback only).
  case testSurface(TestSurfaceEndpoint)
  /// Machines and M2M tokens, served by `MachineAuthHandler`.
  case machine(MachineEndpoint)
  /// API keys, actor tokens and testing tokens, served by `CredentialHandler`.
  case credential(CredentialEndpoint)
  /// Clerk as an OAuth provider, served by `OAuthHandler`.
  case oauth(OAuthEndpoint)
}
