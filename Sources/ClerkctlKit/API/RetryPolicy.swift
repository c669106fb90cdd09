import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials
import Glibc

/// When and how long to wait before repeating a request that is safe to repeat.
///
/// Three attempts in all: on 429 after `Retry-After` (seconds or an HTTP date, capped), on 408,
/// 5xx and connection failures after an exponential backoff with jitter; never past the budget
/// of the whole command.
package struct RetryPolicy: Sendable {
  /// Retries after the first attempt.
  package var maxRetries: Int = 2
  /// The first backoff, doubled each retry.
  package var baseDelay: Double = 0.5
  /// The longest `Retry-After` honoured.
  package var maxRetryAfter: Double = 10
  /// Seconds the whole command may spend, retries included: no retry starts past it and no
  /// retried request may run past it.
  package var budget: Double = 30
  /// When the command started, the start of `budget`; `nil`: when the client was made.
  package var startedAt: Date?
  /// A number in [0, 1) for jitter.
  package var random: @Sendable () -> Double = { Double.random(in: 0..<1) }

  package init() {}

  /// No retries at all.
  package static let none: RetryPolicy = {
    var policy = RetryPolicy()
    policy.maxRetries = 0
    return policy
  }()

  /// Whether a status is worth another attempt.
  package static func isRetryable(status: Int) -> Bool {
    status == 408 || status == 429 || (500...599).contains(status)
  }

  /// Whether a transport failure is worth another attempt. `sentNothing` failures are those
  /// where the request certainly never reached the server.
  package static func isRetryable(_ error: HTTPError, requestIsIdempotent: Bool) -> Bool {
    switch error.kind {
    case .dns, .connect: return true
    case .timeout, .malformed, .transport: return requestIsIdempotent
    default: return false
    }
  }

  /// The wait before retry number `retry` (1-based), given the reply that failed, if any.
  package func delay(retry: Int, response: HTTPResponse?, now: Date) -> Double {
    if let response, response.status == 429 || response.status == 503,
      let header = response.headers["Retry-After"]?.trimmingWhitespace()
    {
      if let seconds = Double(header), seconds >= 0 {
        return min(seconds, maxRetryAfter)
      }
      if let date = HTTPDate.parse(header) {
        return min(max(0, date.timeIntervalSince(now)), maxRetryAfter)
      }
    }
    let exponential = baseDelay * pow(2, Double(retry - 1))
    return exponential * (0.5 + random())
  }
}
