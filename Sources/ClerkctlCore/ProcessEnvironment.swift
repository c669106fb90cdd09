import Glibc

/// The process's environment variables, read straight from `environ`.
///
/// Used instead of FoundationEssentials' `ProcessInfo.processInfo.environment`: `ProcessInfo`
/// links and initialises a large part of FoundationEssentials, which cost every clerkctl start
/// (a cached token) about 3 MB of memory and a third more instructions.
package enum ProcessEnvironment {
  /// Every `NAME=value` entry; for a name given twice, the first wins (as `getenv` finds it).
  package static func current() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let text = entry.pointee {
      let bytes = UnsafeRawBufferPointer(start: text, count: strlen(text))
      if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
        let name = String(decoding: bytes[..<equals], as: UTF8.self)
        if variables[name] == nil {
          variables[name] = String(decoding: bytes[(equals + 1)...], as: UTF8.self)
        }
      }
      entry += 1
    }
    return variables
  }
}
