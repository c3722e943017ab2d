#!/usr/bin/env bash
# Instruments Redis 7.0.15's src/ with delay-injector (types from nvmove precise mode), builds the
# instrumented redis-server against libpmem_shim, and runs a subset of Redis' own test suite
# under the dram preset. Idempotent: every run starts from fresh output directories.
#
#   examples/redis/instrument-and-test.sh            # everything
#   SKIP_TESTS=1 examples/redis/instrument-and-test.sh   # build only
#   REDIS_TESTS="unit/type/string unit/expire" ...       # another subset
#   TYPE_FILTER="--exclude-hint=volatile-fields,temporaries-only,likely-iterator" \
#     examples/redis/instrument-and-test.sh      # delay-injector type filter (--exclude-hint,
#                                                # --only-types, --exclude-types); the outputs
#                                                # then go to redis-instrumented-$VARIANT*
#                                                # (VARIANT defaults to "filtered")
set -euo pipefail
shopt -s lastpipe
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DI=${DELAY_INJECTOR:-$REPO/build/bin/delay-injector}
LIBDIR=${PMS_LIBDIR:-$REPO/build/lib}
INC=$REPO/runtime/pmem_shim/include
JOBS=${JOBS:-$(nproc)}
TESTS=${REDIS_TESTS:-unit/type/string unit/type/list unit/type/hash unit/type/set unit/type/zset unit/expire}

step() { printf '\n== %s\n' "$*" >&2; }
fail() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }

[ -x "$DI" ] || fail "no delay-injector at $DI (build the project first)"
[ -e "$LIBDIR/libpmem_shim.so" ] || fail "no libpmem_shim.so in $LIBDIR (build the project first)"
command -v tclsh >/dev/null || fail "tclsh missing (tcl is in scripts/setup.sh's PACKAGES; run it)"

step "compile database and nvmove (precise)"
DB=$("$REPO/examples/redis/fetch-and-build.sh" | tail -n 1)
SRC=$(dirname "$DB")
WORK=$(dirname "$SRC")                    # build/examples/redis
TYPES=$WORK/nvmove-precise.json
NVMOVE=${NVMOVE:-$REPO/build/bin/nvmove}
# Same command as run-nvmove.sh, precise mode only; reused while newer than nvmove and the database.
if [ ! -s "$TYPES" ] || [ "$NVMOVE" -nt "$TYPES" ] || [ "$DB" -nt "$TYPES" ]; then
  rc=0
  "$NVMOVE" -p "$DB" --load-function=rdbLoad --mode=precise --all-tus \
    --format=json -o "$TYPES" --quiet 2>/dev/null || rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "nvmove exited $rc"
fi
[ -s "$TYPES" ] || fail "nvmove wrote no $TYPES"
python3 "$REPO/scripts/summarize-types.py" "$TYPES" >&2

read -r -a FILTER <<<"${TYPE_FILTER:-}"
VARIANT=${VARIANT:-${TYPE_FILTER:+filtered}}
NAME=redis-instrumented${VARIANT:+-$VARIANT}
OUT=$(dirname "$WORK")/$NAME        # instrumented src/ files only
TREE=$OUT-build                     # whole tree, built
SUMMARY=$OUT-summary.json
LOG=$OUT-build.log

