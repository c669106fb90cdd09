import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// Clerk's Frontend API as Clerk's native SDKs speak it.
///
/// Every request carries `_is_native=true`, the client token as-is in `Authorization`,
/// `clerk-api-version`, `x-mobile: 1` and a form-encoded body. A reply's `Authorization` header
/// rotates the client token (an empty or bare `Bearer` value clears it); `clientToken` always
/// holds the newest. Not thread-safe: one client per flow.
package final class FrontendAPIClient {
  /// The API version this client speaks.
  package static let apiVersion = "2026-05-12"

  /// The instance's base URL, without `/v1` (e.g. `https://clerk.example.com`).
  package let baseURL: String
  /// The current client token; `nil` before the first sign-in request or after a clear.
  package private(set) var clientToken: String?
  /// Whether a reply changed `clientToken`.
  package private(set) var clientTokenChanged = false
  /// Server time minus local time, from the newest reply's `Date` header.
  package private(set) var clockSkew: Double?
  /// Seconds per request.
  package var requestTimeout: Double
  /// When set, no request may run past it (the sign-in timeout).
  package var deadline: Date?
  /// What the deadline stands for, for the error when it passes.
  package var deadlineSeconds: Double = 0

  private let http: HTTPClient
  private let retry: RetryPolicy
  private let clock: Clock
  private let commandStart: Date

  package init(
    baseURL: String, clientToken: String?, http: HTTPClient, clock: Clock = .system,
    requestTimeout: Double = HTTPRequest.defaultTimeout, retry: RetryPolicy = RetryPolicy()
  ) {
    self.baseURL = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
    self.clientToken = clientToken
    self.http = http
    self.clock = clock
    self.requestTimeout = requestTimeout
    self.retry = retry
    self.commandStart = retry.startedAt ?? clock.now()
  }

  // MARK: - Requests

  /// Sends one request and returns the parsed JSON body of a 2xx reply.
  ///
  /// - Parameters:
  ///   - method: `GET`, `POST` or `DELETE`.
  ///   - path: the path from `/v1/…`, already percent-encoded.
  ///   - query: extra query fields (`_is_native` is always added).
  ///   - form: the body fields; `nil` for none.
  ///   - idempotent: whether the request may be repeated after a failure that may have reached
  ///     the server (token mints, reads, sign-out); sign-in attempts are not.
  /// - Throws: `ClerkError`.
  package func send(
    _ method: String, _ path: String, query: [(String, String)] = [],
    form: [(String, String)]? = nil, idempotent: Bool
  ) throws(ClerkError) -> JSONValue {
    let fields = [("_is_native", "true")] + query
    var request = HTTPRequest(
      method: method, url: baseURL + path + "?" + FormEncoding.encode(fields))
    request.headers.add(name: "Accept", value: "application/json")
    request.headers.add(name: "clerk-api-version", value: Self.apiVersion)
    request.headers.add(name: "x-mobile", value: "1")
    if let clientToken, !clientToken.isEmpty {
      request.headers.add(name: "Authorization", value: clientToken)
    }
    if let form {
      request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
      request.body = Array(FormEncoding.encode(form).utf8)
    }
    var tries = 0
    let response = try perform(request, idempotent: idempotent, tries: &tries)
    absorb(response)
    do {
      return try Self.decode(response)
    } catch .unavailable(429, _) {
      // The advice uses the server's own wait when it gave one.
      let made = tries == 1 ? "1 try made" : "\(tries) tries made"
      let asked = response.headers["Retry-After"].flatMap { Double($0.trimmingWhitespace()) }
      guard let asked, asked >= 1 else { throw .unavailable(status: 429, summary: made) }
      throw .unavailable(
        status: 429, summary: made + "; Retry-After \(Int(min(asked, 3600).rounded(.up))) s")
    }
  }

  private func perform(
    _ base: HTTPRequest, idempotent: Bool, tries: inout Int
  ) throws(ClerkError) -> HTTPResponse {
    var attempt = 0
    while true {
      var request = base
      request.timeout = try timeoutForNextRequest(attempt: attempt)
      request.connectTimeout = min(request.connectTimeout, request.timeout)
      let outcome: Result<HTTPResponse, HTTPError>
      tries = attempt + 1
      do {
        outcome = .success(try http.send(request))
      } catch let error as HTTPError {
        outcome = .failure(error)
      } catch {
        outcome = .failure(HTTPError(.transport, url: request.url, message: "\(error)"))
      }
      let retryable: Bool
      switch outcome {
      case .success(let response):
        retryable = idempotent && RetryPolicy.isRetryable(status: response.status)
        if !retryable { return response }
      case .failure(let error):
        retryable = RetryPolicy.isRetryable(error, requestIsIdempotent: idempotent)
        if !retryable { throw mapTransport(error) }
      }
      attempt += 1
      let response = try? outcome.get()
      let wait = retry.delay(retry: attempt, response: response, now: clock.now())
      let spent = clock.now().timeIntervalSince(commandStart)
      if attempt > retry.maxRetries || spent + wait > retry.budget || passesDeadline(wait) {
        switch outcome {
        case .success(let response): return response
        case .failure(let error): throw mapTransport(error)
        }
      }
      clock.sleep(wait)
    }
  }

  private func passesDeadline(_ wait: Double) -> Bool {
    guard let deadline else { return false }
    return clock.now().addingTimeInterval(wait) >= deadline
  }

  /// The request timeout, cut short so a retry ends within the budget (at least 1 s) and no
  /// request runs past the sign-in deadline.
  private func timeoutForNextRequest(attempt: Int) throws(ClerkError) -> Double {
    var timeout = requestTimeout
    if attempt > 0 {
      let budgetLeft = retry.budget - clock.now().timeIntervalSince(commandStart)
      timeout = min(timeout, max(1, budgetLeft))
    }
    guard let deadline else { return timeout }
    let left = deadline.timeIntervalSince(clock.now())
    if left <= 0 { throw .signInTimedOut(seconds: deadlineSeconds) }
    return min(timeout, left)
  }

  private func mapTransport(_ error: HTTPError) -> ClerkError {
    if error.kind == .timeout, let deadline, clock.now() >= deadline {
      return .signInTimedOut(seconds: deadlineSeconds)
    }
    return .transport(error)
  }

  /// Takes the rotated client token and the server's clock from any reply.
  private func absorb(_ response: HTTPResponse) {
    if let date = response.headers["Date"].flatMap(HTTPDate.parse) {
      clockSkew = date.timeIntervalSince(clock.now())
    }
    guard let header = response.headers["Authorization"] else { return }
    let value = header.trimmingWhitespace()
    let cleared = value.isEmpty || value.lowercased() == "bearer"
    let next: String? = cleared ? nil : value
    if next != clientToken {
      clientToken = next
      clientTokenChanged = true
    }
  }

  /// Turns a reply into its JSON body, or the error it stands for.
  package static func decode(_ response: HTTPResponse) throws(ClerkError) -> JSONValue {
    let json = try? JSONValue(parsing: response.body)
    if response.isSuccess {
      guard let json else {
        throw .malformedResponse(
          "HTTP \(response.status) with a body that is not JSON (\(summary(of: response)))")
      }
      return json
    }
    if let json, let apiError = ClerkAPIError(status: response.status, json: json) {
      if RetryPolicy.isRetryable(status: response.status) {
        throw .unavailable(status: response.status, summary: apiError.description)
      }
      throw .api(apiError)
    }
    if RetryPolicy.isRetryable(status: response.status) {
      throw .unavailable(status: response.status, summary: summary(of: response))
    }
    throw .malformedResponse(
      "HTTP \(response.status) without Clerk's error body (\(summary(of: response)))")
  }

  /// One line describing a body that is not Clerk's: an HTML page's title, else its first
  /// heading, else its size; other text by its first words. Never the raw markup. Only the
  /// first ``summaryScanBytes`` are looked at, by a linear scan (no backtracking pattern), so a
  /// large hostile page costs nothing.
  package static func summary(of response: HTTPResponse) -> String {
    let head = Array(response.body.prefix(summaryScanBytes))
    let markup = MarkupScan(head)
    if let title = markup.element("title") {
      let text = plainText(title)
      if !text.isEmpty { return "an HTML page titled '\(text.prefix(80))'" }
    }
    if markup.looksLikeHTML {
      if let heading = markup.heading() {
        let text = plainText(heading)
        if !text.isEmpty { return "an HTML page headed '\(text.prefix(80))'" }
      }
      return "an HTML page (\(response.body.count) bytes)"
    }
    let text = String(decoding: head, as: UTF8.self)
    let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline }).prefix(12)
      .joined(separator: " ")
    if words.isEmpty { return "an empty body" }
    let cleaned = String(words.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
    return "'\(cleaned.prefix(80))'"
  }

  /// How much of a non-JSON body ``summary(of:)`` reads (8 KiB).
  package static let summaryScanBytes = 8192

  /// Markup without its tags, whitespace collapsed, control characters dropped.
  private static func plainText(_ markup: String) -> String {
    var text = ""
    var inTag = false
    for character in markup {
      if character == "<" {
        inTag = true
      } else if character == ">" {
        inTag = false
      } else if !inTag {
        text.append(character)
      }
    }
    let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
      .joined(separator: " ")
    return String(
      words.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
  }
}
