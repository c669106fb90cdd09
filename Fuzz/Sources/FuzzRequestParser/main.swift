import FuzzDriver
import Glibc
@testable import ClerkctlHTTPServer

/// The emulator's request parser: the first byte sets how the rest is dribbled in; every
/// request found is consumed and parsing continues, as the server does with pipelined input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let step = max(1, Int(bytes.first ?? 0) % 64)
  var parser = HTTPRequestParser(maxHeaderBytes: 1024, maxBodyBytes: 4096)
  var buffer: [UInt8] = []
  var offset = 1
  while offset < bytes.count || !buffer.isEmpty {
    if offset < bytes.count {
      let end = min(bytes.count, offset + step)
      buffer += bytes[offset..<end]
      offset = end
    }
    switch parser.parse(buffer) {
    case .needMore:
      if offset >= bytes.count { return 0 }
    case .request(_, let consumed):
      precondition(consumed > 0 && consumed <= buffer.count, "consumed \(consumed)")
      buffer.removeFirst(consumed)
    case .failure(let status, _):
      precondition((400..<600).contains(status), "status \(status)")
      return 0
    }
  }
  return 0
}

exit(fuzz_driver_main(CommandLine.argc, CommandLine.unsafeArgv))
