#!/usr/bin/env bash
echo "bench: not yet implemented (issue: benchmarks)" >&2
exit 1
