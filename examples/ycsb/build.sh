#!/usr/bin/env bash
# Builds the YCSB 0.17.0 client with this project's Redis and memcached bindings (Debian's maven
# and openjdk-17; the core, Jedis and spymemcached come from Maven Central) into build/ycsb/:
#   build/ycsb/nvmove-ycsb.jar   the bindings (org.nvmove.ycsb.RedisClient, .MemcachedClient)
#   build/ycsb/lib/              YCSB core and every runtime dependency
# Prints build/ycsb. Does nothing when the jar is newer than every source (idempotent).
# Environment: YCSB_OUT (default <repo>/build/ycsb), MVN (default mvn), FORCE=1 rebuilds.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
OUT=${YCSB_OUT:-$REPO/build/ycsb}
MVN=${MVN:-mvn}
say() { echo "ycsb-build: $*" >&2; }

JAR=$OUT/nvmove-ycsb.jar
if [ -z "${FORCE:-}" ] && [ -s "$JAR" ] && [ -d "$OUT/lib" ] &&
   [ -z "$(find "$HERE/pom.xml" "$HERE/src" -newer "$JAR" -print -quit)" ]; then
  echo "$OUT"; exit 0
fi
command -v "$MVN" >/dev/null && command -v javac >/dev/null ||
  "$REPO/scripts/setup.sh" >&2   # maven, openjdk-17-jdk-headless
say "building the bindings with $($MVN -v 2>/dev/null | head -1 | sed 's/\x1b\[[0-9;]*m//g') into $OUT"
mkdir -p "$OUT"
rm -rf "$OUT/lib"
# -B: no colours or progress bars in logs; the log is kept for when it fails.
if ! "$MVN" -B -q -f "$HERE/pom.xml" -Dycsb.out="$OUT" package >"$OUT/build.log" 2>&1; then
  tail -30 "$OUT/build.log" >&2
  say "maven failed (log: $OUT/build.log)"
  exit 1
fi
[ -s "$JAR" ] || { say "maven did not write $JAR"; exit 1; }
echo "$OUT"
