import ClerkctlCore
import Glibc

extension ChildProcess {
  /// Starts `arguments[0]` (found as `resolve` finds it) with `arguments` as its argv and
  /// exactly `environment` as its environment, its standard streams on `/dev/null`, and does not
  /// wait for it: a detached thread reaps it when it exits.
  ///
  /// - Throws: `ChildProcessError` when the command is not found or cannot be started.
  package static func start(
    _ arguments: [String], environment: [String: String], gate: SpawnGate = ungated
  ) throws(ChildProcessError) {
    guard let command = arguments.first else { throw .notFound(command: "") }
    let path = try resolve(command, path: environment["PATH"])
    let argv = CStringArray(arguments)
    let envp = CStringArray(environment.map { "\($0.key)=\($0.value)" }.sorted())
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = gate {
      withCleanSignalMask { attributes in
        withExtendedLifetime((argv, envp)) {
          posix_spawn(&pid, path, &actions, &attributes, argv.pointer, envp.pointer)
        }
      }
    }
    guard spawned == 0 else {
      throw .notExecutable(command: command, reason: errorText(spawned))
    }
    let child = pid
    DetachedThread.start {
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
  }
}
