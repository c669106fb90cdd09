import Glibc

/// Decides whether a URL host names this machine's loopback interface.
///
/// Loopback hosts are the only ones plain `http` may be used with. Accepted: `localhost` (any
/// case), IPv4 `127.0.0.0/8` in dotted-quad form, IPv6 `::1` (bracketed or not, any spelling) and
/// its IPv4-mapped forms `::ffff:127.x.y.z`. Everything else, including `*.localhost`, short IPv4
/// forms like `127.1` and names that merely resolve to loopback, is not loopback.
package enum LoopbackHost {
  /// Whether `host` is a loopback host.
  ///
  /// - Parameter host: a URL host: a name, a dotted IPv4 address, or an IPv6 address with or
  ///   without brackets (a zone id is not allowed).
  /// - Returns: `true` only for the forms listed on `LoopbackHost`.
  package static func isLoopback(_ host: String) -> Bool {
    if host.lowercased() == "localhost" { return true }
    var address = host
    if address.hasPrefix("[") && address.hasSuffix("]") {
      address = String(address.dropFirst().dropLast())
    }
    var v4 = in_addr()
    if !address.contains(":"), inet_pton(AF_INET, address, &v4) == 1 {
      return isLoopbackIPv4(networkOrder: v4.s_addr)
    }
    var v6 = in6_addr()
    guard address.contains(":"), inet_pton(AF_INET6, address, &v6) == 1 else { return false }
    let bytes = withUnsafeBytes(of: &v6) { Array($0) }
    if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
    let mappedPrefix: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff]
    return Array(bytes[0..<12]) == mappedPrefix && bytes[12] == 127
  }

  private static func isLoopbackIPv4(networkOrder address: in_addr_t) -> Bool {
    UInt32(bigEndian: address) >> 24 == 127
  }
}
