import ClerkctlCommandLine

/// `clerkctl config get|set|unset|list`: per-profile defaults.
package struct ConfigCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "config",
      abstract: "Get or set the profile's defaults (template, convex_url, min_ttl, store).",
      discussion: """
        Per-profile defaults kept in CONFIG_DIR/defaults.json (0600), for the profile in force \
        (--profile, -p). template is the JWT template token, exec and api mint from without \
        --template; convex_url the deployment convex calls without --url; min_ttl the default \
        --min-ttl; store where the secret lives (file or keyring). Precedence: flag > \
        environment (CLERKCTL_TEMPLATE, CONVEX_URL, CLERKCTL_STORE) > config > built-in \
        default.
        """,
      examples: [
        CommandExample(
          "Mint from the convex template by default", "clerkctl config set template convex"),
        CommandExample("Show the work profile's defaults", "clerkctl config list -p work"),
      ],
      subcommands: [
        ConfigGetCommand.self, ConfigSetCommand.self, ConfigUnsetCommand.self,
        ConfigListCommand.self,
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
