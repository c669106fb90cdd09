#ifndef CSYSTEM_SHIM_H
#define CSYSTEM_SHIM_H

#include <sys/ioctl.h>
#include <sys/prctl.h>

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

#endif
