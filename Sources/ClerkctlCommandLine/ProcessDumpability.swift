internal import CSystem

/// Whether this process may be dumped: a core file, or another process of the same user
/// reading its memory (ptrace, `/proc/PID/mem`). A process holding a client token turns it off.
package enum ProcessDumpability {
  /// Makes the process not dumpable for the rest of its life (`prctl(PR_SET_DUMPABLE, 0)`);
  /// programs it executes start dumpable again.
  ///
  /// - Returns: whether the kernel accepted it.
  @discardableResult
  package static func disable() -> Bool {
    csystem_disable_dumping() == 0
  }

  /// Whether the process is dumpable now.
  package static var isDumpable: Bool {
    csystem_dumpable() == 1
  }
}
