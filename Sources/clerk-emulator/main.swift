import ClerkEmulator
import ClerkctlCore
import ClerkctlCrypto
import ClerkctlCurl
import ClerkctlHTTPServer
import Foundation

// `clerk-emulator`: parse the command line (EmulatorCommandLine), start the HTTP server, print
// the one JSON line, run until SIGINT or SIGTERM.

/// A runtime failure (bad config, port in use): one line on stderr, exit 1.
private func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("clerk-emulator: \(message)\n".utf8))
  exit(1)
}

ShutdownSignal.install()
let options: EmulatorCommandLine.Options
do throws(EmulatorUsageError) {
  switch try EmulatorCommandLine.parse(Array(CommandLine.arguments.dropFirst())) {
  case .help:
    FileHandle.standardOutput.write(Data(EmulatorCommandLine.usage.utf8))
    exit(0)
  case .version:
    FileHandle.standardOutput.write(Data((EmulatorCommandLine.versionLine + "\n").utf8))
    exit(0)
  case .manPage:
    FileHandle.standardOutput.write(Data(EmulatorManPage.roff.utf8))
    exit(0)
  case .run(let parsed): options = parsed
  }
} catch {
  FileHandle.standardError.write(Data((error.description + "\n").utf8))
  exit(EmulatorUsageError.exitCode)
}
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
// The key is read from the key file, or generated in the background once the ready line is
// out: not on the start path.
let signingKey: EmulatorSigningKey
let generateKey: (_ instanceID: String) -> JoinableThread?
do throws(EmulatorKeyFileError) {
  (signingKey, generateKey) = try EmulatorSigningKey.starting(
    keyFile: (options.keyFile ?? configuration.keyFile).map(EmulatorKeyFile.init(path:)),
    warning: { FileHandle.standardError.write(Data("clerk-emulator: warning: \($0)\n".utf8)) },
    failure: { fail($0) })
} catch {
  FileHandle.standardError.write(Data("clerk-emulator: \(error.description)\n".utf8))
  exit(EmulatorKeyFileError.exitCode)
}
let quiet = options.quiet
let offset = options.clockOffset
let clock =
  offset == 0
  ? Clock.system
  : Clock(
    now: { Date().addingTimeInterval(offset) }, sleep: Clock.system.sleep,
    suspend: Clock.system.suspend)
var webhooks: WebhookSettings?
if let url = options.webhookURL {
  var secret = options.webhookSecret
  if secret == nil,
    let fromEnvironment = ProcessInfo.processInfo.environment[
      "CLERK_WEBHOOK_SIGNING_SECRET"], !fromEnvironment.isEmpty
  {
    do throws(EmulatorUsageError) {
      secret = try EmulatorCommandLine.checkedWebhookSecret(
        fromEnvironment, source: "CLERK_WEBHOOK_SIGNING_SECRET")
    } catch {
      FileHandle.standardError.write(Data((error.description + "\n").utf8))
      exit(EmulatorUsageError.exitCode)
    }
  }
  webhooks = WebhookSettings(
    url: url, secret: secret ?? WebhookSettings.generateSecret(),
    http: .curl(CurlConfiguration(userAgent: "Svix-Webhooks/1.0 (clerk-emulator)")))
}
let emulator = Emulator(
  configuration: configuration, baseURL: "http://127.0.0.1", signingKey: signingKey, clock: clock,
  log: { entry in
    guard !quiet else { return }
    FileHandle.standardError.write(Data((entry.line + "\n").utf8))
  },
  webhooks: webhooks,
  webhookLog: { line in FileHandle.standardError.write(Data((line + "\n").utf8)) })
if let warning = EmulatorCommandLine.hostWarning(for: options.host) {
  FileHandle.standardError.write(Data((warning + "\n").utf8))
}
let server = HTTPServer(
  configuration: HTTPServer.Configuration(
    host: options.host, port: options.port, clock: emulator.clock),
  handler: { emulator.handle($0) })
do { try server.start() } catch {
  fail("\(error)")
}
emulator.setBaseURL(
  "http://\(EmulatorCommandLine.advertisedHost(for: options.host)):\(server.port)")
FileHandle.standardOutput.write(Data((emulator.startupLine.encoded + "\n").utf8))
let keyGeneration = generateKey(emulator.instanceID)
ShutdownSignal.wait()
// Delayed faults end first, so the server's stop never waits for one to run out.
emulator.stopDelays()
let stuckWorkers = server.stop()
keyGeneration?.join()
if stuckWorkers > 0 {
  // A handler that never returned: say so, and leave without the exit-time clean-up that
  // could run beside it.
  FileHandle.standardError.write(
    Data("clerk-emulator: warning: \(stuckWorkers) request(s) still running at stop\n".utf8))
  _exit(0)
}
exit(0)
