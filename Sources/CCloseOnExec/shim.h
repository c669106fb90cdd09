#ifndef CCLOSEONEXEC_SHIM_H
#define CCLOSEONEXEC_SHIM_H

#include <spawn.h>
#include <sys/socket.h>

/* The calls that create a descriptor already close-on-exec, and posix_spawn's close-from
   action: glibc declares them only under _GNU_SOURCE, and Swift's Glibc module is built
   without it. Defining _GNU_SOURCE here is no way out: it changes struct definitions (fd_set)
   that other modules see without it, and the importer then refuses them both. So the
   prototypes are repeated here exactly as glibc 2.36 declares them; glibc exports all four
   (posix_spawn_file_actions_addclosefrom_np since 2.34). ClerkctlCore's CloseOnExec is the
   only user. */

extern int pipe2(int pipedes[2], int flags);
extern int accept4(int fd, struct sockaddr *address, socklen_t *address_length, int flags);
extern int mkostemp(char *template_, int flags);
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions,
                                                    int from);

#endif
