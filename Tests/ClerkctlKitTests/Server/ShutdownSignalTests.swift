import Glibc
import Testing

@testable import ClerkctlHTTPServer

@Suite("Shutdown signal")
struct ShutdownSignalTests {
  @Test("wait() returns the blocked SIGTERM sent to this thread")
  func waitsForSignal() {
    var previous = sigset_t()
    pthread_sigmask(SIG_SETMASK, nil, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    ShutdownSignal.install()
    pthread_kill(pthread_self(), SIGTERM)
    #expect(ShutdownSignal.wait() == SIGTERM)
  }
}
