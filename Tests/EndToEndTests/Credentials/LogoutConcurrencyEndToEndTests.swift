import ClerkTestSupport
import ClerkctlCore
import ClerkctlCurl
import ClerkctlHTTP
import ClerkctlKit
import Foundation
import Testing

/// `logout` racing `token` and `login` on one profile: sign-out holds the profile lock around
/// load, revoke and delete, the lock file stays, and a writer's temp file cannot be swept from
/// under it. After a bounded run of mixed processes, Clerk has exactly the session the file
/// holds (or none): nothing orphaned, no sign-in lost.
@Suite("logout under concurrency, through the binary", .tags(.security, .resilience))
struct LogoutConcurrencyEndToEndTests {
  /// The user's active sessions at the emulator (Backend API).
  static func activeSessions(_ fixture: CLIFixture, userID: String) async throws -> [String] {
    let response = try await onOwnThread {
      try HTTPClient.curl().send(
        HTTPRequest(
          method: "GET",
          url: fixture.fapiURL + "/v1/sessions?user_id=\(userID)&status=active&limit=500",
          headers: ["Authorization": "Bearer \(fixture.secretKey)"]))
    }
    try #require(response.status == 200, "\(String(decoding: response.body, as: UTF8.self))")
    let sessions = try JSONValue(parsing: response.body).arrayValue ?? []
    return sessions.compactMap { $0["id"]?.stringValue }
  }

  @Test("mixed token, login and logout processes leave no orphaned session and no lost sign-in")
  func mixedProcesses() async throws {
    let fixture = try await CLIFixture.signedIn(.binary)
    let userID = fixture.userID
    let clerkctl = BuiltProducts.path("clerkctl")
    let environment = fixture.environment
    // Two cores shared with others: a few workers, each running one process at a time, for a
    // bounded time.
    let workers = max(3, min(6, ProcessInfo.processInfo.activeProcessorCount * 2))
    let deadline = Date().addingTimeInterval(6)
    let results = try await withThrowingTaskGroup(
      of: [(action: String, result: ProcessResult)].self
    ) { group in
      for worker in 0..<workers {
        group.addTask {
          var done: [(action: String, result: ProcessResult)] = []
          var step = worker
          while Date() < deadline {
            let action = ["token", "logout", "login", "token", "login", "logout"][step % 6]
            step += 1
            let arguments: [String]
            var stdin: String?
            switch action {
            case "login":
              arguments = ["login", "--identifier", "demo@example.com", "--password-stdin"]
              stdin = "demo-password\n"
            case "token": arguments = ["token", "--force-refresh"]
            default: arguments = ["logout"]
            }
            let result = try await ProcessRun.run(
              clerkctl, arguments, environment: environment, stdin: stdin, timeout: 60)
            done.append((action, result))
          }
          return done
        }
      }
      var all: [(action: String, result: ProcessResult)] = []
      for try await part in group { all += part }
      return all
    }
    #expect(results.filter { $0.action == "logout" }.count > 0)
    #expect(results.filter { $0.action == "login" }.count > 0)
    for (action, result) in results {
      switch action {
      case "login", "logout":
        #expect(result.status == 0, "\(action): \(result.stderr)")
      default:
        // A token racing a logout finds the profile signed out (4); nothing else.
        #expect([0, 4].contains(result.status), "token: \(result.status) \(result.stderr)")
      }
      #expect(!result.stderr.contains("No such file"), "\(action): \(result.stderr)")
    }
    let store = ProfileStore(directory: ConfigDirectory(path: fixture.configDir))
    let stored = try store.load(profile: "default")?.sessionID
    let live = try await Self.activeSessions(fixture, userID: userID)
    #expect(live == (stored.map { [$0] } ?? []), "file holds \(stored ?? "nothing"), live: \(live)")
    // The lock file is never removed (another process may be waiting on it).
    #expect(FileManager.default.fileExists(atPath: fixture.configDir + "/profiles/default.lock"))
  }
}
