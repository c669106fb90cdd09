#!/usr/bin/env bash
# `make dist`: what a release page offers, for this machine's architecture, in DIST_DIR
# (default dist/):
#   clerkctl_VERSION_linux_ARCH.tar.gz  bin/ (clerkctl, clerk-emulator), share/man/man1/,
#                                       share/{bash-completion,zsh,fish}/…, LICENSE, README.md,
#                                       under one clerkctl_VERSION_linux_ARCH/ directory (as gh's);
#   clerkctl_VERSION_ARCH.deb           the same under /usr (man pages gzipped, zsh completion in
#                                       vendor-completions, LICENSE as the copyright file), built
#                                       with dpkg-deb; depends on libcurl4 and libssl3, opened on
#                                       first use, and on the glibc floor (libstdc++ is linked in);
#   SHA256SUMS                          sha256sum of both.
# VERSION is ClerkVersion.current (Sources/ClerkctlCore/ClerkVersion.swift). The binaries are the
# release build (`make build`, run first by the Makefile), stripped. File times are the last
# commit's (SOURCE_DATE_EPOCH), owners root: the same commit gives the same archives.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
out=${DIST_DIR:-$root/dist}
bin=$root/.build/release

version=$(sed -n 's/^ *package static let current = "\([^"]*\)".*/\1/p' \
  Sources/ClerkctlCore/ClerkVersion.swift)
[ -n "$version" ] || { echo "dist: no version in Sources/ClerkctlCore/ClerkVersion.swift" >&2; exit 1; }
deb_arch=$(dpkg --print-architecture 2>/dev/null || true)
case "$(uname -m)" in
  x86_64) arch=amd64 ;;
  aarch64) arch=arm64 ;;
  *) arch=$(uname -m) ;;
esac
deb_arch=${deb_arch:-$arch}
for tool in clerkctl clerk-emulator; do
  [ -x "$bin/$tool" ] || { echo "dist: $bin/$tool is missing: run 'make build'" >&2; exit 1; }
done
command -v dpkg-deb >/dev/null || { echo "dist: dpkg-deb is needed for the .deb" >&2; exit 1; }
# The binaries must say the version the archives are named after.
built=$("$bin/clerkctl" version | head -n 1)
[ "$built" = "clerkctl $version" ] || {
  echo "dist: .build/release/clerkctl says '$built', the source says $version: run 'make build'" >&2
  exit 1
}

export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
work=$(mktemp -d "${TMPDIR:-/tmp}/clerkctl-dist.XXXXXX")
trap 'rm -rf "$work"' EXIT
umask 022

# stage DIR PREFIX: binaries, man pages and completions under DIR/PREFIX (what `make install`
# puts there).
stage() {
  local dir=$1 prefix=$2 page words
  install -d "$dir$prefix/bin" "$dir$prefix/share/man/man1" \
    "$dir$prefix/share/bash-completion/completions" "$dir$prefix/share/zsh/site-functions" \
    "$dir$prefix/share/fish/vendor_completions.d"
  for tool in clerkctl clerk-emulator; do
    strip --strip-all -o "$dir$prefix/bin/$tool" "$bin/$tool"
    chmod 0755 "$dir$prefix/bin/$tool"
  done
  "$bin/clerkctl" help --man-pages | while read -r page words; do
    # shellcheck disable=SC2086 # the words are the command's name, one argument each
    "$bin/clerkctl" help --man $words >"$dir$prefix/share/man/man1/$page.1"
  done
  "$bin/clerk-emulator" --man >"$dir$prefix/share/man/man1/clerk-emulator.1"
  "$bin/clerkctl" completion bash >"$dir$prefix/share/bash-completion/completions/clerkctl"
  "$bin/clerkctl" completion zsh >"$dir$prefix/share/zsh/site-functions/_clerkctl"
  "$bin/clerkctl" completion fish >"$dir$prefix/share/fish/vendor_completions.d/clerkctl.fish"
}

mkdir -p "$out"

# --- the tarball --------------------------------------------------------------------------------
name=clerkctl_${version}_linux_${arch}
stage "$work/tar/$name" ""
cp LICENSE README.md "$work/tar/$name/"
tarball=$name.tar.gz
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$SOURCE_DATE_EPOCH" \
  -C "$work/tar" -cf - "$name" | gzip -9n >"$out/$tarball"

# --- the Debian package -------------------------------------------------------------------------
pkg=$work/deb
stage "$pkg" /usr
# Debian's places: zsh's vendor completions, gzipped man pages, the licence as copyright.
mkdir -p "$pkg/usr/share/zsh/vendor-completions" "$pkg/usr/share/doc/clerkctl"
mv "$pkg/usr/share/zsh/site-functions/_clerkctl" "$pkg/usr/share/zsh/vendor-completions/"
rmdir "$pkg/usr/share/zsh/site-functions"
gzip -9n "$pkg"/usr/share/man/man1/*.1
cp LICENSE "$pkg/usr/share/doc/clerkctl/copyright"
cp README.md "$pkg/usr/share/doc/clerkctl/README.md"
installed_size=$(du -sk --apparent-size "$pkg/usr" | cut -f1)
mkdir -p "$pkg/DEBIAN"
cat >"$pkg/DEBIAN/control" <<EOF
Package: clerkctl
Version: $version
Architecture: $deb_arch
Maintainer: The clerkctl authors
Installed-Size: $installed_size
Depends: libc6 (>= 2.34), libgcc-s1, libcurl4 | libcurl4t64, libssl3 | libssl3t64
Section: utils
Priority: optional
Description: Clerk sign-in and JWTs from the terminal and CI, and a local Clerk emulator
 clerkctl signs in to Clerk (password, email or phone code, ticket, browser) and
 prints short-lived JWTs from Clerk's JWT templates for shell pipelines and CI,
 such as the convex template a Convex backend accepts. clerk-emulator is a local
 Clerk (Frontend API, a Backend API subset, JWKS and a Convex-style API) for
 offline development and tests.
EOF
deb=clerkctl_${version}_${deb_arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$pkg" "$out/$deb" >/dev/null

# --- checksums ----------------------------------------------------------------------------------
(cd "$out" && sha256sum "$tarball" "$deb" >SHA256SUMS)
echo "dist: wrote $out/$tarball, $out/$deb and $out/SHA256SUMS" >&2
