import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import Foundation

/// Plays a person at the emulator's `/oauth/authorize` pages over plain HTTP: opens the
/// authorization URL, fills in the sign-in form (and the second factor), then allows or denies
/// on the consent page, exactly as the page's forms post. Returns where the emulator sent the
/// browser: the redirect URI with `code` and `state` (or `error`).
public struct OAuthTestBrowser: Sendable {
  /// What the pages showed, and where they ended.
  public struct Outcome: Sendable {
    /// The final redirect (`Location`), when there was one.
    public var location: String?
    /// The last page's status and HTML when the flow ended on a page (an error page).
    public var status: Int
    public var page: String
  }

  private let http: HTTPClient

  /// A browser over libcurl (the default), or over an in-memory emulator's client.
  package init(http: HTTPClient = .curl()) { self.http = http }

  /// Follows the flow; `code` answers a second-factor page (a TOTP or backup code).
  public func authorize(
    _ url: String, identifier: String = "demo@example.com", password: String = "demo-password",
    code: String? = nil, approve: Bool = true
  ) throws -> Outcome {
    let origin = Self.origin(of: url)
    var reply = try open(HTTPRequest(method: "GET", url: url))
    for _ in 0..<4 {
      guard case .page(let status, let html) = reply else { break }
      guard let token = Self.hidden("form_token", in: html),
        let step = Self.hidden("step", in: html)
      else { return Outcome(location: nil, status: status, page: html) }
      var fields = [("form_token", token), ("step", step)]
      switch step {
      case "sign_in": fields += [("identifier", identifier), ("password", password)]
      case "second_factor": fields.append(("code", code ?? ""))
      default: fields.append(("decision", approve ? "allow" : "deny"))
      }
      reply = try open(
        HTTPRequest(
          method: "POST", url: origin + "/oauth/authorize",
          headers: ["Content-Type": "application/x-www-form-urlencoded"],
          body: Array(FormEncoding.encode(fields).utf8)))
      if case .page(let again, let html) = reply, again >= 400,
        Self.hidden("step", in: html) == step
      {
        return Outcome(location: nil, status: again, page: html)
      }
    }
    switch reply {
    case .redirect(let location): return Outcome(location: location, status: 302, page: "")
    case .page(let status, let html): return Outcome(location: nil, status: status, page: html)
    }
  }

  private enum Reply {
    case redirect(String)
    case page(Int, String)
  }

  private func open(_ request: HTTPRequest) throws -> Reply {
    do {
      let response = try http.send(request)
      return .page(response.status, response.bodyText)
    } catch let error as HTTPError {
      if case .redirect(let location) = error.kind { return .redirect(location) }
      throw error
    }
  }

  /// The `value` of the hidden input named `name`.
  static func hidden(_ name: String, in html: String) -> String? {
    guard let range = html.range(of: "name=\"\(name)\" value=\"") else { return nil }
    let rest = html[range.upperBound...]
    guard let end = rest.firstIndex(of: "\"") else { return nil }
    return String(rest[..<end]).replacingOccurrences(of: "&amp;", with: "&")
  }

  /// `scheme://host[:port]` of a URL.
  static func origin(of url: String) -> String {
    guard let scheme = url.range(of: "://") else { return url }
    let rest = url[scheme.upperBound...]
    let end = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
    return String(url[..<end])
  }
}
