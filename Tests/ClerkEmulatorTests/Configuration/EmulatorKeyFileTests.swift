import ClerkTestSupport
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlJOSE
import Foundation
import Testing

@testable import ClerkEmulator

/// `--key-file` / `key_file`: read when there, created once when not, refused (before the ready
/// line) when unusable.
@Suite("The emulator's key file")
struct EmulatorKeyFileTests {
  private let directory = TemporaryDirectory()

  private func readError(_ file: EmulatorKeyFile) -> EmulatorKeyFileError? {
    do {
      _ = try file.read()
      return nil
    } catch {
      return error
    }
  }

  /// A valid instance id.
  private static let instanceID = "ins_" + String(repeating: "Xy", count: 13) + "9"

  @Test("no file: nothing to read; stored once with its instance id; read back the same")
  func storeThenRead() throws {
    let file = EmulatorKeyFile(path: directory.file("key.pem"))
    guard case .none = try file.read() else {
      Issue.record("a missing file read as a key")
      return
    }
    let key = try RFC7515Key.privateKey()
    let stored = try file.store(key, instanceID: Self.instanceID)
    #expect(stored.key === key)
    #expect(stored.instanceID == Self.instanceID)
    #expect(TemporaryDirectory.mode(of: file.path) == 0o600)
    guard case .key(let read, let instanceID) = try file.read() else {
      Issue.record("the stored key did not read back")
      return
    }
    #expect(JWK(publicKey: read.publicKey, kid: "") == JWK(publicKey: key.publicKey, kid: ""))
    #expect(instanceID == Self.instanceID)
  }

  @Test("a file another emulator wrote first wins: store returns its key and leaves it as it is")
  func firstWriterWins() throws {
    let file = EmulatorKeyFile(path: directory.file("key.pem"))
    let first = try RFC7515Key.privateKey()
    _ = try file.store(first, instanceID: Self.instanceID)
    let before = try Data(contentsOf: URL(fileURLWithPath: file.path))
    let second = try RSAPrivateKey.generate(bits: 2048)
    let kept = try file.store(second, instanceID: "ins_" + String(repeating: "z", count: 27))
    #expect(try kept.key.publicKey.pemRepresentation() == first.publicKey.pemRepresentation())
    #expect(kept.instanceID == Self.instanceID)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == before)
    #expect(directory.entries(of: directory.path) == ["key.pem"], "a temporary file was left")
  }

  @Test("a key file naming no instance (made with openssl) gets one derived from its key")
  func derivedInstanceID() throws {
    let key = try RFC7515Key.privateKey()
    let id = EmulatorKeyFile.derivedInstanceID(for: key)
    #expect(id.hasPrefix("ins_"))
    #expect(id.count == 31)
    #expect(id.dropFirst(4).allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) })
    #expect(id == EmulatorKeyFile.derivedInstanceID(for: try RFC7515Key.privateKey()))
    #expect(id != EmulatorKeyFile.derivedInstanceID(for: try RSAPrivateKey.generate(bits: 2048)))

    let pem = try key.pemRepresentation()
    for (text, expected) in [
      (pem, id),
      ("clerk-emulator instance ins_short\n" + pem, id),
      ("clerk-emulator instance \(Self.instanceID)\n" + pem, Self.instanceID),
      // Only the text before the key counts.
      (pem + "clerk-emulator instance \(Self.instanceID)\n", id),
    ] {
      let file = EmulatorKeyFile(path: directory.file("openssl.pem"))
      try Data(text.utf8).write(to: URL(fileURLWithPath: file.path))
      guard case .key(_, let instanceID) = try file.read() else {
        Issue.record("the key was not read")
        return
      }
      #expect(instanceID == expected, "\(text.prefix(40))")
    }
  }

  @Test("refused: text that is no key, a directory, a FIFO (not waited on), a missing directory")
  func refusals() throws {
    let garbage = EmulatorKeyFile(path: directory.file("garbage.pem"))
    try Data("not a key\n".utf8).write(to: URL(fileURLWithPath: garbage.path))
    guard case .invalidKey(let path, _) = readError(garbage) else {
      Issue.record("garbage was not refused: \(String(describing: readError(garbage)))")
      return
    }
    #expect(path == garbage.path)
    #expect(readError(garbage)?.description.contains("remove it") == true)

    let folder = EmulatorKeyFile(path: directory.path)
    #expect(readError(folder) == .notRegularFile(directory.path))

    let fifo = directory.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(readError(EmulatorKeyFile(path: fifo)) == .notRegularFile(fifo))

    let nowhere = EmulatorKeyFile(path: directory.file("missing/key.pem"))
    guard case .unwritable(let missing, let reason) = readError(nowhere) else {
      Issue.record("a missing directory was not refused")
      return
    }
    #expect(missing == nowhere.path)
    #expect(reason.contains("No such file or directory"))
    for error in [readError(garbage), readError(folder), readError(nowhere)] {
      #expect(error?.description.contains("\n") == false)
    }
  }

  @Test("the config's key_file, relative to the config file's directory; a bad one is refused")
  func configKeyFile() throws {
    let config = directory.file("emulator.json")
    try Data(#"{"key_file": "keys/signing.pem"}"#.utf8).write(to: URL(fileURLWithPath: config))
    #expect(
      try EmulatorConfiguration.load(path: config).keyFile == directory.file("keys/signing.pem"))
    try Data(#"{"key_file": "/etc/emulator.pem"}"#.utf8).write(to: URL(fileURLWithPath: config))
    #expect(try EmulatorConfiguration.load(path: config).keyFile == "/etc/emulator.pem")
    #expect(try EmulatorConfiguration(json: Array("{}".utf8)).keyFile == nil)
    #expect(throws: EmulatorConfigurationError.invalid("key_file must be a non-empty path")) {
      try EmulatorConfiguration(json: Array(#"{"key_file": 3}"#.utf8))
    }
  }

  @Test("--key-file and --version on the command line")
  func commandLine() throws {
    var expected = EmulatorCommandLine.Options()
    expected.keyFile = "/tmp/k.pem"
    #expect(try EmulatorCommandLine.parse(["--key-file", "/tmp/k.pem"]) == .run(expected))
    #expect(try EmulatorCommandLine.parse(["--key-file=/tmp/k.pem"]) == .run(expected))
    #expect(throws: EmulatorUsageError("'--key-file' expects a path")) {
      try EmulatorCommandLine.parse(["--key-file="])
    }
    #expect(try EmulatorCommandLine.parse(["--version"]) == .version)
    #expect(EmulatorCommandLine.versionLine == "clerk-emulator \(ClerkVersion.current)")
    #expect(EmulatorCommandLine.usage.contains("--key-file <file>"))
    #expect(EmulatorCommandLine.usage.contains("--version"))
  }
}
