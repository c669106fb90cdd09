import ClerkctlCommandLine
import FoundationEssentials

/// One command of the tree, flattened for the completion generators.
struct CompletionNode {
  /// The command names below the root (`["jwt", "decode"]`); empty for the root.
  var path: [String]
  /// The command's declaration.
  var spec: CommandSpec
  /// The visible options in effect for the command (its own and those above it).
  var options: [OptionSpec]

  /// The path as one string (`"jwt decode"`; `""` for the root).
  var key: String { path.joined(separator: " ") }

  /// A name usable in shell function names (`jwt_decode`; `root` for the root).
  var identifier: String {
    path.isEmpty ? "root" : path.joined(separator: "_").replacing("-", with: "_")
  }

  /// Every visible command in the tree under `root`, root first.
  static func all(from root: any CommandDeclaration.Type) -> [CompletionNode] {
    var nodes: [CompletionNode] = []
    func visit(_ path: [any CommandDeclaration.Type]) {
      let spec = path[path.count - 1].spec
      nodes.append(
        CompletionNode(
          path: path.dropFirst().map { $0.spec.name }, spec: spec,
          options: CommandLineParser.effectiveOptions(for: path).filter { !$0.isHidden }))
      for child in spec.subcommands where !child.spec.isHidden {
        visit(path + [child])
      }
    }
    visit([root])
    return nodes
  }

  /// The first sentence of a help text, for the short descriptions completion shows.
  static func summary(_ text: String) -> String {
    guard let end = text.firstRange(of: ". ") else {
      return text.hasSuffix(".") ? String(text.dropLast()) : text
    }
    return String(text[..<end.lowerBound])
  }
}
