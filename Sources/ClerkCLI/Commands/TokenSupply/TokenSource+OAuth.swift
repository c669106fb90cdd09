import ClerkctlCore
import ClerkctlKit
import FoundationEssentials

extension TokenSource {
  /// An OAuth profile's access tokens, refreshed with its refresh token through the profile's
  /// cache and lock.
  package static func oauth(_ account: OAuthAccount) -> TokenSource {
    TokenSource(
      profile: account.profile,
      token: { try account.token(minTTL: $0, forceRefresh: $1).asSessionTokenResult },
      renewed: { renewal in
        try account.token(minTTL: renewal.requestedTTL).asSessionTokenResult
      },
      secondsLeft: { result in
        Double(result.token.expiresAt) - account.clock.now().timeIntervalSince1970
      })
  }
}
