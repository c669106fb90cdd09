#!/usr/bin/env bash
# Builds the DocC documentation of ClerkctlKit offline with the toolchain's own tools, no
# plugin: swift-symbolgraph-extract reads the built module, docc converts the catalog
# (Sources/ClerkctlKit/ClerkctlKit.docc) with it. Output: .build/docs/ClerkctlKit.doccarchive
# (DOCS_DIR to change), also rendered for static hosting. Warnings fail the build.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${DOCS_DIR:-.build/docs}"
graphs="$out/symbol-graphs"
swift build --target ClerkctlKit >&2
bin="$(swift build --show-bin-path)"
triple="$(uname -m)-unknown-linux-gnu"
rm -rf "$out"
mkdir -p "$graphs"
# The C modules ClerkctlKit's layers import, by their module maps (SwiftPM passes the same).
maps=()
for map in Sources/C*/module.modulemap; do maps+=(-Xcc "-fmodule-map-file=$map"); done
swift-symbolgraph-extract -module-name ClerkctlKit -target "$triple" -I "$bin/Modules" \
  "${maps[@]}" -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"
docc convert Sources/ClerkctlKit/ClerkctlKit.docc --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name ClerkctlKit --fallback-bundle-identifier org.clerkctl.ClerkctlKit \
  --output-path "$out/ClerkctlKit.doccarchive" --transform-for-static-hosting \
  --warnings-as-errors
echo "docs: $out/ClerkctlKit.doccarchive" >&2
