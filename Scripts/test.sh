#!/usr/bin/env bash
# Builds everything (library, both executables, tests) and runs the whole suite.
# Swift Testing runs independent tests in parallel within the one test process.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --build-tests "$@"
swift test --skip-build "$@"
