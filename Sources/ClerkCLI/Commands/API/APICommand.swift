import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlHTTP
import FoundationEssentials

/// `clerkctl api`: one authenticated HTTP request.
package struct APICommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "api",
      abstract: "Send an HTTP request with Authorization: Bearer JWT.",
      discussion: """
        On 401 it mints a fresh token and retries once. The response body goes to stdout, \
        whatever the status (like curl). Exits 0 for 2xx and 1 for any other status, naming \
        it on stderr; redirects are not followed (exit 1, naming the target). The method is \
        GET, or POST when a body is given; a body gets Content-Type: application/json unless \
        a -H gives one. As with curl, -d @FILE reads the body from FILE and -d @- from stdin, \
        dropping carriage returns and newlines; --data-file sends the bytes as they are. The \
        Authorization header is clerkctl's: -H Authorization is refused. Responses are read \
        up to 1 MiB.
        """,
      examples: [
        CommandExample(
          "POST JSON", "clerkctl api -X POST -d '{\"a\":1}' https://example.com/api/things"),
        CommandExample(
          "Send a file's contents with a Convex token",
          "clerkctl api --template convex --data-file body.json https://example.com/hook"),
      ],
      options: [
        Options.method.spec, Options.header.spec, Options.data.spec, Options.dataFile.spec,
        Options.template.spec, Options.include.spec, Options.noRefresh.spec,
        Options.baseURL.spec,
      ] + TokenCommand.MachineOptions.specs,
      arguments: [
        ArgumentSpec(
          "url",
          help: "The URL to request; a path (/api/query) is taken against --base-url, else the "
            + "profile's convex_url.",
          valueKind: .url)
      ])
  }

  /// Where the body comes from.
  package enum Body: Sendable, Equatable {
    case none
    case text(String)
    /// The bytes of a file; with `curl` (from `-d @FILE`) without CR and LF, as curl sends.
    case file(String, curl: Bool)
    /// The bytes of stdin; with `curl` (from `-d @-`) without CR and LF.
    case standardInput(curl: Bool)
  }

  /// The options of `api`.
  package enum Options {
    package static let method = OptionKey.string(
      "method", short: "X", value: "method", help: "The HTTP method.", shownDefault: "GET")
    package static let header = OptionKey.repeatable(
      "header", short: "H", value: "header", help: "A request header, 'Name: value'.")
    package static let data = OptionKey.string(
      "data", short: "d", value: "data",
      help: "The request body; @FILE reads it from FILE, @- from stdin (as curl).")
    package static let dataFile = OptionKey.string(
      "data-file", value: "file", kind: .path,
      help: "Read the request body from a file; - for stdin.")
    package static let template = OptionKey.string(
      "template", short: "t", value: "name", kind: .template, help: "Mint from this JWT template.")
    package static let include = OptionKey.flag(
      "include", short: "i", help: "Print the status line and headers too.")
    package static let noRefresh = OptionKey.flag(
      "no-refresh", help: "Do not mint a fresh token and retry on 401.")
    package static let baseURL = OptionKey.string(
      "base-url", value: "url", kind: .url,
      help: "The base a relative URL (a path) is taken against, as gh api /user is.")
  }

  package var url: String
  /// `--base-url`: what a relative URL is taken against.
  package var baseURL: String?
  package var method: String?
  package var headers: HTTPHeaders
  package var body: Body
  package var template: String?
  package var include: Bool
  package var refresh: Bool
  package var machineOptions: TokenCommand.MachineTokenOptions

  package init(parsed: ParsedArguments) throws {
    if parsed[Options.data] != nil && parsed[Options.dataFile] != nil {
      throw UsageError("'--data' and '--data-file' cannot be used together")
    }
    url = parsed.positional(0) ?? ""
    method = try parsed[Options.method].map(Self.method)
    headers = HTTPHeaders()
    for header in parsed[Options.header] {
      let (name, value) = try Self.header(header)
      headers.add(name: name, value: value)
    }
    if let data = parsed[Options.data] {
      if data == "@-" {
        body = .standardInput(curl: true)
      } else if data.hasPrefix("@") {
        let path = String(data.dropFirst())
        guard !path.isEmpty else { throw UsageError("'-d @' needs a file name, or - for stdin") }
        body = .file(path, curl: true)
      } else {
        body = .text(data)
      }
    } else if let file = parsed[Options.dataFile] {
      body = file == "-" ? .standardInput(curl: false) : .file(file, curl: false)
    } else {
      body = .none
    }
    template = parsed[Options.template]
    if let template { try TemplateName.validate(template) }
    include = parsed[Options.include]
    refresh = !parsed[Options.noRefresh]
    baseURL = parsed[Options.baseURL]
    machineOptions = try TokenCommand.MachineTokenOptions(parsed: parsed)
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    if url.hasPrefix("/") {
      guard var base = try baseURL ?? ProfileConfig.value(.convexURL, context) else {
        throw UsageError(
          "'\(url)' is a path: pass --base-url URL or 'clerkctl config set convex_url URL'")
      }
      while base.hasSuffix("/") { base.removeLast() }
      var resolved = self
      resolved.url = base + url
      return try resolved.run(context)
    }
    if template == nil, let configured = try context.defaultTemplate() {
      var resolved = self
      resolved.template = configured
      return try resolved.runResolved(context)
    }
    return try runResolved(context)
  }

  private func runResolved(_ context: CommandContext) throws -> Int32 {
    let bytes = try bodyBytes(context)
    var request = HTTPRequest(
      method: method ?? (body == .none ? "GET" : "POST"), url: url, headers: headers,
      body: bytes)
    if body != .none && !headers.contains("Content-Type") {
      request.headers.add(name: "Content-Type", value: "application/json")
    }
    let timeout = try context.requestTimeout()
    request.timeout = timeout
    request.connectTimeout = min(request.connectTimeout, timeout)
    let exchange = try bearerExchange(context)
    let response = try exchange.send(request).response
    // Into a pipe or a file the reply is data, byte for byte; on a terminal it is server text,
    // shown but never obeyed (escape sequences, bidirectional overrides).
    let onTerminal = context.terminal.isTerminal(.output)
    func shown(_ text: String) -> String { onTerminal ? TerminalText.sanitized(text) : text }
    if include {
      var head =
        "HTTP/1.1 \(response.status) \(HTTPResponse.reasonPhrase(for: response.status))\r\n"
      for (name, value) in response.headers { head += "\(shown(name)): \(shown(value))\r\n" }
      context.terminal.writeOutput(head + "\r\n")
    }
    if onTerminal {
      context.terminal.writeOutput(
        TerminalText.sanitizedDocument(String(decoding: response.body, as: UTF8.self)))
    } else {
      context.terminal.writeOutputBytes(response.body)
    }
    guard response.isSuccess else { throw ResponseError.status(response.status, url: url) }
    return ExitCode.success.rawValue
  }

  private func bodyBytes(_ context: CommandContext) throws -> [UInt8] {
    switch body {
    case .none:
      return []
    case .text(let text):
      return Array(text.utf8)
    case .standardInput(let curl):
      return Self.curlBody(context.terminal.readAll(), curl: curl)
    case .file(let path, let curl):
      // A pipe (`-d @<(cmd)`, `@/dev/stdin`) is read too, but never past the cap.
      let data: [UInt8]
      do {
        data = try LocalFile.read(path, limit: Self.maxBodyFileBytes, regularOnly: false)
      } catch {
        throw UsageError(
          "cannot read '\(curl ? "-d @" : "--data-file ")\(path)': \(error.reason)")
      }
      return Self.curlBody(data, curl: curl)
    }
  }

  /// The largest request body read from a file (16 MiB).
  static let maxBodyFileBytes = 16 << 20

  /// What curl's `-d @FILE` sends: the bytes without carriage returns and newlines.
  static func curlBody(_ bytes: [UInt8], curl: Bool) -> [UInt8] {
    curl ? bytes.filter { $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\n") } : bytes
  }

  /// A method: an HTTP token, upper-cased (`-X post` sends POST).
  static func method(_ text: String) throws -> String {
    guard !text.isEmpty, text.unicodeScalars.allSatisfy(isTokenCharacter) else {
      throw UsageError("'-X' must be an HTTP method such as GET or POST, got '\(text)'")
    }
    return text.uppercased()
  }

  /// `Name: value` split into name and trimmed value; refuses Authorization (clerkctl sets it).
  static func header(_ text: String) throws -> (String, String) {
    guard let colon = text.firstIndex(of: ":") else {
      throw UsageError("'-H' takes 'Name: value', got '\(text)'")
    }
    let name = String(text[..<colon])
    let value = trimmingBlanks(text[text.index(after: colon)...])
    guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
      throw UsageError("'-H' has an invalid header name '\(name)'")
    }
    guard !value.contains(where: { $0 == "\r" || $0 == "\n" }) else {
      throw UsageError("'-H \(name)' has a line break in its value")
    }
    guard name.lowercased() != "authorization" else {
      throw UsageError(
        "'-H Authorization' would be replaced by the token clerkctl sends; leave it out "
          + "(use --template to choose the token)")
    }
    return (name, value)
  }

  /// `text` without leading and trailing spaces and tabs; line breaks stay (and are refused).
  private static func trimmingBlanks(_ text: Substring) -> String {
    let isBlank = { (character: Character) in character.isWhitespace && !character.isNewline }
    guard let first = text.firstIndex(where: { !isBlank($0) }),
      let last = text.lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(text[first...last])
  }

  private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
      || "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
  }
}
