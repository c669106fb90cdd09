import ClerkctlCommandLine
import ClerkctlCore
import ClerkctlKit
import ClerkctlWire
import Dispatch
import FoundationEssentials

/// `clerkctl status`: lists every profile and its state.
package struct StatusCommand: Command {
  package static var spec: CommandSpec {
    CommandSpec(
      name: "status",
      abstract: "List every profile: instance, user, session, credential file, cached tokens.",
      discussion: """
        Exits 0 when the selected profile has a live session, 4 when it has none, 5 when Clerk \
        cannot be reached. --offline skips the check with Clerk (then 0 when a credential is \
        stored). The selected profile is marked '*': --profile, else CLERKCTL_PROFILE, else \
        'clerkctl profile use', else default. The store line says where the selected \
        profile's next sign-in keeps its secret and why (--store, CLERKCTL_STORE, the \
        profile's 'store' config, where it keeps it now, or the default file). --json prints \
        {schema_version, config_dir, selected_profile, selected_from (flag, environment, \
        profile_use or default), store, store_from (flag, environment, config, profile or \
        default), profiles: \
        [{profile, selected, fapi_url, user_id, email, identifier, session_id, session_status, \
        store, file: {path, mode}, \
        tokens: [{template, expires_at, expires_in}], error}]}.
        """,
      options: [OptionKey.offline.spec])
  }

  package var offline: Bool

  package init(parsed: ParsedArguments) throws {
    offline = parsed[OptionKey.offline]
  }

  package func run(_ context: CommandContext) throws -> Int32 {
    let store = try context.profileStore()
    let selection = try context.profileSelection()
    let selected = selection.name
    // The selected profile's credential goes nowhere it was not issued: refuse before anything.
    if context.profileKind(profile: selected) != .machine {
      try context.account(profile: selected).checkInstanceBinding()
    }
    var names = store.listProfiles()
    let noneStored = names.isEmpty
    if !names.contains(selected) { names.append(selected) }
    // Every other signed-in profile's session is checked too, as gh auth status does: in
    // parallel (as many at once as there are cores), each only with its own instance.
    let others = checkedElsewhere(names.filter { $0 != selected }, context, store: store)
    let now = context.clock.now().timeIntervalSince1970
    var code = ExitCode.notSignedIn
    var entries: [JSONValue] = []
    var lines: [String] = [
      "config dir: \(store.directory.path)",
      "selected:   \(selected) (\(selection.source.words))",
    ]
    // Where a sign-in of the selected profile would keep its secret, and what decided it.
    let signInStore = try? context.signInStore(profile: selected)
    if let signInStore {
      lines.append(
        "store:      \(signInStore.location.rawValue) for the next sign-in "
          + "(\(signInStore.source.words))")
    }
    for name in names.sorted() {
      let (entry, line) = describe(
        name, selected: selected, others: others, now: now, context, store: store, code: &code)
      lines.append(line)
      entries.append(entry)
    }
    if context.globals.json {
      let json: JSONValue = [
        "schema_version": 1, "config_dir": .string(store.directory.path),
        "selected_profile": .string(selected), "selected_from": .string(selection.source.jsonName),
        "store": signInStore.map { .string($0.location.rawValue) } ?? .null,
        "store_from": signInStore.map { .string($0.source.rawValue) } ?? .null,
        "profiles": .array(entries),
      ]
      context.print(json.prettyEncoded)
    } else {
      // Emails, URLs and errors come from files and servers: no control characters.
      context.print(lines.map(TerminalText.sanitizedLines).joined(separator: "\n"))
      if noneStored { context.note("No profiles yet. To sign in, run: clerkctl login") }
    }
    return code.rawValue
  }

  /// One profile's JSON entry and text; `code` becomes the selected profile's exit code.
  private func describe(
    _ name: String, selected: String, others: [String: String], now: Double,
    _ context: CommandContext, store: ProfileStore, code: inout ExitCode
  ) -> (entry: JSONValue, line: String) {
    var entry: [String: JSONValue] = [
      "profile": .string(name), "selected": .bool(name == selected),
    ]
    let path = store.directory.credentialPath(profile: name)
    let mode = store.fileMode(profile: name)
    let location = store.secretLocation(profile: name)
    entry["file"] = [
      "path": .string(path),
      "mode": mode.map { .string(String($0 & 0o777, radix: 8)) } ?? .null,
    ]
    entry["store"] = location.map { .string($0.rawValue) } ?? .null
    var line = "\(name == selected ? "*" : " ") \(name)"
    var status = "signed_out"
    do {
      if let machine = try store.load(profile: name), machine.kind == .machine {
        status = machineStatus(
          machine, name: name, selected: selected, context, entry: &entry, line: &line,
          code: &code)
      } else if let credential = try store.load(profile: name), credential.kind == .oauth {
        let oauth = oauthStatus(credential, selected: name == selected, context)
        entry.merge(oauth.members) { _, new in new }
        status = oauth.status
        if let selectedCode = oauth.code { code = selectedCode }
        line += oauth.text
      } else if let credential = try store.load(profile: name) {
        status = userStatus(
          credential, name: name, selected: selected, others: others, now: now, context,
          store: store, entry: &entry, line: &line, code: &code)
      } else {
        line += "  not signed in"
      }
    } catch {
      status = "error"
      entry["error"] = .string(ErrorReporter.message(for: error))
      line += "  error: \(ErrorReporter.message(for: error))"
      if name == selected { code = ErrorReporter.exitCode(for: error) }
    }
    entry["session_status"] = .string(status)
    line += "\n    file: \(path) (\(mode.map { String($0 & 0o777, radix: 8) } ?? "absent"))"
    if location == .keyring { line += ", the secret in the OS keyring" }
    return (.object(entry), line)
  }

  /// A machine profile's entry members and text (its identity checked when it is the
  /// selected one); its session status.
  private func machineStatus(
    _ machine: ProfileCredential, name: String, selected: String, _ context: CommandContext,
    entry: inout [String: JSONValue], line: inout String, code: inout ExitCode
  ) -> String {
    var status = "not_checked"
    entry.merge(MachineIdentity.members(machine)) { _, new in new }
    if name == selected {
      do {
        _ = try MachineIdentity.check(context, profile: name)
        (status, code) = ("active", .success)
      } catch {
        (status, code) = ("error", ErrorReporter.exitCode(for: error))
        entry["error"] = .string(ErrorReporter.message(for: error))
      }
    }
    let id = TerminalText.sanitized(machine.machine?.machineID ?? "?")
    let api = TerminalText.sanitized(machine.machine?.apiURL ?? "?")
    line += "  machine \(id) on \(api) (\(status))"
    return status
  }

  /// A user or API key profile's entry members and text (its session checked when it is the
  /// selected one, else as `checkedElsewhere` found it); its session status.
  private func userStatus(
    _ credential: ProfileCredential, name: String, selected: String, others: [String: String],
    now: Double, _ context: CommandContext, store: ProfileStore,
    entry: inout [String: JSONValue], line: inout String, code: inout ExitCode
  ) -> String {
    entry["kind"] = .string(credential.kind.rawValue)
    entry["fapi_url"] = .string(credential.fapiURL)
    entry["user_id"] = credential.userID.map(JSONValue.string) ?? .null
    entry["email"] = credential.email.map(JSONValue.string) ?? .null
    entry["identifier"] = credential.shownIdentifier.map(JSONValue.string) ?? .null
    entry["session_id"] = credential.sessionID.map(JSONValue.string) ?? .null
    entry["kind"] = .string(credential.kind.rawValue)
    if let actor = credential.impersonation?.actor { entry["actor"] = .string(actor) }
    var status = "not_checked"
    if credential.kind == .apiKey {
      // Nothing to check with Clerk without the instance's secret key; never signed out.
      if name == selected { code = .success }
    } else if name == selected {
      (status, code) = check(context, profile: name, store: store)
    } else if let checked = others[name] {
      status = checked
    }
    let skew = credential.clockSkew
    let tokens = credential.tokens.values.sorted { ($0.template ?? "") < ($1.template ?? "") }
    entry["tokens"] = .array(
      tokens.map { token in
        [
          "template": token.template.map(JSONValue.string) ?? .null,
          "expires_at": .int(token.expiresAt),
          "expires_in": .int(
            max(0, token.expiresAt.saturatingSubtract(Int64(saturating: now + skew)))),
        ]
      })
    let email = TerminalText.sanitized(credential.shownIdentifier ?? "?")
    let user = TerminalText.sanitized(credential.userID ?? "?")
    line +=
      credential.kind == .apiKey
      ? "  API key for \(TerminalText.sanitized(credential.apiKey?.subject ?? "?")) (kind api_key)"
      : "  \(email) (\(user)) on \(TerminalText.sanitized(credential.fapiURL))"
    if let actor = credential.impersonation?.actor {
      line += ", impersonated by \(TerminalText.sanitized(actor))"
    }
    line += "\n    session: \(credential.sessionID ?? "none") (\(Self.words(status)))"
    if status == "ended" {
      line += "; run '\(Self.loginCommand(profile: name))' to sign in again"
    }
    let shown = tokens.map { token in
      let left = max(0, token.expiresAt.saturatingSubtract(Int64(saturating: now + skew)))
      return "\(token.template ?? "session") (\(left) s left)"
    }
    line += "\n    cached tokens: \(shown.isEmpty ? "none" : shown.joined(separator: ", "))"
    return status
  }

  /// A session state in words: `not_checked` reads `not checked`.
  static func words(_ status: String) -> String {
    status.split(separator: "_").joined(separator: " ")
  }

  /// The login command that signs `profile` in again.
  static func loginCommand(profile: String) -> String {
    "clerkctl login --profile \(profile)"
  }

  /// The session states of `names` (user profiles with a session, bound to the instance in
  /// force), checked in parallel; their exit codes do not count (the selected one's does).
  private func checkedElsewhere(
    _ names: [String], _ context: CommandContext, store: ProfileStore
  ) -> [String: String] {
    guard !offline else { return [:] }
    let candidates = names.filter { name in
      guard let credential = try? store.load(profile: name), credential.kind == .user,
        credential.sessionID != nil,
        (try? context.account(profile: name).checkInstanceBinding()) != nil
      else { return false }
      return true
    }
    let results = Lock([String: String]())
    DispatchQueue.concurrentPerform(iterations: candidates.count) { index in
      let name = candidates[index]
      let (status, _) = check(context, profile: name, store: store, noting: false)
      results.withLock { $0[name] = status }
    }
    return results.withLock { $0 }
  }

  /// A profile's session state at Clerk, and the exit code it means.
  private func check(
    _ context: CommandContext, profile: String, store: ProfileStore, noting: Bool = true
  ) -> (
    String, ExitCode
  ) {
    if offline { return ("not_checked", .success) }
    do {
      let account = try context.account(profile: profile)
      return (
        try account.liveSession().session.status.rawValue,
        .success
      )
    } catch ClerkError.notSignedIn {
      return ("ended", .notSignedIn)
    } catch {
      if noting {
        context.note(
          "clerkctl: could not check the session with Clerk: \(ErrorReporter.message(for: error))"
        )
      }
      let code = ErrorReporter.exitCode(for: error)
      return ("unreachable", code == .notSignedIn ? .notSignedIn : .unavailable)
    }
  }
}
