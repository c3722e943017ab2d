#!/usr/bin/env bash
# Builds the pool-open fuzzer with clang-16, libFuzzer and AddressSanitizer.
# usage: build-fuzzer.sh OUTPUT
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
RT="$HERE/../../runtime/pmem_shim"
OUT=${1:?usage: build-fuzzer.sh OUTPUT}
clang-16 -std=gnu11 -g -O1 -fsanitize=fuzzer,address -I"$RT/include" \
  "$HERE/pool-open-fuzzer.c" "$RT"/src/*.c -ldl -lpthread -o "$OUT"
