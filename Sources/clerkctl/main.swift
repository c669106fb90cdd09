import ClerkCLI
import Glibc

CLI.protectProcess()
exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .live))
