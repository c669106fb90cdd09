#!/usr/bin/env bash
# The public-API check: the library products' API against the last release tag, with
# `swift package diagnose-api-breaking-changes` (it builds the tag in a scratch checkout).
# Release tags are bare versions (0.1.0), the value of ClerkVersion.current. Skipped, exit 0,
# when there is no tag yet, or when ClerkVersion.current starts a new major version (or a new
# minor of 0.x), where breaking changes are allowed. API_BASELINE=<treeish> compares with that.
set -euo pipefail
cd "$(dirname "$0")/.."
version="$(sed -n 's/.*static let current = "\([0-9.]*\)".*/\1/p' Sources/ClerkctlCore/ClerkVersion.swift)"
baseline="${API_BASELINE:-}"
if [ -z "$baseline" ]; then
  baseline="$(git tag --list '[0-9]*.[0-9]*.[0-9]*' --sort=-v:refname | head -n 1)"
  if [ -z "$baseline" ]; then
    echo "api-check: skipped: no release tag yet (the first is $version)" >&2
    exit 0
  fi
  series() { # 1.4.2 -> 1; 0.3.1 -> 0.3: the versions within which nothing may break
    case "$1" in 0.*) echo "${1%.*}" ;; *) echo "${1%%.*}" ;; esac
  }
  if [ "$(series "$version")" != "$(series "$baseline")" ]; then
    echo "api-check: skipped: $version starts a new series after $baseline (breaks allowed)" >&2
    exit 0
  fi
fi
echo "api-check: ClerkctlKit and ClerkctlBrowserSignIn against $baseline" >&2
swift package diagnose-api-breaking-changes "$baseline" \
  --products ClerkctlKit ClerkctlBrowserSignIn
