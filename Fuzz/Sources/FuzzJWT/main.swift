import FuzzDriver
import Glibc
@testable import ClerkctlCore
@testable import ClerkctlKit

/// JWT decoding: the compact form, base64url and the claims of a minted token.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  let text = String(decoding: bytes, as: UTF8.self)
  if let jwt = try? JWT(text) {
    _ = jwt.algorithm
    _ = jwt.keyID
  }
  _ = try? ClerkAccount.claims(of: text)
  _ = Base64URL.decode(text).map(Base64URL.encode)
  return 0
}

exit(fuzz_driver_main(CommandLine.argc, CommandLine.unsafeArgv))
