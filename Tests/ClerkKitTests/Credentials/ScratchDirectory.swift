import Foundation
import Glibc
import Testing

@testable import ClerkKit

/// A fresh temp directory per test, removed when the value goes away.
final class ScratchDirectory: Sendable {
  let path: String

  init() throws {
    var template = Array((NSTemporaryDirectory() + "/clerkctl-creds-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
    path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }

  /// A config directory inside the scratch directory (not created yet).
  var config: ConfigDirectory { ConfigDirectory(path: path + "/config") }

  func write(_ text: String, to file: String, mode: mode_t = 0o600) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    #expect(chmod(file, mode) == 0)
  }

  func entries(of directory: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
  }

  static func mode(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
  }
}

/// A clock whose time advances only when something sleeps on it.
final class SteppingClock: Sendable {
  private let elapsed = Lock<Double>(0)

  var slept: Double { elapsed.withLock { $0 } }

  var clock: Clock {
    Clock(
      now: { [self] in Date(timeIntervalSince1970: 1_700_000_000 + slept) },
      sleep: { [self] seconds in elapsed.withLock { $0 += seconds } })
  }
}

extension ProfileCredential {
  static func sample(profile: String = "default") -> ProfileCredential {
    ProfileCredential(
      profile: profile, fapiURL: "https://clean-mayfly-62.clerk.accounts.dev",
      clientToken: "client_token_secret", sessionID: "sess_1", userID: "user_1",
      email: "ada@example.com", signedInAt: 1_767_225_600, clockSkew: -1.5,
      tokens: [
        "sess_1|convex": CachedToken(
          jwt: "eyJ.convex.sig", template: "convex", issuedAt: 1_767_225_600,
          expiresAt: 1_767_225_660),
        "sess_1|": CachedToken(
          jwt: "eyJ.session.sig", template: nil, issuedAt: 1_767_225_601,
          expiresAt: 1_767_225_661),
      ])
  }
}