step "delay-injector ${FILTER[*]} on src/ -> $OUT"
rm -rf "$OUT" "$SUMMARY"
mapfile -t FILES < <(python3 - "$DB" "$SRC/src/" <<'PY'
import json, os, sys
root = sys.argv[2]
for e in json.load(open(sys.argv[1])):
    f = os.path.normpath(os.path.join(e["directory"], e["file"]))
    if f.startswith(root):
        print(f)
PY
)
[ ${#FILES[@]} -gt 0 ] || fail "no src/ entries in $DB"
rc=0
"$DI" -p "$DB" --types="$TYPES" "${FILTER[@]}" --root="$SRC/src" --out="$OUT" --summary="$SUMMARY" \
  "${FILES[@]}" 2>"$OUT.stderr" || rc=$?
[ $rc -eq 0 ] || [ $rc -eq 2 ] || { tail -20 "$OUT.stderr" >&2; fail "delay-injector exited $rc"; }
[ $rc -eq 0 ] || echo "warning: delay-injector exit 2 (some TUs did not parse, left as they were)" >&2
python3 - "$SUMMARY" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
f = s["files"]
print(f"instrumented sites: {s['sites']} in {sum(1 for v in f.values() if v['sites'])} files "
      f"(reads {sum(v['reads'] for v in f.values())}, writes {sum(v['writes'] for v in f.values())}); "
      f"skipped {s['skipped_total']}: " + ", ".join(f"{k} {v}" for k, v in sorted(s["skipped"].items())))
if s.get("excluded_types"):
    print("excluded types:", ", ".join(f"{k} ({v})" for k, v in sorted(s["excluded_types"].items())))
big = sorted(s["types"].items(), key=lambda kv: -kv[1])[:8]
print("largest types:", ", ".join(f"{k} {v}" for k, v in big))
if s.get("incomplete"):
    print("incomplete TUs:", " ".join(s["incomplete"]))
PY

step "copy the tree and build the instrumented Redis -> $TREE"
rm -rf "$TREE"
# Build products and the compile database are not copied: the copy is built from scratch.
copy_tree() {
  mkdir -p "$1"
  tar -C "$SRC" --exclude='*.o' --exclude='*.d' --exclude='*.a' --exclude=compile_commands.json \
    --exclude=./src/redis-server -cf - . | tar -C "$1" -xf -
}
copy_tree "$TREE"
cp -r "$OUT/." "$TREE/src/"
n=$(grep -l 'pmem_shim/latency.h' "$TREE"/src/*.c "$TREE"/src/*.h 2>/dev/null | wc -l)
echo "instrumented files copied into the tree: $n" >&2
make -C "$TREE/src" distclean >/dev/null 2>&1 || true
if ! make -C "$TREE/src" -j"$JOBS" all MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no \
     REDIS_CFLAGS="-I$INC" \
     REDIS_LDFLAGS="-L$LIBDIR -Wl,-rpath,$LIBDIR -Wl,--no-as-needed -lpmem_shim" >"$LOG" 2>&1; then
  grep -E 'error|Error' "$LOG" | head -30 >&2
  fail "build of the instrumented Redis (log: $LOG)"
fi
# The same build of the untouched tree, for the warnings it already has.
PLAIN=$(dirname "$WORK")/redis-plain-build
PLOG=$PLAIN.log
if [ ! -x "$PLAIN/src/redis-server" ] || [ ! -s "$PLOG" ]; then
  rm -rf "$PLAIN" && mkdir -p "$PLAIN"
  copy_tree "$PLAIN"
  make -C "$PLAIN/src" distclean >/dev/null 2>&1 || true
  make -C "$PLAIN/src" -j"$JOBS" all MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no >"$PLOG" 2>&1 \
    || fail "build of the uninstrumented copy (log: $PLOG)"
fi
warnings() { grep -oE '[^ /]+\.[ch]:[0-9]+:[0-9]+: warning: .*\[-W[^]]+\]' "$1" | sed -E 's/:[0-9]+:[0-9]+:/:/' | sort -u; }
new_warn=$(comm -13 <(warnings "$PLOG") <(warnings "$LOG"))
echo "build: ok, $(warnings "$LOG" | wc -l) warnings, $(warnings "$PLOG" | wc -l) in the uninstrumented build (log: $LOG)" >&2
if [ -n "$new_warn" ]; then
  echo "new warnings:" >&2; echo "$new_warn" | sed 's/^/  /' >&2
else
  echo "no new warnings" >&2
fi
[[ $(ldd "$TREE/src/redis-server") == *pmem_shim* ]] || fail "redis-server does not link libpmem_shim"
echo "redis-server: $TREE/src/redis-server"

if [ -n "${SKIP_TESTS:-}" ]; then exit 0; fi

step "Redis' runtest with PMS_NVM_MODEL=dram: $TESTS"
singles=()
for t in $TESTS; do singles+=(--single "$t"); done
TLOG=$OUT-runtest.log
rc=0
(cd "$TREE" && PMS_NVM_MODEL=dram PMS_NVM_MODE=conservative \
  ./runtest "${singles[@]}" --clients "${RUNTEST_CLIENTS:-2}" --timeout 600 ${RUNTEST_ARGS:-}) \
  2>&1 | sed 's/\x1b\[[0-9;]*m//g' >"$TLOG" || rc=$?
ok=$(grep -c '^\[ok\]' "$TLOG" || true)
err=$(grep -cE '^\[(err|exception)\]' "$TLOG" || true)
skip=$(grep -c '^\[skip\]' "$TLOG" || true)
echo "runtest: $ok ok, $err err/exception, $skip skipped (exit $rc; log: $TLOG)"
grep -A1 -E '^\[(err|exception)\]' "$TLOG" || true
grep -E 'All tests passed|tests failed' "$TLOG" || true
[ "$rc" -eq 0 ] && [ "$err" -eq 0 ] || fail "runtest (see $TLOG)"
echo "all selected Redis tests passed under the dram preset"
