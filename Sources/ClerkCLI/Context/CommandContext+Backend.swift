import ClerkctlCommandLine
import ClerkctlKit

extension CommandContext {
  /// The Backend API client of `CLERK_SECRET_KEY` (at `--api-url`/`CLERK_API_URL`), or a usage
  /// error saying `what` needs it.
  package func backendClient(for what: String) throws -> BackendAPIClient {
    guard let secret = nonEmpty("CLERK_SECRET_KEY") else {
      throw UsageError(
        "\(what) needs the Backend API secret key in CLERK_SECRET_KEY (never on the command line)")
    }
    return BackendAPIClient(
      baseURL: try apiURL(), secretKey: secret, http: httpClient(),
      requestTimeout: try requestTimeout())
  }
}
