import ClerkctlBrowserSignIn
import ClerkctlCommandLine
import ClerkctlHTTP

/// The options several of clerkctl's commands share, declared once.
extension OptionKey where Value == Double {
  /// `login --sign-in-timeout`: the time limit for the whole sign-in.
  package static let signInTimeout = OptionKey.positiveSeconds(
    "sign-in-timeout",
    help: "Time limit for the whole sign-in, waits for codes and the browser included.",
    defaultValue: 120)

  /// `whoami --offline`, `status --offline`: answer from the local file alone.
  package static let offline = OptionKey<Bool>.flag(
    "offline", help: "Do not check the session with Clerk.")

  /// `token --min-ttl`, `exec --min-ttl`: reuse a cached token only while it has this long left.
  package static let minTTL = OptionKey.seconds(
    "min-ttl", help: "Reuse a cached token only while it has this many seconds left.",
    defaultValue: 10)
}

extension OptionKey where Value == Double? {
  /// The global `--request-timeout`: seconds per HTTP request (`CLERKCTL_REQUEST_TIMEOUT`, then
  /// `HTTPRequest.defaultTimeout`, when not given).
  package static let requestTimeout = OptionKey.positiveSeconds(
    "request-timeout", help: "Time limit per HTTP request.",
    shownDefault: HTTPRequest.defaultTimeout, environmentVariable: "CLERKCTL_REQUEST_TIMEOUT")
}

extension OptionKey where Value == Int {
  /// `login --callback-port`: the loopback callback's port for browser sign-in (allowlist
  /// `http://127.0.0.1:45789/callback` in Clerk).
  package static let callbackPort = OptionKey.port(
    "callback-port",
    help: "Port of the local callback server for browser sign-in; 0 picks a free one.",
    defaultValue: LoopbackCallbackServer.defaultPort)
}
