import ClerkCLI
import Glibc

exit(CLI.run(arguments: Array(CommandLine.arguments.dropFirst()), context: .live))
