import Foundation
import Testing

@testable import ClerkctlKit

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
