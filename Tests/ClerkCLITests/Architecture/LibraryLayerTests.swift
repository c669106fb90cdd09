import ClerkctlCommandLine
import Foundation
import Testing

@testable import ClerkCLI

/// The library layers (every `Sources/Clerkctl*` target but the command-line kit the two
/// executables share) state facts and the CLI words the remedies, so none of their files names
/// a clerkctl option (`--min-ttl`) or tells its reader to run a clerkctl command
/// (`clerkctl login`). A library user has neither.
@Suite("The library layers name no clerkctl command or option")
struct LibraryLayerTests {
  /// The package root: the first directory above this file with a Package.swift.
  private static func packageRoot() throws -> URL {
    var url = URL(fileURLWithPath: #filePath)
    while url.pathComponents.count > 1 {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    throw CocoaError(.fileNoSuchFile)
  }

  /// Every Swift file of the library layers, by path relative to the root, with its text.
  private static func libraryFiles() throws -> [(path: String, text: String)] {
    let sources = try packageRoot().appendingPathComponent("Sources")
    let layers = try FileManager.default.contentsOfDirectory(atPath: sources.path)
      .filter { $0.hasPrefix("Clerkctl") && $0 != "ClerkctlCommandLine" }.sorted()
    // The reader sees the client library among them.
    try #require(layers.contains("ClerkctlKit") && layers.count > 5, "layers: \(layers)")
    return try layers.flatMap { layer in
      let folder = sources.appendingPathComponent(layer)
      let paths = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
      return try (paths ?? []).filter { $0.hasSuffix(".swift") }.sorted().map {
        (
          "Sources/\(layer)/" + $0,
          try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8)
        )
      }
    }
  }

  /// Every option clerkctl declares (its commands' and the global ones), by long name.
  private static var optionNames: Set<String> {
    Set(CompletionNode.all(from: RootCommand.self).flatMap { $0.options.map(\.long) })
  }

  @Test("no clerkctl option name (--NAME) appears in a library layer")
  func noOptionNames() throws {
    let names = Self.optionNames
    // The reader sees the options a user types.
    try #require(names.isSuperset(of: ["min-ttl", "fapi-url", "profile", "template"]))
    var found: [String] = []
    for file in try Self.libraryFiles() {
      for name in names {
        let pattern = "--" + NSRegularExpression.escapedPattern(for: name) + "(?![A-Za-z0-9-])"
        if file.text.range(of: pattern, options: .regularExpression) != nil {
          found.append("\(file.path): --\(name)")
        }
      }
    }
    #expect(
      found.isEmpty,
      "a library layer names clerkctl options; state facts, word remedies in ErrorReporter: \(found)"
    )
  }

  @Test("no clerkctl command (clerkctl NAME) appears in a library layer")
  func noCommands() throws {
    let commands = RootCommand.spec.subcommands.map { $0.spec.name }
    try #require(commands.contains("login") && commands.contains("token"))
    var found: [String] = []
    for file in try Self.libraryFiles() {
      for command in commands where file.text.contains("clerkctl \(command)") {
        found.append("\(file.path): clerkctl \(command)")
      }
    }
    #expect(found.isEmpty, "a library layer tells its reader to run clerkctl: \(found)")
  }
}
