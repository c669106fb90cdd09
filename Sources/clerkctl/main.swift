import ClerkCLI

CLI.protectProcess()
ProcessExit.finish(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .live))
