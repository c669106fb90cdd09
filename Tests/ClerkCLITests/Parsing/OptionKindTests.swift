import ClerkCLI
import ClerkctlCommandLine
import Testing

/// Each kind of ``OptionKey``, on a small command of its own: the parser checks, the key reads
/// back the typed value with its default, and the spec help shows is the one the key reads.
@Suite("Option key kinds")
struct OptionKindTests {
  enum Shape: String, CaseIterable, Sendable {
    case round, square
    case roundedSquare = "rounded_square"
  }

  /// A command that declares one option of each kind.
  struct Sample: Command {
    enum Options {
      static let quiet = OptionKey.flag("quiet", short: "q", help: "Say less.")
      static let name = OptionKey.string(
        "name", aliases: ["called"], value: "name", help: "A name.", shownDefault: "anonymous")
      static let colour = OptionKey.string(
        "colour", value: "colour", help: "A colour.", defaultValue: "blue")
      static let tag = OptionKey.repeatable("tag", short: "t", value: "tag", help: "A tag.")
      static let shape: OptionKey<Shape?> = .choice(
        "shape", value: "shape", help: "A shape.", shownDefault: .round)
      static let fill = OptionKey.choice(
        "fill", value: "shape", help: "A fill.", defaultValue: Shape.square)
    }

    static var spec: CommandSpec {
      CommandSpec(
        name: "sample", abstract: "A sample.",
        options: [
          Options.quiet.spec, Options.name.spec, Options.colour.spec, Options.tag.spec,
          Options.shape.spec, Options.fill.spec,
        ])
    }

    init(parsed: ParsedArguments) throws {}
    func run(_ context: CommandContext) throws -> Int32 { 0 }
  }

  func parsed(_ arguments: [String]) throws -> ParsedArguments {
    guard case .run(_, let parsed) = try CommandLineParser(root: Sample.self).parse(arguments)
    else { throw UsageError("expected a run for \(arguments)") }
    return parsed
  }

  @Test("not given: false, nil, the default, no values")
  func defaults() throws {
    let parsed = try parsed([])
    #expect(parsed[Sample.Options.quiet] == false)
    #expect(parsed[Sample.Options.name] == nil)
    #expect(parsed[Sample.Options.colour] == "blue")
    #expect(parsed[Sample.Options.tag] == [])
    #expect(parsed[Sample.Options.shape] == nil)
    #expect(parsed[Sample.Options.fill] == .square)
  }

  @Test("given: the typed values, the last one for a single value, every one for a repeatable")
  func given() throws {
    let parsed = try parsed([
      "-q", "--called", "a", "--name=b", "--colour", "red", "-t", "x", "--tag", "y",
      "--shape", "rounded_square", "--fill", "round",
    ])
    #expect(parsed[Sample.Options.quiet])
    #expect(parsed[Sample.Options.name] == "b")
    #expect(parsed[Sample.Options.colour] == "red")
    #expect(parsed[Sample.Options.tag] == ["x", "y"])
    #expect(parsed[Sample.Options.shape] == .roundedSquare)
    #expect(parsed[Sample.Options.fill] == .round)
  }

  @Test("the parser refuses a word that is not a choice, listing them in declaration order")
  func choiceChecked() {
    #expect(
      throws: UsageError("'--shape' must be one of round, square, rounded_square", commandPath: [])
    ) {
      try parsed(["--shape", "oval"])
    }
    #expect(
      throws: UsageError(
        "'--fill' must be one of round, square, rounded_square; did you mean 'round'?",
        commandPath: [])
    ) {
      try parsed(["--fill=Round"])
    }
  }

  @Test("the spec says what help and completion show")
  func specs() {
    #expect(Sample.Options.quiet.spec == .flag("quiet", short: "q", help: "Say less."))
    #expect(Sample.Options.name.spec.defaultValue == "anonymous")
    #expect(Sample.Options.name.spec.aliases == ["called"])
    #expect(Sample.Options.colour.spec.defaultValue == "blue")
    #expect(Sample.Options.tag.spec.isRepeatable)
    #expect(Sample.Options.shape.spec.valueKind == .choice(["round", "square", "rounded_square"]))
    #expect(Sample.Options.shape.spec.defaultValue == "round")
    #expect(Sample.Options.fill.spec.defaultValue == "square")
  }

  @Test("reading a key the command does not declare traps instead of reading nil")
  func undeclaredKeyTraps() async {
    await #expect(processExitsWith: .failure) {
      let parsed = try CommandLineParser(root: Sample.self).parse(["-q"])
      guard case .run(_, let values) = parsed else { return }
      _ = values[OptionKey.minTTL]
    }
  }
}
