import Foundation

extension FileHandle {
  /// Reads until a newline has arrived or the stream ends; returns everything read (which may
  /// run past the first line), e.g. a child process's ready line.
  public func readThroughFirstLine() -> Data {
    var data = Data()
    while !data.contains(UInt8(ascii: "\n")) {
      let chunk = availableData
      if chunk.isEmpty { break }
      data.append(chunk)
    }
    return data
  }
}
