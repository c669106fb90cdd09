import ClerkCLI
import Foundation
import Testing

/// The README documents the exit codes and the environment; these tests fail when the code and
/// the README disagree.
@Suite("README agrees with the code")
struct DocumentationAgreementTests {
  private static func readme() throws -> String {
    var url = URL(fileURLWithPath: #filePath)
    while url.pathComponents.count > 1 {
      url.deleteLastPathComponent()
      let candidate = url.appendingPathComponent("README.md")
      if FileManager.default.fileExists(atPath: candidate.path),
        FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path)
      {
        return try String(contentsOf: candidate, encoding: .utf8)
      }
    }
    throw CocoaError(.fileNoSuchFile)
  }

  /// The rows `| a | b |` of the README table whose header is `header`.
  private static func table(_ header: String, in text: String) -> [(String, String)] {
    guard let start = text.range(of: header) else { return [] }
    return text[start.upperBound...].split(separator: "\n").dropFirst().prefix {
      $0.hasPrefix("|")
    }.compactMap { line in
      let cells = line.split(separator: "|").map {
        $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "")
      }
      return cells.count >= 2 ? (cells[0], cells[1]) : nil
    }
  }

  @Test("the README's exit-code table is the code's, word for word")
  func exitCodes() throws {
    let rows = Self.table("| code | meaning |", in: try Self.readme())
    let documented = rows.map { "\($0.0): \($0.1)" }
    let actual = ExitCode.allCases.map { "\($0.rawValue): \($0.meaning)" }
    #expect(documented == actual)
  }

  @Test("the README's instance binding section says what `help environment` says")
  func instanceBinding() throws {
    let readme = try Self.readme()
    let flat = { (text: String) in
      text.replacingOccurrences(of: "`", with: "").split(whereSeparator: \.isWhitespace)
        .joined(separator: " ")
    }
    #expect(readme.contains("### Instance binding"))
    #expect(flat(readme).contains(flat(HelpTopic.instanceBinding)))
  }

  @Test("every variable `help environment` names is in the README's table, and no other")
  func environment() throws {
    let rows = Self.table("| variable | meaning |", in: try Self.readme())
    let documented = Set(rows.map(\.0))
    let help = HelpTopic.environment.text(columns: 200)
    let named = Set(
      help.split(separator: "\n").compactMap { line -> String? in
        let word = line.trimmingCharacters(in: .whitespaces).split(separator: " ").first
        guard let word, word.allSatisfy({ $0.isUppercase || $0 == "_" }), word.count > 1 else {
          return nil
        }
        return String(word)
      })
    #expect(!named.isEmpty)
    #expect(documented == named)
  }
}
