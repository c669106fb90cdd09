internal import CSystem

/// Starts a program that does not outlive this process: it gets a signal when the thread that
/// started it ends, however this process ends (SIGKILL included), through `PR_SET_PDEATHSIG`.
package enum ParentDeathSpawn {
  /// Starts `path` with `arguments` and `environment` (NULL-terminated C string arrays), no
  /// signal blocked and caught signals (and SIGXFSZ) at their defaults, which gets `signal`
  /// when the calling thread ends. Call it from the thread that waits for the child.
  ///
  /// - Returns: the child's pid, or the `errno` of what failed (the program's `execve`
  ///   included, as `posix_spawn` reports it).
  package static func spawn(
    path: String, arguments: UnsafePointer<UnsafeMutablePointer<CChar>?>,
    environment: UnsafePointer<UnsafeMutablePointer<CChar>?>, signal: Int32
  ) -> Result<Int32, SpawnFailure> {
    var error: Int32 = 0
    let pid = csystem_spawn_dying_with_parent(path, arguments, environment, signal, &error)
    return pid > 0 ? .success(pid) : .failure(SpawnFailure(code: error))
  }

  /// Why a child could not be started: an `errno`.
  package struct SpawnFailure: Error, Equatable {
    package let code: Int32
  }
}
