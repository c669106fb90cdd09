import Foundation
import Glibc

/// A private D-Bus session bus (`dbus-run-session`) with, when asked, a real Secret Service on
/// it: `gnome-keyring-daemon --unlock --components=secrets`, a fresh login keyring in a
/// temporary directory unlocked with a password on its stdin. The bus and the daemon live
/// only as long as the test: ``stop()`` ends both (also when the test failed), and the bus
/// starts nothing by activation (its configuration has no service directories), so nothing
/// outlives it.
package final class KeyringSession: Sendable {
  /// The bus's address, for `DBUS_SESSION_BUS_ADDRESS`.
  package let address: String
  /// The environment that reaches this bus and nothing else.
  package let environment: [String: String]
  private let child: SpawnedProcess
  private let daemon: pid_t?
  private let directory: TemporaryDirectory

  /// The programs a session needs, and the Debian packages that provide them.
  package static let tools = [
    ("dbus-run-session", "dbus-daemon"), ("dbus-send", "dbus-bin"),
    ("gnome-keyring-daemon", "gnome-keyring"), ("secret-tool", "libsecret-tools"),
  ]

  /// Why a session cannot be started here (a tool or libsecret missing), or `nil`.
  package static var unavailableReason: String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let missing = tools.filter { tool, _ in
      !path.split(separator: ":").contains { access("\($0)/\(tool)", X_OK) == 0 }
    }
    if !missing.isEmpty {
      return "needs \(missing.map { "\($0.0) (Debian's \($0.1))" }.joined(separator: ", ")); "
        + "Scripts/test.sh installs them with apt-get, which failed here"
    }
    guard let handle = dlopen("libsecret-1.so.0", RTLD_LAZY | RTLD_LOCAL) else {
      return "needs libsecret-1.so.0 (Debian's libsecret-1-0); Scripts/test.sh installs it "
        + "with apt-get, which failed here"
    }
    dlclose(handle)
    return nil
  }

  /// The script `dbus-run-session` runs: starts the daemon (with `provider`), waits (up to 60 s)
  /// for it to own the Secret Service's name, prints the bus address and the daemon's pid, and stays
  /// until its stdin closes; the daemon is killed when it exits.
  private static let script = """
    #!/bin/sh
    set -u
    daemon=""
    trap '[ -n "$daemon" ] && kill -9 "$daemon" 2>/dev/null' EXIT
    if [ "$1" = provider ]; then
      printf '%s' "$KEYRING_PASSWORD" | gnome-keyring-daemon --foreground --unlock \\
        --components=secrets >"$KEYRING_LOG" 2>&1 &
      daemon=$!
      start=$(date +%s)
      until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \\
        org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null |
        grep -q 'boolean true'; do
        [ $(($(date +%s) - start)) -ge 60 ] && { echo "no-provider"; exit 1; }
        sleep 0.05
      done
    fi
    echo "bus $DBUS_SESSION_BUS_ADDRESS"
    echo "daemon ${daemon:-none}"
    while read -r _; do :; done
    """

  /// A bus configuration with no service directories, listening in `directory`.
  private static func configuration(listeningIn directory: String) -> String {
    """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:dir=\(directory)</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """
  }

  /// Starts a bus, with a Secret Service on it when `provider`.
  package init(provider: Bool) async throws {
    let directory = TemporaryDirectory(prefix: "clerkctl-keyring")
    for sub in ["home", "data", "runtime", "bus"] {
      mkdir(directory.path + "/" + sub, 0o700)
    }
    let script = directory.path + "/session.sh"
    let config = directory.path + "/bus.conf"
    try ExecutableFile.write(Self.script, to: script, mode: 0o700)
    try Self.configuration(listeningIn: directory.path + "/bus").write(
      toFile: config, atomically: true, encoding: .utf8)
    let base: [String: String] = [
      "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
      "HOME": directory.path + "/home", "XDG_DATA_HOME": directory.path + "/data",
      "XDG_CONFIG_HOME": directory.path + "/home/.config",
      "XDG_RUNTIME_DIR": directory.path + "/runtime",
    ]
    let child = try SpawnedProcess(
      "/usr/bin/env",
      [
        "dbus-run-session", "--config-file=\(config)", "--", script,
        provider ? "provider" : "none",
      ],
      environment: base.merging([
        "KEYRING_PASSWORD": "keyring-test-password",
        "KEYRING_LOG": directory.path + "/daemon.log",
      ]) { _, new in new })
    // Generous: on a loaded run each check above is three process starts, and the daemon's
    // own start can take many seconds (a 30 s wait with 200 counted tries failed there).
    let ready = await child.waitForOutput(timeout: 90) { out, _ in
      out.contains("\ndaemon ") || out.contains("no-provider")
    }
    let lines = child.stdout.split(separator: "\n").map(String.init)
    guard ready, let bus = lines.first(where: { $0.hasPrefix("bus ") }) else {
      child.closeInput()
      child.send(SIGKILL)
      await child.waitForExit(timeout: 10)
      let log = (try? String(contentsOfFile: directory.path + "/daemon.log", encoding: .utf8)) ?? ""
      throw SpawnError(
        message: "the keyring session did not start: \(child.stdout) \(child.stderr) \(log)")
    }
    address = String(bus.dropFirst(4))
    daemon = lines.first { $0.hasPrefix("daemon ") }.flatMap { pid_t($0.dropFirst(7)) }
    environment = ["DBUS_SESSION_BUS_ADDRESS": address]
    self.child = child
    self.directory = directory
  }

  /// A session a test forgot to stop still ends: its script sees stdin close, kills the
  /// daemon and exits, and `dbus-run-session` stops the bus.
  deinit {
    child.closeInput()
  }

  /// The secret `secret-tool` finds on this bus for `attributes` (any schema), or `nil`.
  package func lookup(_ attributes: [String: String]) async throws -> String? {
    var arguments = ["secret-tool", "lookup"]
    for (name, value) in attributes.sorted(by: { $0.key < $1.key }) {
      arguments += [name, value]
    }
    let result = try await ProcessRun.run(
      "/usr/bin/env", arguments,
      environment: [
        "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "DBUS_SESSION_BUS_ADDRESS": address,
      ], timeout: 30)
    return result.status == 0 ? result.stdout : nil
  }

  /// Ends the session: the script's stdin closes (it kills the daemon and `dbus-run-session`
  /// then stops the bus); after 10 s `dbus-run-session` and the daemon are killed.
  package func stop() async {
    child.closeInput()
    let exit = await child.waitForExit(timeout: 10)
    // Killed on the timeout: the script's trap did not run, so the daemon may be left.
    if exit.status == -1, let daemon { kill(daemon, SIGKILL) }
  }
}
