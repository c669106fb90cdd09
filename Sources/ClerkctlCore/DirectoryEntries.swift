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
      let name = name(of: entry)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The name of the entry `readdir` returned, read in place up to its NUL. The record is only
  /// as long as its name (`d_reclen`), not `sizeof(struct dirent)`: copying `d_name` (256 bytes)
  /// out of the last record of the stream's buffer reads past the buffer's end.
  package static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    let name = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
    return String(cString: name)
  }
}
