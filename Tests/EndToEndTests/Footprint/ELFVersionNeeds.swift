import Foundation

/// The symbol versions an ELF file needs, per library, as `readelf -V` prints them (its
/// `.gnu.version_r` section), and the newest each may be for the release binaries to start on
/// glibc 2.34 (RHEL 9) and libstdc++ 3.4.29 (GCC 11: Ubuntu 22.04, RHEL 9).
struct ELFVersionNeeds: Equatable {
  /// Library file name (`libc.so.6`) → the version names needed from it (`GLIBC_2.34`).
  var needs: [String: Set<String>] = [:]

  /// The newest version allowed per version-name prefix: glibc 2.34, and GCC 11's libstdc++
  /// (GLIBCXX_3.4.29, CXXABI_1.3.13).
  static let floor: [(prefix: String, newest: [Int])] = [
    ("GLIBC_", [2, 34]), ("GLIBCXX_", [3, 4, 29]), ("CXXABI_", [1, 3, 13]),
  ]

  /// Parses `readelf -V` output: after `Version needs section`, each `File: LIB` line starts
  /// a library, each `Name: VERSION` line names a version needed from it.
  init(readelf output: String) {
    var inNeeds = false
    var file: String?
    for line in output.split(separator: "\n") {
      if line.hasPrefix("Version needs section") {
        inNeeds = true
        continue
      }
      if !line.hasPrefix(" ") { inNeeds = false }
      guard inNeeds else { continue }
      if let value = Self.field("File:", in: line) {
        file = value
      } else if let value = Self.field("Name:", in: line), let file {
        needs[file, default: []].insert(value)
      }
    }
  }

  /// Every needed version newer than ``floor``, and `GLIBC_ABI_DT_RELR` (packed relative
  /// relocations, glibc 2.36), as `LIB: VERSION`, sorted.
  var tooNew: [String] {
    var found: [String] = []
    for (file, versions) in needs {
      for version in versions where Self.isTooNew(version) {
        found.append("\(file): \(version)")
      }
    }
    return found.sorted()
  }

  static func isTooNew(_ version: String) -> Bool {
    if version == "GLIBC_ABI_DT_RELR" { return true }
    for (prefix, newest) in floor where version.hasPrefix(prefix) {
      let parts = version.dropFirst(prefix.count).split(separator: ".")
      let numbers = parts.compactMap { Int($0) }
      // GLIBC_PRIVATE and the like are not releases.
      guard !numbers.isEmpty, numbers.count == parts.count else { return false }
      return newest.lexicographicallyPrecedes(numbers)
    }
    return false
  }

  /// The word after `label` in `line`, if it has one.
  private static func field(_ label: String, in line: Substring) -> String? {
    guard let range = line.range(of: label) else { return nil }
    return line[range.upperBound...].split(separator: " ").first.map(String.init)
  }
}
