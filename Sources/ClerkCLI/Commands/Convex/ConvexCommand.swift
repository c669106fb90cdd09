import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import ClerkctlKit

/// `clerkctl convex`: calls a Convex function over Convex's HTTP API.
package struct ConvexCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "convex",
      abstract: "Call a Convex query, mutation or action with a Clerk token.",
      discussion: """
        Sends POST URL/api/KIND with the convex template token and prints the function's \
        value as JSON. A function error prints its message to stderr and exits 1; so does a \
        request Convex refuses (with what to check when the token is the cause). An expired \
        token is replaced by a fresh one once.

        ARGS_JSON - reads the arguments from stdin (as npx convex run does). The deployment \
        URL is --url, else CONVEX_URL, else the profile's convex_url (clerkctl config set \
        convex_url URL), else CONVEX_URL in ./.env.local (where npx convex dev writes it).
        """,
      examples: [
        CommandExample(
          "Run a query",
          "clerkctl convex query messages:list '{\"channel\":\"general\"}' "
            + "--url https://NAME.convex.cloud"),
        CommandExample(
          "Arguments from stdin",
          "echo '{\"body\":\"hi\"}' | clerkctl convex mutation messages:send -"),
      ],
      options: [
        Options.url.spec, Options.template.spec,
      ] + TokenCommand.MachineOptions.specs,
      arguments: [
        ArgumentSpec(
          "kind", help: "query, mutation or action.",
          valueKind: .choice(["query", "mutation", "action"])),
        ArgumentSpec("function", help: "The function path, e.g. messages:list."),
        ArgumentSpec(
          "args-json", help: "The arguments as a JSON object; - reads them from stdin.",
          isOptional: true),
      ])
  }

  /// The options of `convex`.
  package enum Options {
    package static let url = OptionKey.string(
      "url", value: "url", kind: .url,
      help: "The Convex deployment URL (else the profile's convex_url, then ./.env.local).",
      environmentVariable: "CONVEX_URL")
    package static let template = OptionKey.string(
      "template", short: "t", value: "name", kind: .template, help: "Mint from this JWT template.",
      defaultValue: "convex")
  }

  package var kind: String
  package var function: String
  package var arguments: JSONValue
  /// `-` as ARGS_JSON: the arguments are read from stdin when the command runs.
  package var argumentsFromStdin = false
  package var url: String?
  package var template: String
  package var machineOptions: TokenCommand.MachineTokenOptions

  package init(parsed: ParsedArguments) throws {
    kind = parsed.positional(0) ?? "query"
    function = parsed.positional(1) ?? ""
    guard !function.isEmpty else { throw UsageError("'<function>' must not be empty") }
    if parsed.positional(2) == "-" {
      argumentsFromStdin = true
      arguments = [:]
    } else if let text = parsed.positional(2) {
      guard let value = try? JSONValue(parsing: text), value.objectValue != nil else {
        throw UsageError(
          "'<args-json>' must be a JSON object such as '{\"channel\":\"general\"}', got '\(text)'")
      }
      arguments = value
    } else {
      arguments = [:]
    }
    url = parsed[Options.url]
    template = parsed[Options.template]
    try TemplateName.validate(template)
    machineOptions = try TokenCommand.MachineTokenOptions(parsed: parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    guard
      let base = try url ?? context.nonEmpty("CONVEX_URL") ?? ConvexDefaults.fallbackURL(context)
    else {
      throw UsageError(
        "no Convex deployment URL; pass --url URL, set CONVEX_URL (https://NAME.convex.cloud) "
          + "or 'clerkctl config set convex_url URL', or run in a directory whose .env.local has it"
      )
    }
    let deployment = try ConvexDeployment(context: context, url: base, fromFlag: url != nil)
    var arguments = self.arguments
    if argumentsFromStdin { arguments = try ConvexDefaults.argumentsFromStdin(context) }
    var endpoint = base
    while endpoint.hasSuffix("/") { endpoint.removeLast() }
    endpoint += "/api/" + kind
    let body: JSONValue = ["path": .string(function), "args": arguments, "format": "json"]
    let timeout = try context.requestTimeout()
    var request = HTTPRequest(
      method: "POST", url: endpoint, headers: ["Content-Type": "application/json"],
      body: body.encodedBytes, timeout: timeout)
    request.connectTimeout = min(request.connectTimeout, timeout)
    var exchange = try bearerExchange(context)
    // A fresh token after a 401 only where the profile's tokens were accepted before.
    exchange.retriesWithFreshToken = deployment.isRemembered
    let outcome = try exchange.send(request) { response in
      response.status == 401 && Self.json(response)?["code"]?.stringValue == "Unauthenticated"
    }
    let response = outcome.response
    guard let reply = Self.json(response) else {
      throw ConvexError.unexpectedResponse(status: response.status, url: endpoint)
    }
    if [200, 560].contains(response.status) { deployment.remember() }
    switch (response.status, reply["status"]?.stringValue) {
    case (200, "success"):
      context.print((reply["value"] ?? .null).prettyEncoded)
      return ExitCode.success.rawValue
    case (200, "error"), (560, "error"):
      throw ConvexError.functionFailed(
        message: reply["errorMessage"]?.stringValue ?? "the function \(function) failed")
    default:
      guard let code = reply["code"]?.stringValue else {
        throw ConvexError.unexpectedResponse(status: response.status, url: endpoint)
      }
      throw ConvexError.refused(
        code: code, message: reply["message"]?.stringValue ?? "", jwt: outcome.jwt,
        template: context.profileKind() == .machine ? nil : template)
    }
  }

  private static func json(_ response: HTTPResponse) -> JSONValue? {
    guard let value = try? JSONValue(parsing: response.body), value.objectValue != nil else {
      return nil
    }
    return value
  }
}
