#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ (with AddressSanitizer) and runs each for SECONDS
# (default 60). Usage: Scripts/fuzz.sh [SECONDS] [TARGET…]
# Seeds are in Fuzz/Corpus/<target>/ (read only); inputs found are kept in .build-fuzz/corpus/;
# a crash leaves its input in .build-fuzz/artifacts/ and makes this script fail.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(FuzzJWT FuzzPublishableKey FuzzCredentialFile FuzzFrontendResponse FuzzRequestParser)
fi
scratch="$PWD/.build-fuzz"
mkdir -p "$scratch"
# The linker warns once per ASan helper symbol; keep the log and show it only on failure.
if ! swift build -c debug --package-path Fuzz --scratch-path "$scratch/build" \
  -Xswiftc -sanitize=fuzzer,address >"$scratch/build.log" 2>&1; then
  grep -v "Cannot export local symbol" "$scratch/build.log" | tail -n 40 >&2
  exit 1
fi
bin="$(swift build -c debug --package-path Fuzz --scratch-path "$scratch/build" --show-bin-path)"
mkdir -p "$scratch/artifacts"
status=0
for target in "${targets[@]}"; do
  corpus="$scratch/corpus/$target"
  mkdir -p "$corpus"
  echo "fuzz: $target for ${seconds}s"
  if ! "$bin/$target" -max_total_time="$seconds" -max_len=8192 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$scratch/artifacts/$target-" \
    "$corpus" "Fuzz/Corpus/$target" 2>"$scratch/$target.log"; then
    echo "fuzz: $target FAILED; see $scratch/$target.log and $scratch/artifacts/" >&2
    tail -n 40 "$scratch/$target.log" >&2
    status=1
  else
    grep -E "^Done |^stat::new_units_added" "$scratch/$target.log" \
      | sed "s/^/fuzz: $target /" || true
  fi
done
exit $status
