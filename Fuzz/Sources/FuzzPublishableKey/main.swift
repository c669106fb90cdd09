import FuzzDriver
import Glibc
@testable import ClerkctlWire

/// Publishable-key parsing (`pk_test_`/`pk_live_` + base64 of the Frontend API host).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  _ = try? PublishableKey(text)
  _ = try? PublishableKey("pk_test_" + text)
  return 0
}

exit(fuzz_driver_main(CommandLine.argc, CommandLine.unsafeArgv))
