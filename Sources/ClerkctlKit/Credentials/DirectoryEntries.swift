import Glibc

/// The names in a directory (`readdir`, without `.` and `..`).
package enum DirectoryEntries {
  /// The names in directory `path`; none when it cannot be read.
  package static func names(in path: String) -> [String] {
    guard let stream = opendir(path) else { return [] }
    defer { closedir(stream) }
    return names(of: stream)
  }

  /// The names left to read in an open directory stream (the caller closes it).
  package static func names(of stream: OpaquePointer) -> [String] {
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
