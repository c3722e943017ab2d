#!/usr/bin/env bash
# Writes compile_commands.json for the bundled records example into the directory given (default: build/examples/records).
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
OUT=${1:-$HERE/../../build/examples/records}
mkdir -p "$OUT"
{
  echo "["
  sep=""
  for f in main.c ops.c persist.c store.c; do
    printf '%s{"directory": "%s", "arguments": ["cc", "-std=c11", "-D_GNU_SOURCE", "-c", "%s"], "file": "%s"}\n' \
      "$sep" "$HERE" "$f" "$f"
    sep=","
  done
  echo "]"
} > "$OUT/compile_commands.json"
echo "$OUT"
