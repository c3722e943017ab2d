#!/usr/bin/env bash
# Instruments memcached 1.6.18 with delay-injector (types from nvmove precise mode), builds the
# instrumented memcached and memcached-debug against libpmem_shim, and runs a subset of
# memcached's own t/ tests under the dram preset, after running the same tests on an
# uninstrumented build of the same tree. Idempotent: every run starts from fresh output directories.
#
#   examples/memcached/instrument-and-test.sh               # everything
#   SKIP_TESTS=1 examples/memcached/instrument-and-test.sh  # build only
#   MEMCACHED_TESTS="t/getset.t t/cas.t" ...                # a subset (default: all of t/)
#   TYPE_FILTER="--exclude-hint=temporaries-only" ...       # delay-injector type filter; outputs
#                                                           # go to memcached-instrumented-$VARIANT*
#
# The t/ tests need two programs the plain `make memcached` (fetch-and-build.sh) does not build:
# memcached-debug, which MemcachedTest.pm starts, and timedrun, which it runs it under. Without
# timedrun the exec fails in the forked child and every test stops with "Failed to connect to
# unix socket: memcached not running"; the socket itself (/tmp/memcachetest.PID.N) and running
# as root (MemcachedTest.pm adds "-u root" for uid 0) are fine.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
DI=${DELAY_INJECTOR:-$REPO/build/bin/delay-injector}
NVMOVE=${NVMOVE:-$REPO/build/bin/nvmove}
LIBDIR=${PMS_LIBDIR:-$REPO/build/lib}
INC=$REPO/runtime/pmem_shim/include
JOBS=${JOBS:-$(nproc)}
# The whole t/ suite by default (82 files, about 4 minutes with -j2 here; SSL, SASL, proxy and the
# flaky hang tests skip themselves). MEMCACHED_TESTS picks files instead.
TESTS=${MEMCACHED_TESTS:-t}

step() { printf '\n== %s\n' "$*" >&2; }
fail() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }

[ -x "$DI" ] || fail "no delay-injector at $DI (build the project first)"
[ -e "$LIBDIR/libpmem_shim.so" ] || fail "no libpmem_shim.so in $LIBDIR (build the project first)"
command -v prove >/dev/null || fail "prove (perl) missing"

step "compile database and nvmove (precise)"
DB=$("$REPO/examples/memcached/fetch-and-build.sh" | tail -n 1)
SRC=$(dirname "$DB")
WORK=$(dirname "$SRC")                    # build/examples/memcached
TYPES=$WORK/nvmove-precise.json
# Same command as run-nvmove.sh, precise mode only; reused while newer than nvmove and the database.
if [ ! -s "$TYPES" ] || [ "$NVMOVE" -nt "$TYPES" ] || [ "$DB" -nt "$TYPES" ]; then
  rc=0
  "$NVMOVE" -p "$DB" --load-function=restart_fixup --load-function=restart_mmap_open \
    --load-function=_mc_meta_load_cb --mode=precise --all-tus --format=json -o "$TYPES" \
    --quiet 2>/dev/null || rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] || fail "nvmove exited $rc"
fi
[ -s "$TYPES" ] || fail "nvmove wrote no $TYPES"
python3 "$REPO/scripts/summarize-types.py" "$TYPES" >&2

read -r -a FILTER <<<"${TYPE_FILTER:-}"
VARIANT=${VARIANT:-${TYPE_FILTER:+filtered}}
OUT=$(dirname "$WORK")/memcached-instrumented${VARIANT:+-$VARIANT}  # instrumented sources only
TREE=$OUT-build                                                     # whole tree, built
SUMMARY=$OUT-summary.json
LOG=$OUT-build.log

step "delay-injector ${FILTER[*]} -> $OUT"
rm -rf "$OUT" "$SUMMARY"
rc=0
"$DI" -p "$DB" --types="$TYPES" "${FILTER[@]}" --root="$SRC" --out="$OUT" --summary="$SUMMARY" \
  2>"$OUT.stderr" || rc=$?
[ $rc -eq 0 ] || { tail -20 "$OUT.stderr" >&2; fail "delay-injector exited $rc"; }
python3 - "$SUMMARY" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
f = s["files"]
print(f"instrumented sites: {s['sites']} in {sum(1 for v in f.values() if v['sites'])} files "
      f"(reads {sum(v['reads'] for v in f.values())}, writes {sum(v['writes'] for v in f.values())}); "
      f"skipped {s['skipped_total']}: " + ", ".join(f"{k} {v}" for k, v in sorted(s["skipped"].items())))
