/* The release binaries run on glibc 2.34 (RHEL 9) and libstdc++ 3.4.29 (GCC 11, Ubuntu 22.04).

   The Swift runtime's static libraries, built against a newer glibc and libstdc++, call three
   functions whose default symbol version is newer than that: libm's hypot and hypotf
   (GLIBC_2.35, a faster implementation of the same function) from Glibc's overlay and
   Foundation's CGFloat, and std::condition_variable::wait(unique_lock<mutex>&)
   (GLIBCXX_3.4.30, the same function exported again) from ICU. Linked as they are, the
   loader of an older system refuses the binary before main.

   Each is defined here, hidden (never exported, so no shared library's call reaches it), as a
   call to the old version of the same function, named with .symver: the static libraries'
   calls bind to these definitions at link time, and the binaries need only GLIBC_2.2.5 and
   GLIBCXX_3.4.11 for them. Tests/EndToEndTests/Footprint/ELFVersionTests.swift checks the
   release binaries' version needs.

   `make build` links libstdc++ statically (CLERKCTL_STATIC_LIBSTDCXX): the loader then has one
   library fewer to map, relocate and search, at every start. There is then no libstdc++
   version to pin, and its archive brings one newer glibc call of its own: arc4random
   (GLIBC_2.36), which std::random_device names. Neither binary uses std::random_device; the
   definition below (getrandom, GLIBC_2.25) keeps the reference from reaching glibc. */

extern double ccompat_hypot_2_2_5(double x, double y);
extern float ccompat_hypotf_2_2_5(float x, float y);

__asm__(".symver ccompat_hypot_2_2_5, hypot@GLIBC_2.2.5");
__asm__(".symver ccompat_hypotf_2_2_5, hypotf@GLIBC_2.2.5");

__attribute__((visibility("hidden"))) double hypot(double x, double y) {
  return ccompat_hypot_2_2_5(x, y);
}

__attribute__((visibility("hidden"))) float hypotf(float x, float y) {
  return ccompat_hypotf_2_2_5(x, y);
}

#ifdef CLERKCTL_STATIC_LIBSTDCXX
/* libstdc++ linked in: nothing of it to pin, and the archive's one newer glibc call to stand in
   for. <stdlib.h> is not included: glibc 2.36's declares arc4random with default visibility. */
#include <errno.h>
#include <stdint.h>
#include <sys/random.h>

extern void abort(void) __attribute__((noreturn));

/* glibc's arc4random: four bytes from the kernel's generator; it aborts when there are none. */
__attribute__((visibility("hidden"))) uint32_t arc4random(void) {
  uint32_t value;
  for (;;) {
    ssize_t count = getrandom(&value, sizeof value, 0);
    if (count == (ssize_t)sizeof value) return value;
    if (count < 0 && errno == EINTR) continue;
    abort();
  }
}
#else
/* libstdc++ loaded (debug and test builds): its condition_variable::wait pinned to 3.4.11. */
extern void ccompat_condition_variable_wait_3_4_11(void *condition, void *lock);

__asm__(".symver ccompat_condition_variable_wait_3_4_11, "
        "_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE@GLIBCXX_3.4.11");

/* std::condition_variable::wait(std::unique_lock<std::mutex>&), by its mangled name. */
__attribute__((visibility("hidden"))) void
_ZNSt18condition_variable4waitERSt11unique_lockISt5mutexE(void *condition, void *lock) {
  ccompat_condition_variable_wait_3_4_11(condition, lock);
}
#endif
