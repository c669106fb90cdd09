/// Comparisons whose running time does not depend on where two secrets differ.
package enum ConstantTime {
  /// Whether `a` and `b` are equal. Only the lengths may leak through timing.
  package static func equals(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// Whether the UTF-8 bytes of `a` and `b` are equal, in constant time.
  package static func equals(_ a: String, _ b: String) -> Bool {
    equals(Array(a.utf8), Array(b.utf8))
  }
}