print("per type:", ", ".join(f"{k} {v}" for k, v in sorted(s["types"].items(), key=lambda kv: -kv[1])))
if s.get("excluded_types"):
    print("excluded types:", ", ".join(f"{k} ({v})" for k, v in sorted(s["excluded_types"].items())))
PY

# copy_tree DIR: the configured source tree without build products or the compile database.
copy_tree() {
  rm -rf "$1" && mkdir -p "$1"
  tar -C "$SRC" --exclude='*.o' --exclude='*.gcda' --exclude='*.gcno' --exclude=compile_commands.json \
    --exclude=./memcached --exclude=./memcached-debug --exclude=./timedrun -cf - . | tar -C "$1" -xf -
}
# build DIR LOG [make variables...]: the production binary, the one t/ runs, and its wrapper.
build() {
  local dir=$1 log=$2; shift 2
  make -C "$dir" -j"$JOBS" memcached memcached-debug timedrun "$@" >"$log" 2>&1
}
warnings() { grep -oE '[^ /]+\.[ch]:[0-9]+:[0-9]+: (warning|error): .*\[-W[^]]+\]' "$1" | sed -E 's/:[0-9]+:[0-9]+:/:/' | sort -u; }

step "copy the tree and build the instrumented memcached -> $TREE"
copy_tree "$TREE"
cp -r "$OUT/." "$TREE/"
n=$(grep -l 'pmem_shim/latency.h' "$TREE"/*.c "$TREE"/*.h 2>/dev/null | wc -l)
echo "instrumented files copied into the tree: $n" >&2
# configure's LIBS is "-levent"; the runtime goes in front. memcached's own CFLAGS keep -Werror.
if ! build "$TREE" "$LOG" CPPFLAGS="-I$INC" \
     LDFLAGS="-L$LIBDIR -Wl,-rpath,$LIBDIR -Wl,--no-as-needed" LIBS="-lpmem_shim -levent"; then
  warnings "$LOG" | head -30 >&2
  grep -E 'error' "$LOG" | head -30 >&2
  fail "build of the instrumented memcached (log: $LOG)"
fi
PLAIN=$(dirname "$WORK")/memcached-plain-build
PLOG=$PLAIN.log
if [ ! -x "$PLAIN/memcached-debug" ] || [ ! -x "$PLAIN/timedrun" ] || [ ! -s "$PLOG" ]; then
  copy_tree "$PLAIN"
  build "$PLAIN" "$PLOG" || fail "build of the uninstrumented copy (log: $PLOG)"
fi
new_warn=$(comm -13 <(warnings "$PLOG") <(warnings "$LOG"))
echo "build: ok, $(warnings "$LOG" | wc -l) warnings, $(warnings "$PLOG" | wc -l) in the uninstrumented build (-Werror; log: $LOG)" >&2
if [ -n "$new_warn" ]; then
  echo "new warnings:" >&2; echo "$new_warn" | sed 's/^/  /' >&2
else
  echo "no new warnings" >&2
fi
for b in memcached memcached-debug; do
  [[ $(ldd "$TREE/$b") == *pmem_shim* ]] || fail "$b does not link libpmem_shim"
done
echo "memcached: $TREE/memcached"

if [ -n "${SKIP_TESTS:-}" ]; then exit 0; fi

# run_tests DIR LABEL [ENV...]: prove the tests in DIR (t/ uses the binaries of the tree it runs in).
run_tests() {
  local dir=$1 label=$2; shift 2
  local tlog=$(dirname "$WORK")/memcached-$label-prove.log rc=0
  # shellcheck disable=SC2086
  (cd "$dir" && env "$@" prove -j"$JOBS" $TESTS) >"$tlog" 2>&1 || rc=$?
  echo "$label: $(grep -E '^(Files=|Result:)' "$tlog" | tr '\n' ' ')(exit $rc; log: $tlog)"
  grep -E '^t/.*(Failed|Wstat|Dubious)' "$tlog" || true
  return $rc
}
step "memcached tests ($TESTS), uninstrumented"
run_tests "$PLAIN" plain || fail "the tests do not pass uninstrumented either (see log)"
step "memcached tests ($TESTS), instrumented, PMS_NVM_MODEL=dram"
run_tests "$TREE" "instrumented${VARIANT:+-$VARIANT}" PMS_NVM_MODEL=dram PMS_NVM_MODE=conservative \
  || fail "t/ tests under dram"
echo "all selected memcached tests passed under the dram preset"
