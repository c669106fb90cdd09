import ClerkctlCore

/// A response from a user's backend (`clerkctl api`, `clerkctl convex`) that is not a success.
/// Each exits 1: the request was delivered; what came back is the answer.
package enum ResponseError: Error, Equatable, CustomStringConvertible {
  /// A status other than 2xx.
  case status(Int, url: String)
  /// A 3xx; redirects are not followed. The message names the target.
  case redirect(String)
  /// The body exceeded the cap.
  case tooLarge(url: String, limit: Int)

  package var description: String {
    switch self {
    case .status(let status, let url):
      "HTTP \(status) from \(Redaction.endpoint(url))"
    case .redirect(let message):
      message
    case .tooLarge(let url, let limit):
      "the response from \(Redaction.endpoint(url)) is larger than \(limit / 1024) KiB, the most "
        + "clerkctl reads; for large downloads use curl with "
        + "-H \"Authorization: Bearer $(clerkctl token)\""
    }
  }
}
