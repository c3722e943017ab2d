#!/usr/bin/env bash
# The CI port check as a plain script: nvmove on the ported sources, then persist-rewriter --check.
#
# Usage: port-check.sh [options] SRC_DIR LOAD_FUNCTION[,LOAD_FUNCTION...] [CONFIG]
#   SRC_DIR        the committed port (e.g. examples/records/ported)
#   LOAD_FUNCTION  the function(s) that load the state at start-up (nvmove --load-function)
#   CONFIG         the port configuration persist-rewriter used (e.g. examples/records/port.conf)
# Options:
#   -p DIR         use DIR/compile_commands.json instead of compiling SRC_DIR/*.c with
#                  $PORT_CHECK_CFLAGS (default: -std=c11 -D_GNU_SOURCE)
#   --out=DIR      where the compile databases, types, diff and summary go (default: build/port-check)
#   --raw-nvmove   let nvmove read <pmem_shim/port.h> without its analysis view (shows what it
#                  finds unaided; see docs/ci.md, "Why nvmove gets a view header")
#   --types=FILE   check against the persistent-types JSON the port was made from instead of
#                  running nvmove on the ported sources (on a large program nvmove's answer on the
#                  port's view can differ from its answer on the original: Redis)
#
# Prints the missing edits as a unified diff on stdout and one verdict line on stderr.
# Exit codes (persist-rewriter's, plus the guard):
#   0  the sources are fully ported
#   1  error: bad usage, a tool failed, or nvmove finds fewer persistent types than the sources
#      mark PMS_PERSISTENT (the check would not cover the others)
#   2  some translation unit did not parse: the check is incomplete
#   3  new code is not ported: an unported store, allocation, free, ... (the diff names the lines)
set -uo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN=${NVM_BIN:-$REPO/build/bin}
SHIM_INCLUDE=$REPO/runtime/pmem_shim/include

die() { echo "port-check: error: $*" >&2; exit 1; }
verdict() { echo "port-check: $2" >&2; exit "$1"; }

CDB_DIR="" OUT="$REPO/build/port-check" RAW=0 ARGS=() TYPES=""
for a in "$@"; do
  case "$a" in
    --out=*) OUT=${a#--out=} ;;
    --types=*) TYPES=${a#--types=} ;;
    --raw-nvmove) RAW=1 ;;
    -p) CDB_DIR=next ;;
    -h|--help) sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
    -*) die "unknown option '$a'" ;;
    *) if [ "$CDB_DIR" = next ]; then CDB_DIR=$a; else ARGS+=("$a"); fi ;;
  esac
