import ClerkctlCore
import ClerkctlHTTP

extension ClerkAccount {
  /// For a loopback instance, the signing keys it serves now, to record at sign-in; `nil` for
  /// any other instance, without `instanceKeyCheck`, or when it serves none.
  func instanceKeys(fapiURL: String) -> [JSONValue]? {
    guard let check = instanceKeyCheck, let origin = InstanceOrigin(url: fapiURL),
      LoopbackHost.isLoopback(origin.host),
      let response = try? http.send(
        HTTPRequest(
          method: "GET", url: fapiURL + "/.well-known/jwks.json", timeout: requestTimeout)),
      response.status == 200
    else { return nil }
    return check.keys(response.body)
  }

  /// Refuses a token that none of the keys recorded at sign-in signed: what answers at the
  /// loopback instance's address now is not that instance, so nothing of its reply (the token,
  /// a rotated client token) is kept.
  ///
  /// - Throws: `InstanceError.unverifiedToken`.
  func checkInstanceKeys(
    _ jwt: String, of credential: ProfileCredential, from url: String
  )
    throws(InstanceError)
  {
    guard let keys = credential.instanceKeys, let check = instanceKeyCheck else { return }
    guard check.verifies(jwt, keys) else {
      throw .unverifiedToken(
        profile: profile, origin: InstanceOrigin(url: url)?.description ?? url)
    }
  }
}
