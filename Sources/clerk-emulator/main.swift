import ClerkEmulator
import ClerkKit
import Foundation

/// `clerk-emulator [--host 127.0.0.1] [--port 0] [--config FILE] [--quiet]`.
private let usage = """
  OVERVIEW: A local Clerk (Frontend API, Backend API subset, JWKS) plus a Convex-style API.

  USAGE: clerk-emulator [--host <host>] [--port <port>] [--config <file>] [--quiet]
                        [--instance development|production] [--allow-redirect <url>]...
                        [--oauth-auto-approve <email>] [--clock-offset <seconds>]

  OPTIONS:
    --host <host>             Address to listen on (default: 127.0.0.1); one that is not
                              loopback prints a warning.
    --port <port>             Port to listen on; 0 picks a free one (default: 0).
    --config <file>           JSON users/templates replacing the seed data.
    --quiet                   Do not log requests to stderr.
    --instance <type>         development (default: any browser sign-in redirect URL) or
                              production (only allowlisted redirect URLs).
    --allow-redirect <url>    Add a redirect URL to the allowlist (repeatable; adds to the
                              config's redirect_allowlist).
    --oauth-auto-approve <email>
                              The fake provider page picks this user and submits itself.
    --clock-offset <seconds>  Run the emulator's clock this far ahead (negative: behind) of
                              the machine's, to test clients against a skewed server clock.
    -h, --help                Show this help.

  Prints one JSON line with fapi_url, api_url, convex_url, jwks_url, publishable_key and
  secret_key once it accepts connections; runs until SIGINT or SIGTERM.

  """

struct Options {
  var host = "127.0.0.1"
  var port = 0
  var config: String?
  var quiet = false
  var instance: EmulatorConfiguration.Instance?
  var allowRedirects: [String] = []
  var oauthAutoApprove: String?
  var clockOffset: Double = 0
}

/// A usage error: the message, a pointer to `--help`, exit 64.
private func usageFailure(_ message: String) -> Never {
  FileHandle.standardError.write(Data("Error: \(message)\nSee 'clerk-emulator --help'.\n".utf8))
  exit(64)
}

/// A runtime failure (bad config, port in use): one line on stderr, exit 1.
private func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
  exit(1)
}

private func parse(_ arguments: [String]) -> Options {
  var options = Options()
  var rest = arguments[...]
  while let argument = rest.popFirst() {
    var name = argument
    var inline: String?
    if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
      name = String(argument[..<equals])
      inline = String(argument[argument.index(after: equals)...])
    }
    func value() -> String {
      if let inline { return inline }
      guard let next = rest.popFirst() else { usageFailure("missing value for \(name)") }
      return next
    }
    switch name {
    case "-h", "--help":
      FileHandle.standardOutput.write(Data(usage.utf8))
      exit(0)
    case "--host": options.host = value()
    case "--port":
      let text = value()
      guard let port = Int(text), (0...65535).contains(port) else {
        usageFailure("--port must be a number from 0 to 65535, got '\(text)'")
      }
      options.port = port
    case "--config": options.config = value()
    case "--quiet": options.quiet = true
    case "--instance":
      let text = value()
      guard let instance = EmulatorConfiguration.Instance(rawValue: text) else {
        usageFailure("--instance must be 'development' or 'production', got '\(text)'")
      }
      options.instance = instance
    case "--allow-redirect": options.allowRedirects.append(value())
    case "--oauth-auto-approve": options.oauthAutoApprove = value()
    case "--clock-offset":
      let text = value()
      guard let offset = Double(text), offset.isFinite else {
        usageFailure("--clock-offset expects a number of seconds, got '\(text)'")
      }
      options.clockOffset = offset
    default: usageFailure("unknown option '\(argument)'")
    }
  }
  return options
}

ShutdownSignal.install()
let options = parse(Array(CommandLine.arguments.dropFirst()))
var configuration: EmulatorConfiguration
do throws(EmulatorConfigurationError) {
  if let path = options.config {
    configuration = try EmulatorConfiguration.load(path: path)
  } else {
    configuration = .seed
  }
} catch {
  fail(error.description)
}
if let instance = options.instance { configuration.instance = instance }
configuration.redirectAllowlist += options.allowRedirects
if let email = options.oauthAutoApprove { configuration.oauthAutoApprove = email }
let key: RSAPrivateKey
do { key = try RSAPrivateKey.generate(bits: 2048) } catch {
  fail("could not generate the signing key: \(error)")
}
let quiet = options.quiet
let offset = options.clockOffset
let clock =
  offset == 0
  ? Clock.system
  : Clock(now: { Date().addingTimeInterval(offset) }, sleep: Clock.system.sleep)
let emulator = Emulator(
  configuration: configuration, baseURL: "http://127.0.0.1", privateKey: key, clock: clock,
  log: { entry in
    guard !quiet else { return }
    FileHandle.standardError.write(Data((entry.line + "\n").utf8))
  })
if !LoopbackHost.isLoopback(options.host) {
  FileHandle.standardError.write(
    Data(
      ("clerk-emulator: warning: --host \(options.host) is not a loopback address: the seeded "
        + "users and their known passwords are reachable from the network\n").utf8))
}
let server = HTTPServer(
  configuration: HTTPServer.Configuration(host: options.host, port: options.port, clock: clock),
  handler: { emulator.handle($0) })
do { try server.start() } catch {
  fail("\(error)")
}
// The URLs name the loopback address for a loopback or wildcard host, else the host itself.
let advertisedHost: String
switch options.host {
case "0.0.0.0", "localhost": advertisedHost = "127.0.0.1"
case "::", "::1": advertisedHost = "[::1]"
case let host where host.contains(":"): advertisedHost = "[\(host)]"
case let host: advertisedHost = host
}
emulator.setBaseURL("http://\(advertisedHost):\(server.port)")
FileHandle.standardOutput.write(Data((emulator.startupLine.encoded + "\n").utf8))
ShutdownSignal.wait()
server.stop()
exit(0)
