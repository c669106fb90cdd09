#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* prctl(2) is variadic, which Swift cannot call: one fixed-argument wrapper per use. */

/* Makes the process not dumpable: no core file, and no ptrace or /proc/PID/mem access by
   other processes of the same user. Returns 0, or -1 with errno set. */
static inline int csystem_disable_dumping(void) { return prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); }

/* 1 when the process is dumpable, 0 when not, -1 with errno set on failure. */
static inline int csystem_dumpable(void) { return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0); }

/* ioctl(2) is variadic too. The width in columns of the terminal on `fd` (TIOCGWINSZ), or 0
   when it is not a terminal or does not know its size. */
static inline int csystem_terminal_columns(int fd) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return 0;
  return size.ws_col;
}

/* Starts `path` (argv, envp) in a child that receives `death_signal` when the thread that
   started it ends (PR_SET_PDEATHSIG), so the child does not outlive this process, even when it
   is SIGKILLed. posix_spawn cannot set that, hence fork: between fork and execve the child
   calls only async-signal-safe functions. The child starts with no signal blocked and every
   caught signal, and SIGXFSZ, at its default; if this process died before the signal was set
   (getppid is no longer `parent`), the child exits at once. Returns the pid, or -1 with
   `*error` set to the errno of fork, pipe2 or the child's execve. */
static inline pid_t csystem_spawn_dying_with_parent(const char *path, char *const argv[],
                                                    char *const envp[], int death_signal,
                                                    int *error) {
  int report[2];
  if (pipe2(report, O_CLOEXEC) != 0) {
    *error = errno;
    return -1;
  }
  sigset_t all, saved;
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &saved);
  pid_t parent = getpid();
  pid_t pid = fork();
  if (pid == 0) {
    close(report[0]);
    for (int sig = 1; sig < NSIG; sig++) {
      struct sigaction action;
      if (sigaction(sig, NULL, &action) != 0) continue;
      if (action.sa_handler == SIG_IGN && sig != SIGXFSZ) continue;
      if (action.sa_handler == SIG_DFL) continue;
      action.sa_handler = SIG_DFL;
      action.sa_flags = 0;
      sigemptyset(&action.sa_mask);
      sigaction(sig, &action, NULL);
    }
    if (prctl(PR_SET_PDEATHSIG, death_signal, 0, 0, 0) != 0 || getppid() != parent) _exit(127);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
    int code = errno;
    ssize_t ignored = write(report[1], &code, sizeof code);
    (void)ignored;
    _exit(127);
  }
  int fork_error = errno;
  pthread_sigmask(SIG_SETMASK, &saved, NULL);
  close(report[1]);
  if (pid < 0) {
    close(report[0]);
    *error = fork_error;
    return -1;
  }
  int code = 0;
  ssize_t got;
  do {
    got = read(report[0], &code, sizeof code);
  } while (got < 0 && errno == EINTR);
  close(report[0]);
  if (got == (ssize_t)sizeof code) {
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    *error = code;
    return -1;
  }
  *error = 0;
  return pid;
}

#endif
