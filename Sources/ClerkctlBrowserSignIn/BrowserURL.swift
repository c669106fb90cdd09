import ClerkctlCore
import ClerkctlHTTP

/// Which URLs from a server may be opened in a browser or printed for the user to open.
///
/// The URL ends up as an argument of `$BROWSER` or `xdg-open`: a value such as
/// `--renderer-cmd-prefix=…` would be a browser switch, and `file:` or a custom scheme would
/// open something else than a web page. Only `https://HOST…`, or `http://` to a loopback host
/// (the emulator), with no whitespace or control characters, qualifies.
package enum BrowserURL {
  /// Whether `url` may be opened or printed.
  package static func isOpenable(_ url: String) -> Bool {
    guard
      !url.unicodeScalars.contains(where: {
        TerminalText.needsReplacing($0) || $0.properties.isWhitespace
      })
    else { return false }
    let lowered = url.lowercased()
    let isHTTPS = lowered.hasPrefix("https://")
    guard isHTTPS || lowered.hasPrefix("http://") else { return false }
    guard let host = URLParts.host(of: url), !host.isEmpty else { return false }
    return isHTTPS || LoopbackHost.isLoopback(host)
  }
}
