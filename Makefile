# clerkctl — the two commands that matter: `make demo` and `make test`.
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
SWIFT ?= swift

.PHONY: all setup build test lint format install dist clean demo bench fuzz sanitize docs api-check

all: build

setup:
	@Scripts/setup.sh

# The Swift runtime is linked statically: it halves clerkctl's start-up time and memory (the
# token cache hit runs in every script and CI step). libcurl and libcrypto are opened on first
# use (dlopen), not linked. ld.bfd links, and the binaries export no symbols: less for the
# loader at every start (see BENCHMARKS.md). No packed relative relocations (DT_RELR): they
# need glibc 2.36, and the binaries run on glibc 2.34 (CCompat pins the few newer symbols; the
# ELF version guard in Tests/EndToEndTests/Footprint checks it). No RUNPATH ($ORIGIN): the loader
# and dlopen would search the binary's own directory first, so a libcurl.so.4 planted beside it
# in a shared directory would run inside clerkctl.
RELEASE_LDFLAGS := --disable-local-rpath -Xswiftc -use-ld=bfd -Xlinker --no-export-dynamic
# libstdc++ (the Swift runtime's C++) linked statically too: the loader maps, relocates and
# searches one library fewer at every start, and every symbol lookup while libcurl's thirty-odd
# libraries are opened skips it (a static hello world starts in 0.46 ms instead of 0.65 ms).
# -lstdc++ finds the archive first in STATIC_CXX_DIR, which holds only it; CCompat then pins
# no libstdc++ version and defines the one newer glibc call the archive brings (compat.c).
STATIC_CXX_DIR := $(CURDIR)/.build/static-libstdc++
RELEASE_LDFLAGS += -Xswiftc -Xclang-linker -Xswiftc -L$(STATIC_CXX_DIR) -Xcc -DCLERKCTL_STATIC_LIBSTDCXX
# Concrete generic types' metadata through accessor functions, not mangled names the runtime
# demangles on first use: a short-lived process uses each type first, so demangling was 22% of
# a cache hit's instructions (0.95 M of 4.23 M) and 2.8 M of a cold mint's, for 78 KB of code.
RELEASE_SWIFTFLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
# `clerkctl version` names the commit and the build date (UTC) of a release build.
COMMIT ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null)
BUILD_DATE ?= $(shell date -u +%Y-%m-%d)
BUILD_INFO := -Xcc -DCLERKCTL_COMMIT='"$(COMMIT)"' -Xcc -DCLERKCTL_BUILD_DATE='"$(BUILD_DATE)"'

# The two products only: ClerkTestSupport (a target, for the tests) does not build in release.
build: setup
	@archive=$$(clang -print-file-name=libstdc++.a) && [ -f "$$archive" ] || \
	  { echo "make: libstdc++.a not found (Debian: apt install libstdc++-12-dev)" >&2; exit 1; } && \
	  mkdir -p "$(STATIC_CXX_DIR)" && ln -sf "$$archive" "$(STATIC_CXX_DIR)/libstdc++.a"
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LDFLAGS) $(RELEASE_SWIFTFLAGS) $(BUILD_INFO) --product clerkctl
	$(SWIFT) build -c release --static-swift-stdlib $(RELEASE_LDFLAGS) $(RELEASE_SWIFTFLAGS) --product clerk-emulator

test: setup
	Scripts/test.sh

lint:
	Scripts/lint.sh

# The DocC documentation of ClerkctlKit, offline (swift-symbolgraph-extract + docc, no plugin),
# into .build/docs; `make test` runs it too (about 10 s once the library is built).
docs:
	Scripts/docs.sh

# The library's public API against the last release tag (skipped until there is one).
api-check:
	Scripts/api-check.sh

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

MANDIR := $(PREFIX)/share/man/man1
SHAREDIR := $(PREFIX)/share

# The binaries, the man page and shell completions, all generated from the same declarations
# that parse arguments.
install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)" \
	  "$(DESTDIR)$(SHAREDIR)/bash-completion/completions" \
	  "$(DESTDIR)$(SHAREDIR)/zsh/site-functions" "$(DESTDIR)$(SHAREDIR)/fish/vendor_completions.d"
	install -m 0755 .build/release/clerkctl .build/release/clerk-emulator "$(DESTDIR)$(BINDIR)/"
	.build/release/clerkctl help --man-pages | while read -r page words; do \
	  .build/release/clerkctl help --man $$words > "$(DESTDIR)$(MANDIR)/$$page.1" || exit 1; \
	done
	.build/release/clerk-emulator --man > "$(DESTDIR)$(MANDIR)/clerk-emulator.1"
	.build/release/clerkctl completion bash > "$(DESTDIR)$(SHAREDIR)/bash-completion/completions/clerkctl"
	.build/release/clerkctl completion zsh > "$(DESTDIR)$(SHAREDIR)/zsh/site-functions/_clerkctl"
	.build/release/clerkctl completion fish > "$(DESTDIR)$(SHAREDIR)/fish/vendor_completions.d/clerkctl.fish"

# What a release page offers, in dist/: clerkctl_VERSION_linux_ARCH.tar.gz (binaries, man pages,
# completions, LICENSE, README), clerkctl_VERSION_ARCH.deb (dpkg-deb; installs into /usr) and
# SHA256SUMS (Scripts/dist.sh).
dist: build
	Scripts/dist.sh

demo: build
	Scripts/demo.sh

bench: build
	Scripts/bench.sh

# libFuzzer targets (Fuzz/), FUZZ_SECONDS each; `make test` runs them briefly.
FUZZ_SECONDS ?= 300
fuzz: setup
	Scripts/fuzz.sh $(FUZZ_SECONDS)

# The test suite under AddressSanitizer and ThreadSanitizer (.build-asan, .build-tsan).
sanitize: setup
	Scripts/sanitize.sh

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan Fuzz/.build dist
