/// `clerkctl jwt decode`: prints a JWT's header and payload without verifying it.
package struct JWTDecodeCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "decode",
      abstract: "Print a JWT's header and payload as JSON, without verifying it.",
      examples: [CommandExample("Decode a fresh token", "clerkctl token | clerkctl jwt decode")],
      arguments: [
        ArgumentSpec("token", help: "The JWT; - or nothing reads it from stdin.", isOptional: true)
      ])
  }

  package init(parsed: ParsedArguments) throws {}

  package func run(_ context: CommandContext) throws -> Int32 {
    throw CLIError.notImplemented("clerkctl jwt decode")
  }
}
