import FuzzDriver
import Glibc
@testable import ClerkctlCore
@testable import ClerkctlKit

/// The credential file reader: any bytes are a credential or a `CredentialStoreError`, and a
/// credential read survives being written and read again unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let path = "/fuzz/profiles/default.json"
  guard let credential = try? ProfileCredential(parsing: bytes, path: path) else { return 0 }
  let written = Array((credential.jsonValue.prettyEncoded + "\n").utf8)
  guard let again = try? ProfileCredential(parsing: written, path: path), again == credential
  else { fatalError("a credential did not survive a write and a read") }
  return 0
}

exit(fuzz_driver_main(CommandLine.argc, CommandLine.unsafeArgv))
