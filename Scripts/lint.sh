#!/usr/bin/env bash
# Checks formatting with the swift-format that ships with the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --recursive --parallel Package.swift Sources Tests
