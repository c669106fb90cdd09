import ClerkCLI
import ClerkTestSupport
import Foundation
import Testing

@Suite("Completion scripts")
struct CompletionScriptTests {
  /// Every command below the root, and every option, from the declarations.
  private static func walk(
    _ command: any Command.Type, into names: inout [String], options: inout [OptionSpec]
  ) {
    options += command.spec.options
    for child in command.spec.subcommands {
      names.append(child.spec.name)
      walk(child, into: &names, options: &options)
    }
  }

  @Test("Each script names every command, option and choice", arguments: CompletionShell.allCases)
  func coverage(shell: CompletionShell) {
    let result = runCLI(["completion", shell.rawValue])
    #expect(result.code == 0)
    #expect(result.error.isEmpty)
    var names: [String] = []
    var options: [OptionSpec] = []
    Self.walk(RootCommand.self, into: &names, options: &options)
    for name in names { #expect(result.output.contains(name), "\(shell): missing command \(name)") }
    for option in options where !option.isHidden {
      let spelling = shell == .fish ? "-l \(option.long)" : "--\(option.long)"
      #expect(result.output.contains(spelling), "\(shell): missing \(spelling)")
    }
    for words in [
      "raw header json", "password email_code", "bash zsh fish", "query mutation action",
    ] {
      #expect(result.output.contains(words), "\(shell): missing choices \(words)")
    }
  }

  @Test("Each script passes its shell's syntax check", arguments: CompletionShell.allCases)
  func syntax(shell: CompletionShell) throws {
    guard
      let executable = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + shell.rawValue })
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
      return  // The shell is not installed here; nothing to check against.
    }
    let directory = TemporaryDirectory(prefix: "clerkctl-completion")
    let file = URL(fileURLWithPath: directory.file("clerkctl.\(shell.rawValue)"))
    try runCLI(["completion", shell.rawValue]).output.write(
      to: file, atomically: true, encoding: .utf8)
    let result = try ProcessRun.run(
      executable, ["-n", file.path], environment: ProcessInfo.processInfo.environment)
    #expect(result.status == 0, "\(shell) -n: \(result.stderr)")
  }

  @Test("bash completes subcommands, option values and arguments")
  func bashBehaviour() throws {
    guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return }
    let script = runCLI(["completion", "bash"]).output
    let probe = """
      \(script)
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _clerkctl; echo "${COMPREPLY[*]}"; }
      t clerkctl to
      t clerkctl --profile x jwt ''
      t clerkctl token --format ''
      t clerkctl jwt verify --le
      t clerkctl completion ''
      """
    let result = try ProcessRun.run(
      "/bin/bash", ["-c", probe], environment: ProcessInfo.processInfo.environment)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init)
    #expect(
      Array(lines.prefix(5)) == [
        "token", "decode verify", "raw header json", "--leeway", "bash zsh fish",
      ])
  }
}
