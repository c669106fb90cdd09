#!/usr/bin/env bash
# The public-API check: the library products' public API against the last release tag
# (Scripts/api-compare.py over both trees' public symbol graphs; the tag is built in a scratch
# export).
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
# The public declarations only, from each tree's symbol graphs (the ones DocC reads): SwiftPM's
# diagnose-api-breaking-changes counts `package` declarations too, so any refactor inside the
# package read as a break. The baseline is built from a clean export of the tag.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
triple="$(uname -m)-unknown-linux-gnu"
graphs() { # graphs PACKAGE_DIR OUTPUT_DIR
  swift build --package-path "$1" --target ClerkctlBrowserSignIn >&2
  local bin maps=()
  bin="$(swift build --package-path "$1" --show-bin-path)"
  for map in "$1"/Sources/C*/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
  mkdir -p "$2"
  for module in ClerkctlKit ClerkctlBrowserSignIn; do
    swift-symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
      "${maps[@]}" -minimum-access-level public -skip-synthesized-members -output-dir "$2"
  done
}
mkdir -p "$scratch/baseline"
git archive "$baseline" | tar -x -C "$scratch/baseline"
graphs "$scratch/baseline" "$scratch/baseline-graphs"
graphs "$PWD" "$scratch/graphs"
python3 Scripts/api-compare.py "$scratch/baseline-graphs" "$scratch/graphs"
