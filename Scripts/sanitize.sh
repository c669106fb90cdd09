#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer, then ThreadSanitizer, each in its own scratch path
# (.build-asan, .build-tsan). Extra arguments go to `swift test` (e.g. --filter Suite).
# The end-to-end tests run the instrumented clerkctl and clerk-emulator built alongside.
set -euo pipefail
cd "$(dirname "$0")/.."
# Children (clerkctl, clerk-emulator) inherit these: leaks in the toolchain's own libraries are
# suppressed, everything else fails the run.
export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt:print_suppressions=0"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
export TSAN_OPTIONS="suppressions=$PWD/Scripts/tsan-suppressions.txt:halt_on_error=0"
status=0
for sanitizer in address thread; do
  [ "$sanitizer" = address ] && scratch=.build-asan || scratch=.build-tsan
  echo "sanitize: $sanitizer ($scratch)"
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
