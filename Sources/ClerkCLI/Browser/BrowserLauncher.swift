import ClerkKit
import Foundation

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
        words = words.map { $0.replacingOccurrences(of: "%s", with: url) }
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
    guard let program = command.first,
      let path = resolve(program, path: environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin")
    else { return false }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = Array(command.dropFirst())
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return false
    }
    return true
  }

  /// The executable for `program`: itself when it names a path, else the first match on
  /// `path`.
  static func resolve(_ program: String, path: String) -> String? {
    let manager = FileManager.default
    if program.contains("/") { return manager.isExecutableFile(atPath: program) ? program : nil }
    for directory in path.split(separator: ":") where !directory.isEmpty {
      let candidate = "\(directory)/\(program)"
      if manager.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
