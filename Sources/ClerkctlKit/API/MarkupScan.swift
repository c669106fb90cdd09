/// Finds HTML elements in a few KiB of bytes by a forward scan, ASCII case-insensitively: what
/// ``FrontendAPIClient/summary(of:)`` needs, with no pattern that could backtrack.
struct MarkupScan {
  let bytes: [UInt8]
  /// `bytes` with ASCII letters lower-cased (same indices).
  let lowered: [UInt8]

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    lowered = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
  }

  /// Where `needle` (lower-case ASCII) first occurs at or after `start`.
  func find(_ needle: String, from start: Int) -> Int? {
    let pattern = Array(needle.utf8)
    guard !pattern.isEmpty, lowered.count >= pattern.count else { return nil }
    var index = start
    while index <= lowered.count - pattern.count {
      if lowered[index] == pattern[0], lowered[index..<index + pattern.count].elementsEqual(pattern)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The text between `<name …>` and the next `</name`, if both are there.
  func element(_ name: String) -> String? {
    var from = 0
    while let open = find("<" + name, from: from) {
      let after = open + 1 + name.utf8.count
      from = open + 1
      guard after < lowered.count, isTagEnd(lowered[after]) else { continue }
      guard let close = find(">", from: after) else { return nil }
      guard let end = find("</" + name, from: close + 1) else { return nil }
      return String(decoding: bytes[(close + 1)..<end], as: UTF8.self)
    }
    return nil
  }

  /// The text of the first `<h1>`…`<h6>` element.
  func heading() -> String? {
    var from = 0
    while let open = find("<h", from: from) {
      from = open + 1
      let level = open + 2
      guard level + 1 < lowered.count, (49...54).contains(lowered[level]),
        isTagEnd(lowered[level + 1])
      else { continue }
      guard let close = find(">", from: level + 1) else { return nil }
      guard let end = find("</h", from: close + 1) else { return nil }
      return String(decoding: bytes[(close + 1)..<end], as: UTF8.self)
    }
    return nil
  }

  /// Whether a `<!doctype html`, `<html`, `<head`, `<body`, `<h1`…`<h6`, `<p` or `<div` tag
  /// opens somewhere.
  var looksLikeHTML: Bool {
    var index = 0
    while let open = find("<", from: index) {
      index = open + 1
      for name in ["html", "head", "body", "p", "div", "h1", "h2", "h3", "h4", "h5", "h6"] {
        let end = open + 1 + name.utf8.count
        if end < lowered.count, lowered[(open + 1)..<end].elementsEqual(name.utf8),
          isSpaceOrClose(lowered[end])
        {
          return true
        }
      }
      let doctype = Array("!doctype".utf8)
      var cursor = open + 1 + doctype.count
      guard cursor < lowered.count, lowered[(open + 1)..<cursor].elementsEqual(doctype),
        isSpace(lowered[cursor])
      else { continue }
      while cursor < lowered.count, isSpace(lowered[cursor]) { cursor += 1 }
      if cursor + 4 <= lowered.count, lowered[cursor..<cursor + 4].elementsEqual("html".utf8) {
        return true
      }
    }
    return false
  }

  private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || (0x09...0x0D).contains(byte)
  }

  private func isSpaceOrClose(_ byte: UInt8) -> Bool { isSpace(byte) || byte == 0x3E }

  /// What may follow a tag name: `>`, `/` or whitespace (attributes follow).
  private func isTagEnd(_ byte: UInt8) -> Bool { isSpaceOrClose(byte) || byte == 0x2F }
}
