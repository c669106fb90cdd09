# clerkctl — the two commands that matter: `make demo` and `make test`.
PREFIX ?= /usr/local
BINDIR := $(PREFIX)/bin
SWIFT ?= swift

.PHONY: all setup build test lint format install clean demo bench fuzz sanitize

all: build

setup:
	@Scripts/setup.sh

# The Swift runtime is linked statically: it halves clerkctl's start-up time and memory (the
# token cache hit runs in every script and CI step). libcurl and OpenSSL stay dynamic.
build: setup
	$(SWIFT) build -c release --static-swift-stdlib

test: setup
	Scripts/test.sh

lint:
	Scripts/lint.sh

format:
	$(SWIFT) format format --in-place --recursive --parallel Package.swift Sources Tests

install: build
	install -d "$(DESTDIR)$(BINDIR)"
	install -m 0755 .build/release/clerkctl .build/release/clerk-emulator "$(DESTDIR)$(BINDIR)/"

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
	rm -rf .build .build-fuzz .build-asan .build-tsan Fuzz/.build
