import ClerkCLI

ProcessExit.finish(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .live))
