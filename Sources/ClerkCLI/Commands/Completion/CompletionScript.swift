import ClerkctlCommandLine

/// Generates shell completion scripts from the command declarations.
package enum CompletionScript {
  /// The completion script for `shell`, covering every command under `root`.
  package static func script(
    for shell: CompletionShell, root: any CommandDeclaration.Type
  ) -> String {
    let nodes = CompletionNode.all(from: root)
    switch shell {
    case .bash: return bash(nodes)
    case .zsh: return zsh(nodes)
    case .fish: return fish(nodes)
    }
  }

  /// Words `help` completes: the root's subcommands and the help topics.
  static func helpWords(_ nodes: [CompletionNode]) -> [String] {
    let root = nodes.first { $0.path.isEmpty }
    let commands = root?.spec.subcommands.filter { !$0.spec.isHidden }.map { $0.spec.name } ?? []
    return commands + HelpTopic.allCases.map(\.rawValue)
  }

  /// Completion words for an argument: its choices, or the help words for `help`'s topic.
  static func argumentWords(
    _ node: CompletionNode, _ argument: ArgumentSpec, _ nodes: [CompletionNode]
  )
    -> [String]?
  {
    if node.path == ["help"] { return helpWords(nodes) }
    if case .choice(let choices) = argument.valueKind { return choices }
    return nil
  }
}

extension ValueKind {
  /// The `clerkctl __complete` word that lists this kind's values at completion time.
  var dynamicWords: String? {
    switch self {
    case .profile: "profiles"
    case .template: "templates"
    case .organization: "organizations"
    case .provider: "providers"
    default: nil
    }
  }
}
