#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer, then ThreadSanitizer, each in its own scratch path
# (.build-asan, .build-tsan). Extra arguments go to `swift test` (e.g. --filter Suite).
# The end-to-end tests run the instrumented clerkctl and clerk-emulator built alongside.
set -euo pipefail
cd "$(dirname "$0")/.."
# Children (clerkctl, clerk-emulator) get these too (the tests' fixtures pass them on, see
# Tests/ClerkTestSupport/Sanitizer.swift): leaks in the toolchain's own libraries are
# suppressed, everything else fails the run.
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export TSAN_OPTIONS="suppressions=$PWD/Scripts/tsan-suppressions.txt:halt_on_error=0"
# The instrumented emulator, many at once on a small machine, can take longer than clerkctl's
# default 15 s per request to answer: the fixtures' clerkctl runs get 60 s (tests about the
# limit set their own).
export CLERKCTL_REQUEST_TIMEOUT=60
status=0
for sanitizer in address thread; do
  [ "$sanitizer" = address ] && scratch=.build-asan || scratch=.build-tsan
  echo "sanitize: $sanitizer ($scratch)"
  # Names the build for the few tests that cannot work under a sanitizer (each says why).
  export CLERKCTL_SANITIZER="$sanitizer"
  swift build --build-tests --scratch-path "$scratch" -Xswiftc -sanitize="$sanitizer" || {
    status=1
    continue
  }
  if ! swift test --skip-build --scratch-path "$scratch" "$@"; then
    echo "sanitize: $sanitizer FAILED" >&2
    status=1
  fi
done
exit $status
