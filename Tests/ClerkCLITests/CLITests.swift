import ClerkCLI
import ClerkctlCore
import Testing

@Suite("CLI.run")
struct CLITests {
  @Test(
    "--version prints 'clerkctl VERSION' on stdout",
    arguments: [["--version"], ["token", "--version"]])
  func version(arguments: [String]) {
    let result = runCLI(arguments)
    #expect(result.code == 0)
    #expect(result.output == "clerkctl \(ClerkVersion.current)\n")
    #expect(ClerkVersion.current == "0.1.0")
    #expect(result.error.isEmpty)
  }

  @Test("Usage errors exit 2 with empty stdout and a hint on stderr")
  func usageError() {
    let result = runCLI(["token", "--templat", "convex"])
    #expect(result.code == 2)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "clerkctl: unknown option '--templat' for 'clerkctl token'; did you mean "
        + "'--template'? (see 'clerkctl token --help')\n")
    let unknown = runCLI(["tokn"])
    #expect(unknown.code == 2)
    #expect(unknown.output.isEmpty)
    #expect(unknown.error.hasSuffix("(see 'clerkctl --help')\n"))
  }

  @Test("A command with nowhere to keep credentials exits 3 with one line on stderr")
  func noConfigDirectory() {
    let result = runCLI(["token", "--template", "convex"])
    #expect(result.code == 3)
    #expect(result.output.isEmpty)
    #expect(
      result.error
        == "clerkctl: cannot find a config directory: HOME is not set; pass --config-dir DIR "
        + "or set CLERKCTL_CONFIG_DIR\n")
  }

  @Test("Help goes to stdout with exit 0")
  func helpExitsZero() {
    for arguments in [["--help"], ["help"], [], ["jwt"], ["help", "jwt", "decode"]] {
      let result = runCLI(arguments)
      #expect(result.code == 0)
      #expect(result.output.hasPrefix("OVERVIEW: "))
      #expect(result.error.isEmpty)
    }
  }

  @Test("Cross-option checks in init(parsed:) are usage errors")
  func validation() {
    let result = runCLI(["api", "-d", "x", "--data-file", "f", "https://x.test"])
    #expect(result.code == 2)
    #expect(
      result.error
        == "clerkctl: '--data' and '--data-file' cannot be used together (see 'clerkctl api --help')\n"
    )
  }
}
