import ClerkctlHTTP
import Foundation

/// The HTML of the authorization endpoint: the sign-in form, the consent form, the
/// `form_post` reply and error pages. Plain forms that POST back to `/oauth/authorize`, each
/// with the pending request's `form_token` in a hidden field, so a browser (or a test posting
/// the same fields) drives them; no script except the `form_post` auto-submit.
enum OAuthPages {
  /// What each scope means, for the consent page.
  static let scopeDescriptions: [String: String] = [
    "openid": "Confirm your identity", "profile": "See your name, username and picture",
    "email": "See your email address", "offline_access": "Stay signed in (refresh tokens)",
    "public_metadata": "See your public metadata", "private_metadata": "See your private metadata",
    "user:org:read": "See your active organization",
  ]

  static func signIn(
    application: String, formToken: String, identifier: String = "", error: String? = nil,
    status: Int = 200
  ) -> HTTPResponse {
    let message = error.map { "<p id=\"error\" role=\"alert\">\(escape($0))</p>\n" } ?? ""
    return page(
      status, "Sign in to continue to \(application)",
      """
      \(message)<form id="sign-in" method="post" action="/oauth/authorize">
      <input type="hidden" name="form_token" value="\(escape(formToken))">
      <input type="hidden" name="step" value="sign_in">
      <p><label>Email, username or phone <input id="identifier" name="identifier" value="\(escape(identifier))" autocomplete="username" required></label></p>
      <p><label>Password <input id="password" name="password" type="password" autocomplete="current-password" required></label></p>
      <p><button type="submit" id="continue">Continue</button></p>
      </form>
      """)
  }

  static func secondFactor(
    application: String, formToken: String, error: String? = nil
  )
    -> HTTPResponse
  {
    let message = error.map { "<p id=\"error\" role=\"alert\">\(escape($0))</p>\n" } ?? ""
    return page(
      error == nil ? 200 : 401, "Two-step verification for \(application)",
      """
      \(message)<form id="second-factor" method="post" action="/oauth/authorize">
      <input type="hidden" name="form_token" value="\(escape(formToken))">
      <input type="hidden" name="step" value="second_factor">
      <p><label>Authenticator app code or backup code <input id="code" name="code" autocomplete="one-time-code" required></label></p>
      <p><button type="submit" id="continue">Continue</button></p>
      </form>
      """)
  }

  static func consent(
    application: String, user: String, scopes: [String], formToken: String, redirect: String
  ) -> HTTPResponse {
    let items = scopes.map {
      "<li><code>\(escape($0))</code> \(escape(scopeDescriptions[$0] ?? $0))</li>"
    }.joined(separator: "\n")
    return page(
      200, "\(application) wants to access your account",
      """
      <p>Signed in as <strong id="user">\(escape(user))</strong>.</p>
      <p><strong>\(escape(application))</strong> asks to:</p>
      <ul id="scopes">
      \(items)
      </ul>
      <p>You will be sent back to <code>\(escape(redirect))</code>.</p>
      <form id="consent" method="post" action="/oauth/authorize">
      <input type="hidden" name="form_token" value="\(escape(formToken))">
      <input type="hidden" name="step" value="consent">
      <p><button type="submit" id="allow" name="decision" value="allow">Allow</button>
      <button type="submit" id="deny" name="decision" value="deny">Deny</button></p>
      </form>
      """)
  }

  /// `response_mode=form_post`: a page that posts the answer to the redirect URI.
  static func formPost(to uri: String, fields: [(String, String)]) -> HTTPResponse {
    let inputs = fields.map {
      "<input type=\"hidden\" name=\"\(escape($0.0))\" value=\"\(escape($0.1))\">"
    }.joined(separator: "\n")
    return page(
      200, "Returning to the application",
      """
      <form id="response" method="post" action="\(escape(uri))">
      \(inputs)
      <noscript><button type="submit">Continue</button></noscript>
      </form>
      <script>document.getElementById('response').submit();</script>
      """)
  }

  static func error(_ status: Int, _ title: String, _ detail: String) -> HTTPResponse {
    page(status, title, "<p id=\"error\" role=\"alert\">\(escape(detail))</p>")
  }

  static func page(_ status: Int, _ title: String, _ body: String) -> HTTPResponse {
    let html = """
      <!doctype html>
      <html lang="en"><head><meta charset="utf-8"><title>\(escape(title))</title>
      <meta name="viewport" content="width=device-width, initial-scale=1"></head>
      <body><h1>\(escape(title))</h1>
      <p><small>clerk-emulator, a local Clerk</small></p>
      \(body)
      </body></html>

      """
    return HTTPResponse(
      status: status,
      headers: [
        "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store",
        "X-Frame-Options": "DENY", "Referrer-Policy": "no-referrer",
      ],
      body: Array(html.utf8))
  }

  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
      .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
      .replacingOccurrences(of: "'", with: "&#39;")
  }
}
