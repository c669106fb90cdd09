import Foundation
import Glibc

/// A child started the careless way: a plain `posix_spawn` with no file actions, so it inherits
/// every descriptor of this process that is not close-on-exec, as a library or another test
/// starting a program at the wrong moment would. Tests start one while a connection is open to
/// show that the child keeps nothing of it alive. ``end()`` kills and reaps it.
package final class InheritingChild: Sendable {
  package let pid: pid_t

  /// Starts `arguments[0]` (a path) with `arguments` and an empty environment.
  package init(_ arguments: [String]) throws {
    var cArguments = arguments.map { strdup($0) } + [nil]
    defer { for pointer in cArguments { free(pointer) } }
    var environment: [UnsafeMutablePointer<CChar>?] = [nil]
    var child = pid_t()
    let result = ExecutableFile.spawning {
      posix_spawn(&child, arguments[0], nil, nil, &cArguments, &environment)
    }
    guard result == 0 else {
      throw SpawnError(
        message: "could not start \(arguments[0]): \(String(cString: strerror(result)))")
    }
    pid = child
  }

  /// Kills the child (SIGKILL) and awaits its reaping, off the cooperative threads.
  package func end() async {
    let pid = pid
    kill(pid, SIGKILL)
    await onOwnThread {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
  }
}
