import Glibc

/// Whether a D-Bus session bus can be found the way GLib finds it, checked before libsecret is
/// asked (which would otherwise try to start one through X11).
package enum SessionBus {
  /// Why there is no session bus to reach, or `nil` when there is an address to try: a
  /// non-empty `DBUS_SESSION_BUS_ADDRESS`, else a socket at `$XDG_RUNTIME_DIR/bus`.
  ///
  /// - Parameters:
  ///   - environment: the variables (the process's, which libsecret reads).
  ///   - isSocket: whether a path is a socket (the file system by default).
  package static func problem(
    environment: [String: String],
    isSocket: (String) -> Bool = SessionBus.isSocket
  ) -> String? {
    if let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty { return nil }
    guard let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty else {
      return "DBUS_SESSION_BUS_ADDRESS and XDG_RUNTIME_DIR are not set"
    }
    let path = runtime + "/bus"
    guard isSocket(path) else {
      return "DBUS_SESSION_BUS_ADDRESS is not set and there is no socket at \(path)"
    }
    return nil
  }

  /// Whether `path` is a socket.
  package static func isSocket(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
  }

  /// The two variables `problem` reads, from the process environment.
  static func processEnvironment() -> [String: String] {
    ["DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR"].reduce(into: [:]) { values, name in
      if let value = getenv(name) { values[name] = String(cString: value) }
    }
  }
}
