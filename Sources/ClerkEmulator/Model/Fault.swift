import Foundation

/// A queued fault: the next `remaining` requests matching `pathPattern` (and `method`, when set)
/// are delayed, answered with `status`/`body`, or dropped.
///
/// `pathPattern` is a glob when it contains `*` (`*` matches any run of characters, `/`
/// included); otherwise it is a prefix of the request path.
struct Fault: Sendable {
  var pathPattern: String
  var method: String?
  var remaining: Int
  var status: Int?
  var retryAfter: String?
  var delayMilliseconds: Int
  var body: String?
  var drop: Bool

  /// Whether this fault applies to a request.
  func matches(method requestMethod: String, path: String) -> Bool {
    if let method, method.uppercased() != requestMethod.uppercased() { return false }
    if pathPattern.contains("*") { return Self.glob(Array(pathPattern), Array(path)) }
    return path.hasPrefix(pathPattern)
  }

  private static func glob(_ pattern: [Character], _ text: [Character]) -> Bool {
    var patternIndex = 0
    var textIndex = 0
    var starIndex = -1
    var matchIndex = 0
    while textIndex < text.count {
      if patternIndex < pattern.count, pattern[patternIndex] != "*",
        pattern[patternIndex] == text[textIndex]
      {
        patternIndex += 1
        textIndex += 1
      } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
        starIndex = patternIndex
        matchIndex = textIndex
        patternIndex += 1
      } else if starIndex >= 0 {
        patternIndex = starIndex + 1
        matchIndex += 1
        textIndex = matchIndex
      } else {
        return false
      }
    }
    while patternIndex < pattern.count, pattern[patternIndex] == "*" { patternIndex += 1 }
    return patternIndex == pattern.count
  }
}
