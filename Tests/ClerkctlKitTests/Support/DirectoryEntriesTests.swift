import ClerkTestSupport
import ClerkctlCore
import Glibc
import Testing

@Suite("Directory entries")
struct DirectoryEntriesTests {
  /// A listing longer than one `getdents` buffer (32 KiB) ends a buffer with a record shorter
  /// than `struct dirent`: a name copied out of the whole struct reads past the buffer there,
  /// which `make sanitize` (AddressSanitizer) reports as a heap-buffer-overflow.
  @Test("lists a directory of 2000 entries by name, without . and ..")
  func manyEntries() throws {
    let directory = TemporaryDirectory(prefix: "clerkctl-entries")
    let expected = (0..<2000).map { "f\($0)" }
    for name in expected {
      let descriptor = open(directory.file(name), O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
      try #require(descriptor >= 0)
      close(descriptor)
    }
    #expect(DirectoryEntries.names(in: directory.path).sorted() == expected.sorted())
  }

  @Test("a directory that cannot be read has no entries")
  func missing() {
    let directory = TemporaryDirectory(prefix: "clerkctl-entries")
    #expect(DirectoryEntries.names(in: directory.file("absent")).isEmpty)
  }
}
