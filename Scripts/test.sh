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
# The OS keyring tests run the built clerkctl against a real Secret Service: gnome-keyring-daemon
# on a private bus from dbus-run-session, libsecret (opened with dlopen), and secret-tool to look
# the item up beside clerkctl. Installed when missing; without them those tests are skipped and
# say why.
# libsecret-1-dev only for the check that CSecret's declarations match libsecret's headers.
Scripts/setup.sh libsecret-1-0 gnome-keyring dbus-daemon dbus-bin libsecret-tools \
  libsecret-1-dev ||
  echo "test: could not install libsecret-1-0, gnome-keyring, dbus-daemon, dbus-bin," \
    "libsecret-tools or libsecret-1-dev; the OS keyring tests will be skipped and say so" >&2
# The conformance check validates the emulator's replies with Python's jsonschema and PyYAML:
# Debian's packages when apt can install them, else pip.
if ! python3 -c 'import jsonschema, yaml' >/dev/null 2>&1; then
  Scripts/setup.sh python3-jsonschema python3-yaml >/dev/null 2>&1 ||
    python3 -m pip install -q jsonschema pyyaml >/dev/null 2>&1 ||
    python3 -m pip install -q --break-system-packages jsonschema pyyaml >/dev/null 2>&1 ||
    echo "test: could not install Python's jsonschema and pyyaml; the conformance check will" \
      "report it" >&2
fi
# Clerk's Python Backend SDK (PyPI's clerk-backend-api) drives the emulator in a test, as a
# backend pointed at it with CLERK_API_URL would.
if ! python3 -c 'import clerk_backend_api' >/dev/null 2>&1; then
  python3 -m pip install -q clerk-backend-api >/dev/null 2>&1 ||
    python3 -m pip install -q --break-system-packages clerk-backend-api >/dev/null 2>&1 ||
    echo "test: could not install Clerk's Python SDK (clerk-backend-api); the test that" \
      "uses it will report it" >&2
fi
# Svix's Python library (PyPI's svix) checks the emulator's webhook signatures in a test.
if ! python3 -c 'import svix' >/dev/null 2>&1; then
  python3 -m pip install -q svix >/dev/null 2>&1 ||
    python3 -m pip install -q --break-system-packages svix >/dev/null 2>&1 ||
    echo "test: could not install Python's svix; the webhook test that uses it will report it" >&2
fi
# An import of a target that is not a declared dependency fails the build: the target graph in
# Package.swift is the architecture, and the compiler holds it.
swift build --build-tests --explicit-target-dependency-import-check=error "$@"
# The release binaries too (`make build`, incremental): the ELF version guard
# (Tests/EndToEndTests/Footprint/ELFVersionTests.swift) reads what they need from glibc and
# libstdc++, which only the release link (static Swift runtime) decides.
make --no-print-directory build >&2
export CLERKCTL_RELEASE_DIR="$PWD/.build/release"
# And what `make dist` makes from them, in a scratch directory: DistPackageTests checks the
# tarball, SHA256SUMS and the .deb, and installs the .deb into a scratch root (dpkg --root).
dist="$(mktemp -d)"
trap 'rm -rf "$dist"' EXIT
DIST_DIR="$dist" Scripts/dist.sh
export CLERKCTL_DIST_DIR="$dist"
# Every Frontend and Backend API reply any emulator serves to the suite (in process or as a
# child process) is recorded, then validated against Clerk's OpenAPI specs.
replies="$(mktemp -d)"
trap 'rm -rf "$replies" "$dist"' EXIT
CLERK_EMULATOR_RECORD_REPLIES="$replies" swift test --skip-build "$@"
python3 Tests/ClerkEmulatorTests/Fixtures/conformance/validate_replies.py "$replies"
# The DocC catalog builds with no warning (about 10 s with the library built), and the public
# API has no break since the last release tag (skipped, saying so, while there is none).
Scripts/docs.sh
Scripts/api-check.sh
smoke="${FUZZ_SMOKE_SECONDS:-3}"
if [ "$smoke" != 0 ]; then
  Scripts/fuzz.sh "$smoke"
fi
