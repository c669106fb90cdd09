import ClerkctlCommandLine

/// The profile in force and where it came from (`clerkctl profile current`).
package struct ProfileSelection: Sendable, Equatable {
  /// Where a profile name came from, strongest first.
  package enum Source: String, Sendable {
    case flag = "--profile"
    case environment = "CLERKCTL_PROFILE"
    case profileUse = "clerkctl profile use"
    case builtIn = "default"
  }

  /// The profile name.
  package var name: String
  /// Where it came from.
  package var source: Source

  package init(name: String, source: Source) {
    self.name = name
    self.source = source
  }
}

extension ProfileSelection.Source {
  /// The name `--json` outputs use: `flag`, `environment`, `profile_use`, `default`.
  package var jsonName: String {
    switch self {
    case .flag: "flag"
    case .environment: "environment"
    case .profileUse: "profile_use"
    case .builtIn: "default"
    }
  }

  /// Where the name came from, in words.
  package var words: String {
    switch self {
    case .flag: "from --profile"
    case .environment: "from CLERKCTL_PROFILE"
    case .profileUse: "from 'clerkctl profile use'"
    case .builtIn: "the built-in default"
    }
  }
}
