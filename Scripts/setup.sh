#!/usr/bin/env bash
# Installs the system packages the build needs, when they are missing. Idempotent and quiet
# when everything is present. Debian/Ubuntu only (apt-get); elsewhere it says what to install.
set -euo pipefail

need=()
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
pkg-config --exists libcurl 2>/dev/null || need+=(libcurl4-openssl-dev)
pkg-config --exists libcrypto 2>/dev/null || need+=(libssl-dev)
# libstdc++.a: `make build` links libstdc++ statically (the Swift toolchain's own prerequisite).
[ -f "$(clang -print-file-name=libstdc++.a 2>/dev/null)" ] || need+=(libstdc++-12-dev)
# Extra tools used by tests and the demo when present; never required.
for pkg in "${@}"; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done

[ ${#need[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "setup: please install: ${need[*]} (libcurl and OpenSSL 3 development files)" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 && sudo="sudo" || {
    echo "setup: run as root or install: ${need[*]}" >&2
    exit 1
  }
fi
echo "setup: installing ${need[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt/dpkg run (up to 5 minutes) instead of failing on its lock.
apt=(apt-get -o DPkg::Lock::Timeout=300 -y -qq --no-install-recommends)
if ! $sudo "${apt[@]}" install "${need[@]}" >/dev/null 2>&1; then
  $sudo apt-get -o DPkg::Lock::Timeout=300 update -qq >/dev/null
  $sudo "${apt[@]}" install "${need[@]}" >/dev/null
fi
