import ClerkctlCore

/// Buffers a byte source so lines and the rest of the input can be read in turn without losing
/// bytes (the password is stdin's first line, the code its second).
final class LineReader: @unchecked Sendable {
  private let lock = Lock(())
  private var buffer: [UInt8] = []
  private var ended = false
  private let fill: () -> [UInt8]

  /// - Parameter fill: returns the next chunk of input; an empty array means end of input.
  init(fill: @escaping () -> [UInt8]) {
    self.fill = fill
  }

  /// The next line without `\n` (and without a `\r` before it); `nil` at end of input.
  func readLine() -> String? {
    lock.withLock { _ in nextLine() }
  }

  /// Everything left in the input.
  func readAll() -> [UInt8] {
    lock.withLock { _ in
      while !ended { readChunk() }
      defer { buffer.removeAll() }
      return buffer
    }
  }

  /// At most `limit` bytes of what is left in the input; reads no further than that (an
  /// unbounded input never fills memory).
  func readAll(limit: Int) -> [UInt8] {
    lock.withLock { _ in
      while !ended && buffer.count < limit { readChunk() }
      let taken = Array(buffer.prefix(limit))
      buffer.removeFirst(taken.count)
      return taken
    }
  }

  private func nextLine() -> String? {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        var line = Array(buffer[..<newline])
        buffer.removeSubrange(...newline)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
      }
      if ended {
        guard !buffer.isEmpty else { return nil }
        defer { buffer.removeAll() }
        return String(decoding: buffer, as: UTF8.self)
      }
      readChunk()
    }
  }

  private func readChunk() {
    let chunk = fill()
    if chunk.isEmpty { ended = true } else { buffer += chunk }
  }
}
