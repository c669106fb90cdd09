extension HTTPRequestParser {
  /// The longest chunk-size line (size plus extensions) accepted.
  static let maxChunkLineBytes = 4096

  /// Decodes as much of a chunked body as `buffer` holds.
  func parseChunks(_ buffer: [UInt8], _ state: inout ChunkedState) -> Step {
    while true {
      switch state.phase {
      case .sizeLine:
        switch nextLine(buffer, from: state.position, limit: Self.maxChunkLineBytes) {
        case .needMore: return .needMore
        case .failure(let status, let reason): return .failure(status: status, reason: reason)
        case .line(let content, let next):
          guard let size = Self.chunkSize(buffer[content]) else {
            return .failure(status: 400, reason: "invalid chunk size line")
          }
          if let failure = countFraming(next - state.position, &state) { return failure }
          guard size <= maxBodyBytes - state.body.count else {
            return .failure(status: 413, reason: "request body too large")
          }
          state.position = next
          state.phase = size == 0 ? .trailers : .data(remaining: size)
        }
      case .data(let remaining):
        let available = min(remaining, buffer.count - state.position)
        guard available > 0 else { return .needMore }
        state.body.append(contentsOf: buffer[state.position..<(state.position + available)])
        state.position += available
        state.phase = available == remaining ? .dataEnd : .data(remaining: remaining - available)
      case .dataEnd:
        guard buffer.count - state.position >= 2 else {
          if buffer.count > state.position, buffer[state.position] != HTTPSyntax.cr {
            return .failure(status: 400, reason: "chunk data not followed by CRLF")
          }
          return .needMore
        }
        guard buffer[state.position] == HTTPSyntax.cr, buffer[state.position + 1] == HTTPSyntax.lf
        else { return .failure(status: 400, reason: "chunk data not followed by CRLF") }
        if let failure = countFraming(2, &state) { return failure }
        state.position += 2
        state.phase = .sizeLine
      case .trailers:
        switch nextLine(buffer, from: state.position, limit: maxHeaderBytes) {
        case .needMore: return .needMore
        case .failure(let status, let reason): return .failure(status: status, reason: reason)
        case .line(let content, let next):
          if let failure = countFraming(next - state.position, &state) { return failure }
          state.position = next
          if content.isEmpty { return .complete }
          let line = buffer[content]
          guard line.first != HTTPSyntax.space, line.first != HTTPSyntax.tab,
            HTTPSyntax.parseField(line) != nil
          else { return .failure(status: 400, reason: "malformed trailer field") }
        }
      }
    }
  }

  private enum LineResult {
    case needMore
    case failure(status: Int, reason: String)
    /// The line's bytes (without CRLF) and the index after its LF.
    case line(content: Range<Int>, next: Int)
  }

  /// Finds the CRLF-terminated line at `start`, at most `limit` bytes long.
  private func nextLine(_ buffer: [UInt8], from start: Int, limit: Int) -> LineResult {
    let searchEnd = min(buffer.count, start + limit + 2)
    var index = start
    while index < searchEnd {
      let byte = buffer[index]
      if byte == HTTPSyntax.lf {
        return .failure(status: 400, reason: "bare LF in chunked body")
      }
      if byte == HTTPSyntax.cr {
        guard index + 1 < buffer.count else { return .needMore }
        guard buffer[index + 1] == HTTPSyntax.lf else {
          return .failure(status: 400, reason: "bare CR in chunked body")
        }
        return .line(content: start..<index, next: index + 2)
      }
      index += 1
    }
    if searchEnd - start >= limit + 2 {
      return .failure(status: 400, reason: "chunk line too long")
    }
    return .needMore
  }

  /// Adds framing bytes, failing once they exceed what a legitimate body needs.
  private func countFraming(_ bytes: Int, _ state: inout ChunkedState) -> Step? {
    state.framingBytes += bytes
    if state.framingBytes > maxHeaderBytes + maxBodyBytes {
      return .failure(status: 413, reason: "chunked framing too large")
    }
    return nil
  }

  /// The size from `chunk-size [ chunk-ext ]`, or `nil` if the line is malformed.
  static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
    var index = line.startIndex
    var size = 0
    var significantDigits = 0
    while index < line.endIndex, let digit = hexValue(line[index]) {
      if significantDigits > 0 || digit > 0 { significantDigits += 1 }
      guard significantDigits <= 15 else { return nil }
      size = size * 16 + digit
      index += 1
    }
    guard index > line.startIndex else { return nil }
    while index < line.endIndex, line[index] == HTTPSyntax.space || line[index] == HTTPSyntax.tab {
      index += 1
    }
    guard index < line.endIndex else { return size }
    guard line[index] == UInt8(ascii: ";"),
      line[index...].allSatisfy(HTTPSyntax.isFieldValueByte)
    else { return nil }
    return size
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}
