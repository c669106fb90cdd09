#!/usr/bin/env bash
# Builds everything (library, both executables, tests) and runs the whole suite.
# Swift Testing runs independent tests in parallel within the one test process. Then a short
# smoke run of each libFuzzer target (FUZZ_SMOKE_SECONDS each, default 3; 0 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
# Tools some tests drive: zsh and fish check the completion scripts' syntax, Chromium is the real
# browser of the browser sign-in test, tmux is the terminal of the prompt tests, python3 runs the
# HTTPS server of the TLS tests. Installed when missing; without them those checks cannot run,
# and say so.
Scripts/setup.sh zsh fish tmux chromium python3 ||
  echo "test: could not install zsh, fish, tmux, chromium or python3; the tests that need" \
    "them will report it" >&2
swift build --build-tests "$@"
swift test --skip-build "$@"
smoke="${FUZZ_SMOKE_SECONDS:-3}"
if [ "$smoke" != 0 ]; then
  Scripts/fuzz.sh "$smoke"
fi
