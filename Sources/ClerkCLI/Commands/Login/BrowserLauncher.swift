import ClerkctlBrowserSignIn

/// Opens a URL in the user's browser: `$BROWSER` (the first of its `:`-separated entries; a
/// `%s` in it stands for the URL, else the URL is the last argument), else `xdg-open` when a
/// display is available and the session is not over SSH. The program is started directly with
/// the URL as one argument, never through a shell, and is not waited for.
package enum BrowserLauncher {
  /// The command line that opens `url`, or `nil` when this machine has no usable browser.
  /// `nil` too for a URL that is not safe to hand to a program (see `BrowserURL`).
  package static func command(for url: String, environment: [String: String]) -> [String]? {
    guard BrowserURL.isOpenable(url) else { return nil }
    if let browser = environment["BROWSER"], !browser.isEmpty {
      let first = browser.split(separator: ":").first.map(String.init) ?? browser
      var words = first.split(separator: " ").map(String.init)
      guard !words.isEmpty else { return nil }
      if words.contains(where: { $0.contains("%s") }) {
        words = words.map { $0.replacing("%s", with: url) }
      } else {
        words.append(url)
      }
      return words
    }
    let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains {
      !($0 ?? "").isEmpty
    }
    let overSSH = [environment["SSH_CONNECTION"], environment["SSH_TTY"]].contains {
      !($0 ?? "").isEmpty
    }
    guard hasDisplay, !overSSH else { return nil }
    return ["xdg-open", url]
  }

  /// Starts `command` (the program looked up on `PATH` when it has no `/`), its output
  /// discarded. Returns whether it started.
  package static func launch(_ command: [String], environment: [String: String]) -> Bool {
    do {
      try ChildProcess.start(command, environment: environment)
      return true
    } catch {
      return false
    }
  }
}
