import Glibc

/// An IPv4 or IPv6 socket address parsed from a host literal.
struct SocketAddress {
  private var storage = sockaddr_storage()
  private let length: socklen_t
  /// `AF_INET` or `AF_INET6`.
  let family: Int32

  /// Parses an IPv4 literal, an IPv6 literal (brackets optional) or `localhost` (127.0.0.1).
  init?(host: String, port: UInt16) {
    var literal = host == "localhost" ? "127.0.0.1" : host
    if literal.hasPrefix("["), literal.hasSuffix("]") {
      literal = String(literal.dropFirst().dropLast())
    }
    var v4 = sockaddr_in()
    var v6 = sockaddr_in6()
    if inet_pton(AF_INET, literal, &v4.sin_addr) == 1 {
      v4.sin_family = sa_family_t(AF_INET)
      v4.sin_port = port.bigEndian
      family = AF_INET
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
      withUnsafeMutableBytes(of: &storage) { target in
        withUnsafeBytes(of: v4) { target.copyMemory(from: $0) }
      }
    } else if inet_pton(AF_INET6, literal, &v6.sin6_addr) == 1 {
      v6.sin6_family = sa_family_t(AF_INET6)
      v6.sin6_port = port.bigEndian
      family = AF_INET6
      length = socklen_t(MemoryLayout<sockaddr_in6>.size)
      withUnsafeMutableBytes(of: &storage) { target in
        withUnsafeBytes(of: v6) { target.copyMemory(from: $0) }
      }
    } else {
      return nil
    }
  }

  /// Calls `body` with the address as a `sockaddr` pointer and its length.
  func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
    withUnsafePointer(to: storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
  }

  /// The port of an `AF_INET` or `AF_INET6` address.
  static func port(of address: sockaddr_storage) -> Int {
    let family = Int32(address.ss_family)
    return withUnsafeBytes(of: address) { raw in
      switch family {
      case AF_INET: Int(UInt16(bigEndian: raw.load(as: sockaddr_in.self).sin_port))
      case AF_INET6: Int(UInt16(bigEndian: raw.load(as: sockaddr_in6.self).sin6_port))
      default: 0
      }
    }
  }

  /// The numeric host text of an `AF_INET` or `AF_INET6` address, e.g. `127.0.0.1`.
  static func text(of address: sockaddr_storage) -> String {
    var address = address
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    let family = Int32(address.ss_family)
    let converted: Bool = withUnsafeMutableBytes(of: &address) { raw in
      guard let base = raw.baseAddress else { return false }
      switch family {
      case AF_INET:
        let offset = MemoryLayout<sockaddr_in>.offset(of: \.sin_addr) ?? 0
        return inet_ntop(family, base + offset, &buffer, socklen_t(buffer.count)) != nil
      case AF_INET6:
        let offset = MemoryLayout<sockaddr_in6>.offset(of: \.sin6_addr) ?? 0
        return inet_ntop(family, base + offset, &buffer, socklen_t(buffer.count)) != nil
      default:
        return false
      }
    }
    guard converted else { return "" }
    let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
