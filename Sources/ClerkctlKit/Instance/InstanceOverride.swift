/// An instance named by configuration (flags, arguments or environment) rather than by what a
/// profile stored — and the rule that a stored credential goes only to the origin that issued it.
package struct InstanceOverride: Sendable, Equatable {
  /// The validated base URL, without a trailing `/`.
  package let url: String
  /// Where it came from (`CLERK_FAPI_URL`, …).
  package let source: String
  /// The URL's origin.
  package let origin: InstanceOrigin

  package init(url: String, source: String) throws(InstanceError) {
    guard let origin = InstanceOrigin(url: url) else {
      throw .invalidURL(source: source, value: url, reason: "not an absolute URL")
    }
    self.url = url
    self.source = source
    self.origin = origin
  }

  /// Checks that `credential` was issued by this instance's origin.
  ///
  /// - Throws: `InstanceError.boundElsewhere` when the credential's Frontend API origin differs:
  ///   the credential must then be sent nowhere.
  package func requireBinding(of credential: ProfileCredential) throws(InstanceError) {
    let bound = InstanceOrigin(url: credential.fapiURL)
    guard bound != origin else { return }
    throw .boundElsewhere(
      profile: credential.profile, bound: bound?.description ?? credential.fapiURL,
      requested: origin.description, source: source)
  }
}
