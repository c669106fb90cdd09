import ClerkctlCommandLine
import ClerkctlCore

/// `clerkctl jwt`: the group of JWT tools.
package struct JWTCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "jwt",
      abstract: "Decode or verify a JWT.",
      subcommands: [JWTDecodeCommand.self, JWTVerifyCommand.self])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    ExitCode.success.rawValue
  }
}
