import Dispatch
import Glibc
import Testing

@testable import ClerkctlCore

@Suite("Detached threads and the recursive lock")
struct DetachedThreadTests {
  @Test("runs the body once, on another thread")
  func runsOnAnotherThread() {
    let caller = UInt(pthread_self())
    let ran = Lock<[UInt]>([])
    let done = DispatchSemaphore(value: 0)
    #expect(
      DetachedThread.start {
        ran.withLock { $0.append(UInt(pthread_self())) }
        done.signal()
      })
    done.wait()
    let threads = ran.withLock { $0 }
    #expect(threads.count == 1)
    #expect(threads.first != caller)
  }

  @Test("the recursive lock lets its holder in again and keeps other threads out")
  func recursiveLock() {
    let lock = RecursiveLock()
    let events = Lock<[String]>([])
    let started = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)
    lock.withLock {
      lock.withLock { events.withLock { $0.append("nested") } }
      DetachedThread.start {
        started.signal()
        lock.withLock { events.withLock { $0.append("other") } }
        finished.signal()
      }
      started.wait()
      events.withLock { $0.append("holder done") }
    }
    finished.wait()
    #expect(events.withLock { $0 } == ["nested", "holder done", "other"])
  }
}
