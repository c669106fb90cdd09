import ClerkctlCore
import ClerkctlHTTPServer
import ClerkctlKit

/// What `clerkctl exec --refresh` keeps for its child while it runs: a token file in a private
/// directory and a loopback endpoint, both fed by one `TokenKeeper` renewing on a thread of
/// its own. `finish()` removes both.
package final class TokenSupply: Sendable {
  /// The token file's name inside the private directory.
  static let fileName = "token"

  private let directory: PrivateDirectory
  private let file: TokenFile
  private let keeper: TokenKeeper
  private let endpoint: TokenEndpoint
  private let server: HTTPServer

  /// Creates the directory and file, gets the first token, starts the endpoint and the
  /// renewing thread.
  ///
  /// - Parameters:
  ///   - account: the profile's account.
  ///   - template: the JWT template; `nil` for the session token.
  ///   - renewal: how long a handed-out token must have left.
  ///   - directoryBase: where the private directory goes.
  ///   - report: writes one line to stderr.
  /// - Throws: what minting throws, or why the directory, file or endpoint could not be made
  ///   (nothing is left behind then).
  package convenience init(
    account: ClerkAccount, template: String?, renewal: TokenRenewal,
    directoryBase: String, report: @escaping @Sendable (String) -> Void
  ) throws {
    try self.init(
      source: .user(account, template: template), template: template, renewal: renewal,
      directoryBase: directoryBase, report: report)
  }

  /// As above, for `source`'s tokens (a machine profile's M2M tokens included).
  package init(
    source: TokenSource, template: String?, renewal: TokenRenewal,
    directoryBase: String, report: @escaping @Sendable (String) -> Void
  ) throws {
    let directory = try PrivateDirectory(in: directoryBase, prefix: "clerkctl-")
    let file = TokenFile(path: directory.file(Self.fileName))
    let keeper = TokenKeeper(
      source: source, template: template, renewal: renewal
    ) { event in
      Self.handle(event, file: file, report: report)
    }
    let endpoint = TokenEndpoint(keeper: keeper)
    let server = HTTPServer(
      configuration: HTTPServer.Configuration(
        host: "127.0.0.1", port: 0, workerThreads: 4, maxConnections: 64,
        maxHeaderBytes: 8 * 1024, maxBodyBytes: 0, readTimeout: 1, idleTimeout: 1,
        shutdownGracePeriod: 1)
    ) { request in endpoint.respond(request) }
    do {
      try keeper.start()
      try server.start()
    } catch {
      keeper.stop()
      server.stop()
      directory.remove(files: [Self.fileName])
      throw error
    }
    self.directory = directory
    self.file = file
    self.keeper = keeper
    self.endpoint = endpoint
    self.server = server
    DetachedThread.start { keeper.run() }
  }

  /// The child's variables: `NAME_FILE`, `NAME_URL` and `NAME_URL_AUTH`.
  package func variables(name: String) -> [String: String] {
    [
      name + "_FILE": file.path,
      name + "_URL": "http://127.0.0.1:\(server.port)\(TokenEndpoint.path)",
      name + "_URL_AUTH": endpoint.secret,
    ]
  }

  /// The first token, handed to the child in its environment.
  package func firstToken() throws -> ClerkAccount.TokenResult { try keeper.current() }

  /// Stops renewing and serving, and removes the file and the directory.
  package func finish() {
    keeper.stop()
    server.stop()
    file.remove()
    directory.remove(files: [Self.fileName])
  }

  private static func handle(
    _ event: TokenKeeper.Event, file: TokenFile, report: @Sendable (String) -> Void
  ) {
    switch event {
    case .renewed(let result):
      do {
        try file.write(result.token.jwt)
      } catch {
        report("could not write the token to '\(file.path)': \(error)")
      }
    case .failed(let error, let retryIn, _):
      report(
        "could not renew the token (trying again in \(Int(retryIn)) s): "
          + ErrorReporter.message(for: error))
    case .expired:
      file.remove()
      report("the token ran out; '\(file.path)' is removed until a renewal succeeds")
    case .ended(let error):
      file.remove()
      report("stopped renewing the token: " + ErrorReporter.message(for: error))
    }
  }
}
