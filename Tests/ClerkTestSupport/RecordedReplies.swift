import ClerkctlCore
import Foundation

/// Replies recorded from live Clerk instances, kept by Clerk's own SDKs and docs
/// (`Resources/clerk-recorded`: every file's source, commit, licence and how real it is in
/// `manifest.json`, the MIT notices in `NOTICE.md`). The files are verbatim copies (their
/// sha256 is in the manifest); the recorders' placeholders are turned back into wire types
/// when a fixture is loaded, never in the files.
package enum RecordedReplies {
  /// The `clerk-recorded` directory in the test bundle.
  package static func directory() throws -> URL {
    guard let root = Bundle.module.url(forResource: "Resources", withExtension: nil) else {
      throw Missing(what: "the test bundle's Resources directory")
    }
    return root.appendingPathComponent("clerk-recorded")
  }

  /// Every fixture the manifest lists, in its order.
  package static func all() throws -> [RecordedFixture] {
    let directory = try directory()
    let manifest = try JSONValue(
      parsing: Array(try Data(contentsOf: directory.appendingPathComponent("manifest.json"))))
    guard let entries = manifest["fixtures"]?.arrayValue else {
      throw Missing(what: "the manifest's fixtures")
    }
    return try entries.map { try RecordedFixture(entry: $0, directory: directory) }
  }

  /// The fixture with `id` (e.g. `fapi-sign-in-password-one-request`).
  package static func fixture(_ id: String) throws -> RecordedFixture {
    guard let found = try all().first(where: { $0.id == id }) else {
      throw Missing(what: "the recorded fixture '\(id)'")
    }
    return found
  }

  /// The entries of Clerk's error catalogue (`format: catalogue-entry`).
  package static func catalogue() throws -> [RecordedCatalogueError] {
    try all().filter { $0.format == "catalogue-entry" }.map(RecordedCatalogueError.init)
  }

  /// Clerk's error codes with the HTTP statuses its server answers them with (515 codes).
  package static func codeStatuses() throws -> [String: [Int]] {
    let index = try fixture("error-catalogue-index").raw.objectValue ?? [:]
    return index.mapValues { ($0.arrayValue ?? []).compactMap { $0.intValue.map(Int.init) } }
  }

  /// A fixture or file that is not there.
  package struct Missing: Error, CustomStringConvertible {
    package var what: String
    package var description: String { "missing \(what)" }
  }
}
