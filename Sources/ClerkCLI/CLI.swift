import ClerkctlCommandLine
import ClerkctlCore
import Glibc

/// The entry point: parses the command line, runs the command and turns every outcome into an
/// exit code. It never exits the process.
package enum CLI {
  /// Hardens the real process before it reads any credential: not dumpable, so no core file or
  /// same-user ptrace holds the client token (cli.md "Files"). Called by `clerkctl`'s main, not
  /// by in-process tests.
  package static func protectProcess() {
    ProcessDumpability.disable()
    // A file size limit (ulimit -f) makes a write fail with EFBIG, reported, rather than kill
    // the process silently; children get the default back (ChildProcess).
    signal(SIGXFSZ, SIG_IGN)
    // libcurl would write every TLS session key to this file (0644): never on clerkctl's say.
    unsetenv("SSLKEYLOGFILE")
  }

  /// Runs clerkctl.
  ///
  /// - Parameters:
  ///   - arguments: the command line without the program name.
  ///   - context: the streams and environment; the global options are filled in here.
  /// - Returns: the exit code.
  package static func run(arguments: [String], context: CommandContext) -> Int32 {
    var commandPath: [String] = []
    var active = context
    do {
      switch try CommandLineParser(root: RootCommand.self).parse(arguments) {
      case .version:
        // `--version --json` is `version --json`.
        if arguments.contains("--json") {
          context.terminal.writeOutput(BuildDetails.json.prettyEncoded + "\n")
        } else {
          context.terminal.writeOutput(BuildDetails.text + "\n")
        }
        return ExitCode.success.rawValue
      case .help(let path):
        context.terminal.writeOutput(HelpFormatter.help(for: path, columns: context.columns))
        return ExitCode.success.rawValue
      case .run(let type, let parsed):
        commandPath = parsed.commandPath
        var context = context
        context.globals = GlobalOptions(parsed: parsed)
        context.commandPath = parsed.commandPath
        active = context
        // --json is a promise of JSON on stdout: a command that has none refuses it.
        if context.globals.json, ["exec", "completion", "help"].contains(parsed.commandPath.first) {
          throw UsageError(
            "'clerkctl \(parsed.commandPath.joined(separator: " "))' has no JSON output; drop --json"
          )
        }
        let command = try CommandLineParser.command(type).init(parsed: parsed)
        // Ctrl-C while any command blocks (a request, a lock, a prompt, a wait) is one
        // behaviour, ProcessGuard's: a newline, 'clerkctl: interrupted', the terminal put back,
        // exit 130. Waits that mean more by it start watches of their own, which win while
        // they last; exec's child gets the signal itself while it runs (ChildProcess).
        return try context.processGuard.guarding(
          ProcessGuard.Watch(interruption: CLIError.interrupted), terminal: context.terminal
        ) { try command.run(context) }
      }
    } catch {
      let refined = ErrorRefinement.refine(error, active)
      // --json (even one the parser did not get to): the failure as one object on stderr.
      if active.globals.json || arguments.prefix(while: { $0 != "--" }).contains("--json") {
        let object = JSONErrorReport.object(for: refined, commandPath: commandPath)
        context.terminal.writeError(object.prettyEncoded + "\n")
        return ErrorReporter.exitCode(for: refined).rawValue
      }
      return ErrorReporter.report(refined, commandPath: commandPath, to: context.terminal)
    }
  }
}
