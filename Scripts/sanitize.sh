#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer, then ThreadSanitizer, each in its own scratch path
# (.build-asan, .build-tsan). Extra arguments go to `swift test` (e.g. --filter Suite).
# The end-to-end tests run the instrumented clerkctl and clerk-emulator built alongside.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for sanitizer in address thread; do
  [ "$sanitizer" = address ] && scratch=.build-asan || scratch=.build-tsan
  echo "sanitize: $sanitizer ($scratch)"
  swift build --build-tests --scratch-path "$scratch" -Xswiftc -sanitize="$sanitizer" "$@" || {
    status=1
    continue
  }
  if ! swift test --skip-build --scratch-path "$scratch" "$@"; then
    echo "sanitize: $sanitizer FAILED" >&2
    status=1
  fi
done
exit $status
