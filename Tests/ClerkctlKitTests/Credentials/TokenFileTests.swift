import ClerkTestSupport
import ClerkctlKit
import Foundation
import Glibc
import Testing

@Suite("TokenFile and PrivateDirectory")
struct TokenFileTests {
  private func mode(_ path: String) -> mode_t? {
    var info = stat()
    return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : nil
  }

  // Under umask 000: UmaskEndToEndTests (the umask is process-wide; tests never change it).
  @Test("a token file is 0600, replaced whole, and leaves no temp file")
  func write() throws {
    let directory = TemporaryDirectory(prefix: "token-file")
    let file = TokenFile(path: directory.file("token"))
    try file.write("first")
    #expect(mode(file.path) == 0o600)
    try file.write("second")
    #expect(try String(contentsOfFile: file.path, encoding: .utf8) == "second")
    #expect(mode(file.path) == 0o600)
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["token"])
    #expect(file.remove())
    #expect(!file.remove())
  }

  @Test("a FIFO or a directory is refused before anything is written")
  func notRegular() throws {
    let directory = TemporaryDirectory(prefix: "token-file")
    let fifo = directory.file("fifo")
    try #require(mkfifo(fifo, 0o600) == 0)
    #expect(throws: CredentialStoreError.self) { try TokenFile(path: fifo).write("x") }
    #expect(throws: CredentialStoreError.self) { try TokenFile(path: directory.path).write("x") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["fifo"])
  }

  @Test("a file in a missing directory is an error naming the path")
  func missingDirectory() throws {
    let directory = TemporaryDirectory(prefix: "token-file")
    let path = directory.file("absent/token")
    #expect {
      try TokenFile(path: path).write("x")
    } throws: { error in
      String(describing: error).contains(path)
    }
  }

  @Test("a private directory is 0700, new each time, and removed with its files")
  func privateDirectory() throws {
    let base = TemporaryDirectory(prefix: "private-dir")
    let first = try PrivateDirectory(in: base.path, prefix: "clerkctl-")
    let second = try PrivateDirectory(in: base.path, prefix: "clerkctl-")
    #expect(first.path != second.path)
    #expect(first.path.hasPrefix(base.path + "/clerkctl-"))
    #expect(mode(first.path) == 0o700)
    try TokenFile(path: first.file("token")).write("jwt")
    #expect(first.remove(files: ["token"]))
    #expect(mode(first.path) == nil)
    #expect(second.remove(files: []))
    #expect(throws: CredentialStoreError.self) {
      try PrivateDirectory(in: base.file("absent"), prefix: "x-")
    }
  }

  @Test("private directories go under XDG_RUNTIME_DIR, else TMPDIR, else /tmp")
  func base() {
    let runtime = TemporaryDirectory(prefix: "runtime")
    let tmp = TemporaryDirectory(prefix: "tmpdir")
    #expect(
      PrivateDirectory.base(environment: ["XDG_RUNTIME_DIR": runtime.path, "TMPDIR": tmp.path])
        == runtime.path)
    #expect(
      PrivateDirectory.base(environment: ["XDG_RUNTIME_DIR": "/no/such/dir", "TMPDIR": tmp.path])
        == tmp.path)
    #expect(PrivateDirectory.base(environment: ["XDG_RUNTIME_DIR": "relative"]) == "/tmp")
    #expect(PrivateDirectory.base(environment: [:]) == "/tmp")
  }
}
