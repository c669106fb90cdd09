import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit

/// `clerkctl doctor`: the checklist for a token a backend rejects.
package struct DoctorCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "doctor",
      abstract: "Check the setup, one line per check with the fix.",
      discussion: """
        Checks that the instance is configured and reachable, the credential file is safe, the \
        session is live, the template mints, the token's iss, aud and sub are what Convex \
        checks, the category in its cat header (a template token, which Clerk's backend SDKs \
        refuse where they expect a session token, warns unless the audience is convex), the \
        organization claims the template promises (o, org_id, … from \
        {{org.*}}) are filled in for the active organization ('clerkctl org use'), the signature verifies through discovery, and the local clock is within 5 \
        seconds of Clerk's. The checklist is the command's output, so it goes to stdout \
        (--json: {schema_version, ok, checks: [{check, ok, skipped, detail, fix}]}). Exits 0 when all pass, else \
        with the code of the first failure: 3 configuration or credential file, 4 not signed \
        in, 5 unreachable, 7 template, 9 token invalid (iss, aud, sub, organization, signature, \
        clock). On a machine profile: the identity, the credential file, the machine secret \
        accepted and a JWT-format M2M token minted (one creation), its cat header and sub, \
        its signature through discovery, and the clock.
        """,
      examples: [
        CommandExample("Check a Convex setup", "clerkctl doctor"),
        CommandExample(
          "Check another template and audience", "clerkctl doctor --template api --audience api"),
        CommandExample(
          "Check a template that carries the organization", "clerkctl doctor --template convex-org"),
      ],
      options: [Options.template.spec, Options.audience.spec]
    )
  }

  /// The options of `doctor`.
  package enum Options {
    package static let template = OptionKey.string(
      "template", short: "t", value: "name", kind: .template, help: "The JWT template to check.",
      defaultValue: "convex")
    package static let audience = OptionKey.string(
      "audience", value: "aud", help: "The aud the backend expects.", defaultValue: "convex")
  }

  let template: String
  let audience: String

  package init(parsed: ParsedArguments) throws {
    template = parsed[Options.template]
    audience = parsed[Options.audience]
    try TemplateName.validate(template)
    guard !audience.isEmpty else { throw UsageError("'--audience' needs a value") }
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let doctor = Doctor(context: context, template: template, audience: audience)
    let checks = try context.profileKind() == .machine ? doctor.runMachine() : doctor.run()
    if context.globals.json {
      let failed = checks.contains {
        if case .failed = $0.outcome { return true }
        return false
      }
      let json: JSONValue = [
        "schema_version": 1, "ok": .bool(!failed), "checks": .array(checks.map(\.json)),
      ]
      context.print(json.prettyEncoded)
    } else {
      let colour = context.usesColour(.output)
      for check in checks { context.print(check.line(colour: colour)) }
    }
    for check in checks {
      if case .failed(let code) = check.outcome { return code.rawValue }
    }
    return ExitCode.success.rawValue
  }
}
