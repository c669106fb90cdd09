import ClerkctlHTTP
import Foundation

/// The fake OAuth / SSO provider page, `GET /__emulator/oauth/authorize?state=S` (loopback
/// only): an HTML form to pick a user (a seeded one, or any new address, which becomes a new
/// external account) and approve or deny. Scripts skip the form with `&auto=EMAIL` or
/// `&deny=1`. With `oauth_auto_approve` configured, the form picks that user and submits itself
/// (for a real browser nobody clicks in).
extension TestSurfaceHandler {
  func serveOAuthAuthorize(_ context: RequestContext) -> HTTPResponse {
    let query = context.query
    let oauthState = query.nonEmpty("state") ?? ""
    let found = state.withStore { store -> (String?, [String], String?)? in
      guard !oauthState.isEmpty,
        let signIn = store.signIns.values.first(where: { $0.oauthState == oauthState })
      else { return nil }
      let emails = store.userOrder.compactMap { store.users[$0]?.emailAddress }
      return (signIn.identifier, emails, store.browser.autoApprove)
    }
    guard let (identifier, emails, autoApprove) = found else {
      return page(
        400, "Unknown sign-in",
        "<p>This sign-in link is unknown or was already used. Start again from clerkctl.</p>")
    }
    let callback = baseURL + "/v1/oauth_callback"
    if query["deny"] == "1" || query["decision"] == "deny" {
      return redirect(
        FrontendAPIHandler.appending(
          callback,
          [
            ("error", "access_denied"), ("error_description", "The user denied access"),
            ("state", oauthState),
          ]))
    }
    let chosen =
      query.nonEmpty("auto")
      ?? (query["decision"] == "approve"
        ? (query.nonEmpty("new_email") ?? query.nonEmpty("email")) : nil)
    if let chosen {
      let code = random.base62(24)
      let now = nowMilliseconds
      state.withStore { store in
        store.oauthCodes = store.oauthCodes.filter { $0.value.isLive(at: now) }
        store.oauthCodes[code] = ProviderCodeRecord(
          email: chosen, expiresAt: now + ProviderCodeRecord.lifetime)
      }
      return redirect(
        FrontendAPIHandler.appending(callback, [("code", code), ("state", oauthState)]))
    }
    let preselected = autoApprove ?? identifier
    var choices = emails
    if let preselected, !choices.contains(preselected) { choices.insert(preselected, at: 0) }
    let options = choices.map { email in
      let selected = email == preselected ? " selected" : ""
      return "<option value=\"\(Self.escape(email))\"\(selected)>\(Self.escape(email))</option>"
    }.joined()
    let autoSubmit =
      autoApprove == nil ? "" : "<script>document.getElementById('approve').click();</script>"
    let body = """
      <p>clerk-emulator pretends to be the identity provider. Who are you?</p>
      <form id="consent" method="get" action="/__emulator/oauth/authorize">
      <input type="hidden" name="state" value="\(Self.escape(oauthState))">
      <p><label>Account <select name="email">\(options)</select></label></p>
      <p><label>or a new account <input type="email" name="new_email"></label></p>
      <p><button type="submit" id="approve" name="decision" value="approve">Approve</button>
      <button type="submit" id="deny" name="decision" value="deny">Deny</button></p>
      </form>
      \(autoSubmit)
      """
    return page(200, "Sign in with the emulator", body)
  }

  private func redirect(_ location: String) -> HTTPResponse {
    HTTPResponse(
      status: 303, headers: ["Location": location, "Cache-Control": "no-store"],
      body: Array("See \(location)\n".utf8))
  }

  private func page(_ status: Int, _ title: String, _ body: String) -> HTTPResponse {
    let html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>\(title)</title></head>
      <body><h1>\(title)</h1>
      \(body)
      </body></html>

      """
    return HTTPResponse(
      status: status,
      headers: ["Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store"],
      body: Array(html.utf8))
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
  }
}
