#!/usr/bin/env bash
# Runs the pool-open fuzzer for a fixed time budget over the committed corpus.
# New interesting inputs go to a scratch directory (add them to corpus/ by hand
# after review); a crash leaves crash-* in the current directory and exits 1.
# usage: run-fuzz.sh [SECONDS] [BUILD_DIR]
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SECS=${1:-300}
OUT=${2:-"$HERE/../../build/fuzz"}
mkdir -p "$OUT/new-corpus"
"$HERE/build-fuzzer.sh" "$OUT/pool-open-fuzzer"
ASAN_OPTIONS=detect_leaks=0 "$OUT/pool-open-fuzzer" -max_total_time="$SECS" \
  -max_len=4096 -timeout=10 -print_final_stats=1 \
  "$OUT/new-corpus" "$HERE/corpus"