done
[ "$CDB_DIR" = next ] && die "-p needs a directory"
if [ ${#ARGS[@]} -lt 2 ] || [ ${#ARGS[@]} -gt 3 ]; then
  die "usage: port-check.sh [-p DIR] [--out=DIR] [--types=FILE] SRC_DIR LOAD_FUNCTION[,...] [CONFIG]"
fi
SRC=$(cd "${ARGS[0]}" 2>/dev/null && pwd) || die "no such source directory: ${ARGS[0]}"
LOADS=${ARGS[1]}
CONFIG=()
if [ ${#ARGS[@]} -eq 3 ]; then
  [ -r "${ARGS[2]}" ] || die "cannot read port configuration: ${ARGS[2]}"
  CONFIG=(--config="$(cd "$(dirname "${ARGS[2]}")" && pwd)/$(basename "${ARGS[2]}")")
fi

# A fresh checkout has no tools yet.
if [ ! -x "$BIN/nvmove" ] || [ ! -x "$BIN/persist-rewriter" ]; then
  echo "port-check: building the tools (scripts/build.sh)" >&2
  "$REPO/scripts/build.sh" || die "scripts/build.sh failed"
fi

rm -rf "$OUT/rewriter-db" "$OUT/nvmove-db"
mkdir -p "$OUT/rewriter-db" "$OUT/nvmove-db" || die "cannot create $OUT"
OUT=$(cd "$OUT" && pwd)

# nvmove reads <pmem_shim/port.h> in its analysis view (-DPMS_ANALYSIS_VIEW, defined in the
# header itself): every runtime call spelled as the libc call or plain store it stands for.
# nvmove counts neither PMS_LOGGED(x) = v as a store into x nor pms_malloc as an allocator, and
# without the view finds only 'record' of the records example's three types (docs/ci.md).

# Two compile databases over the same sources: the real one (port.h on the include path) for
# persist-rewriter, and nvmove's, which also asks for the header's analysis view.
VIEW_FLAGS=(-DPMS_ANALYSIS_VIEW)
[ "$RAW" = 1 ] && VIEW_FLAGS=()
python3 - "$SRC" "${CDB_DIR:+$CDB_DIR/compile_commands.json}" "$SHIM_INCLUDE" \
  "${PORT_CHECK_CFLAGS:--std=c11 -D_GNU_SOURCE}" "$OUT/rewriter-db/compile_commands.json" \
  "$OUT/nvmove-db/compile_commands.json" "${VIEW_FLAGS[@]}" <<'PY' || die "cannot write the compile databases"
import glob, json, os, shlex, sys
src, given, inc, cflags, real_out, view_out = sys.argv[1:7]
view = sys.argv[7:]
if given:
    entries = json.load(open(given))
else:
    entries = [{"directory": src, "file": os.path.basename(f),
                "arguments": ["cc"] + shlex.split(cflags) + ["-c", os.path.basename(f)]}
               for f in sorted(glob.glob(os.path.join(src, "*.c")))]
if not entries:
    sys.exit("port-check: error: no *.c file in " + src)
def with_flags(e, extra):
    e = dict(e)
    args = e.pop("arguments", None) or shlex.split(e.pop("command"))
    e["arguments"] = args[:1] + extra + args[1:]
    return e
for path, extra in ((real_out, ["-I" + inc]), (view_out, ["-I" + inc] + view)):
    with open(path, "w") as f:
        json.dump([with_flags(e, extra) for e in entries], f, indent=1)
        f.write("\n")
PY

if [ -n "$TYPES" ]; then
  cp "$TYPES" "$OUT/persistent-types.json" 2>/dev/null || die "cannot read the types JSON: $TYPES"
else
  LOAD_ARGS=()
  IFS=, read -ra LOAD_LIST <<< "$LOADS"
  for l in "${LOAD_LIST[@]}"; do LOAD_ARGS+=(--load-function="$l"); done
  "$BIN/nvmove" -p "$OUT/nvmove-db" "${LOAD_ARGS[@]}" --format=json -o "$OUT/persistent-types.json" \
    --no-cache --quiet
  rc=$?
  [ $rc -eq 0 ] || verdict $(( rc == 2 ? 2 : 1 )) "nvmove exited $rc on $SRC: no trustworthy type list"
fi

# Guard: every type the port marked PMS_PERSISTENT must still be found, or stores into it go unchecked.
marked=$(find "$SRC" -type f -name '*.[ch]' -exec grep -ow PMS_PERSISTENT {} + | wc -l)
found=$(python3 -c 'import json,sys; print(" ".join(t["name"] for t in json.load(open(sys.argv[1]))["types"]))' \
  "$OUT/persistent-types.json") || die "cannot read $OUT/persistent-types.json"
nfound=$(wc -w <<< "$found")
if [ "$nfound" -lt "$marked" ]; then
  verdict 1 "nvmove finds $nfound persistent type(s) (${found:-none}) but $SRC marks $marked with PMS_PERSISTENT: the check would miss stores into the others"
fi

"$BIN/persist-rewriter" -p "$OUT/rewriter-db" --types="$OUT/persistent-types.json" "${CONFIG[@]}" \
  --source-root="$SRC" --check --summary="$OUT/port-summary.json" > "$OUT/port.diff"
rc=$?
cat "$OUT/port.diff"
case $rc in
  0) verdict 0 "ok: $SRC is fully ported ($nfound persistent types: $found)" ;;
  3) verdict 3 "FAIL: $SRC has unported code: $(grep -c '^-[^-]' "$OUT/port.diff") line(s) need the edits above (apply: persist-rewriter --in-place, see docs/ci.md)" ;;
  2) verdict 2 "incomplete: some translation unit did not parse (see the messages above)" ;;
  *) verdict 1 "persist-rewriter --check exited $rc" ;;
esac
