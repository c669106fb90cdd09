import ClerkctlCore
import ClerkctlHTTPServer
import ClerkctlKit

/// What `clerkctl exec --refresh` keeps for its child while it runs: a token file and a Unix
/// socket in a private directory, and a loopback TCP endpoint, all fed by one `TokenKeeper`
/// renewing on a thread of its own. `finish()` removes them; a directory a killed run left
/// is swept when the next one starts.
package final class TokenSupply: Sendable {
  /// The token file's name inside the private directory.
  static let fileName = "token"
  /// The Unix socket's name inside the private directory.
  static let socketName = "socket"
  /// The private directories' name prefix (the owner's pid and a random suffix follow).
  static let directoryPrefix = "clerkctl-exec-"

  private let directory: PrivateDirectory
  private let file: TokenFile
  private let keeper: TokenKeeper
  private let endpoint: TokenEndpoint
  private let server: HTTPServer
  private let socketServer: HTTPServer

  /// Sweeps directories killed runs left, creates the directory and file, gets the first
  /// token, starts the endpoints and the renewing thread.
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
    PrivateDirectory.sweep(in: directoryBase, prefix: Self.directoryPrefix)
    let directory = try PrivateDirectory(in: directoryBase, prefix: Self.directoryPrefix)
    let file = TokenFile(path: directory.file(Self.fileName))
    let keeper = TokenKeeper(
      source: source, template: template, renewal: renewal
    ) { event in
      Self.handle(event, file: file, report: report)
    }
    let endpoint = TokenEndpoint(keeper: keeper)
    let limits = HTTPServer.Configuration(
      host: "127.0.0.1", port: 0, workerThreads: 2, maxConnections: 64,
      maxHeaderBytes: 8 * 1024, maxBodyBytes: 0, readTimeout: 1, idleTimeout: 1,
      shutdownGracePeriod: 1)
    let server = HTTPServer(configuration: limits) { request in endpoint.respond(request) }
    var local = limits
    local.unixSocketPath = directory.file(Self.socketName)
    // Only this user can reach the socket (0600 in the 0700 directory): no secret needed.
    let socketServer = HTTPServer(configuration: local) { request in
      endpoint.respond(request, overPrivateSocket: true)
    }
    do {
      try keeper.start()
      try server.start()
      try socketServer.start()
    } catch {
      keeper.stop()
      server.stop()
      socketServer.stop()
      directory.remove(files: [Self.fileName, Self.socketName])
      throw error
    }
    self.directory = directory
    self.file = file
    self.keeper = keeper
    self.endpoint = endpoint
    self.server = server
    self.socketServer = socketServer
    DetachedThread.start { keeper.run() }
  }

  /// The child's variables: `NAME_FILE`, `NAME_SOCKET`, `NAME_URL` and `NAME_URL_AUTH`.
  package func variables(name: String) -> [String: String] {
    [
      name + "_FILE": file.path,
      name + "_SOCKET": directory.file(Self.socketName),
      name + "_URL": "http://127.0.0.1:\(server.port)\(TokenEndpoint.path)",
      name + "_URL_AUTH": endpoint.secret,
    ]
  }

  /// The first token, handed to the child in its environment.
  package func firstToken() throws -> ClerkAccount.TokenResult { try keeper.current() }

  /// Stops renewing and serving, and removes the file, the socket and the directory.
  package func finish() {
    keeper.stop()
    server.stop()
    socketServer.stop()
    file.remove()
    directory.remove(files: [Self.fileName, Self.socketName])
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
