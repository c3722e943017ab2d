#!/usr/bin/env bash
# The toolchain on the library file system, as on Redis: nvmove finds libaerie's persistent types
# with its mount as the load function (precise mode; paper mode is scored alongside),
# scripts/score-types.py scores them against examples/aerie/verdicts.tsv, and delay-injector
# instruments the library from the precise JSON (types the verdicts call false left out); the
# instrumented sources are compiled into a libaerie.so that stands in for the built one through
# LD_LIBRARY_PATH, so every program on PXFS (the preload library, the tools) is charged NVM
# latency at each access to persistent data under the model PMS_NVM_MODEL names.
#   examples/aerie/instrument.sh [OUT]      # default build/examples/aerie-instrumented
# Prints the directory to put in LD_LIBRARY_PATH as its last line.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BUILD=${NVM_BUILD:-$REPO/build}
OUT=${1:-$BUILD/examples/aerie-instrumented}
say() { echo "instrument: $*" >&2; }
die() { say "error: $*"; exit 1; }
[ $# -le 1 ] || die "usage: instrument.sh [OUT]"
for t in nvmove delay-injector; do [ -x "$BUILD/bin/$t" ] || die "no $BUILD/bin/$t (scripts/build.sh)"; done
[ -s "$BUILD/compile_commands.json" ] || die "no $BUILD/compile_commands.json (scripts/build.sh)"
[ -e "$BUILD/lib/libaerie.so" ] || die "no $BUILD/lib/libaerie.so (scripts/build.sh)"
rm -rf "$OUT" && mkdir -p "$OUT/cdb" "$OUT/obj" "$OUT/lib"

# libaerie's own units out of the build's compile database.
python3 - "$BUILD/compile_commands.json" "$HERE/src" "$OUT/cdb/compile_commands.json" <<'PY'
import json, os, sys
db, src, out = sys.argv[1:]
units = [e for e in json.load(open(db)) if os.path.dirname(e["file"]) == src]
if not units:
    sys.exit("instrument: error: no unit of %s in %s" % (src, db))
json.dump(units, open(out, "w"), indent=1)
PY

# aer_local_mount opens the pool and reaches the superblock from its root; aer_fsck, the
# recovery check, reads every directory (the mount only stores the directory policy), through
# the policy tables: --follow-callbacks, with --all-tus so that their units are parsed. The
# library maps its state and never reads it from a file: precise mode finds the layout by its
# pool-pointer rule (the records pms_root_get's pointer, and the block addresses computed from
# it, are used as). Paper mode's walk over the l-values the mount path assigns is scored too,
# for comparison.
for mode in precise paper; do
  json=$OUT/types.json
  [ $mode = precise ] || json=$OUT/types-$mode.json
  say "nvmove ($mode mode, load functions aer_local_mount and aer_fsck)"
  "$BUILD/bin/nvmove" -p "$OUT/cdb" --load-function=aer_local_mount --load-function=aer_fsck \
    --follow-callbacks --all-tus --mode=$mode --format=json \
    -o "$json" --quiet --no-cache 2>"$OUT/nvmove-$mode.stderr" ||
    die "nvmove failed: $(tail -1 "$OUT/nvmove-$mode.stderr")"
  python3 "$REPO/scripts/score-types.py" "$HERE/verdicts.tsv" "$json" >&2
done

# The types precise mode reports that the verdicts call false are left out (none so far).
EXCLUDE=$(python3 - "$HERE/verdicts.tsv" "$OUT/types.json" <<'PY'
import json, sys
verdicts = dict(l.rstrip("\n").split("\t")[:2] for l in open(sys.argv[1]) if l.strip() and not l.startswith("#"))
reported = [t["name"] for t in json.load(open(sys.argv[2]))["types"]]
print(",".join(n for n in reported if verdicts.get(n, "true") != "true"))
PY
)
say "delay-injector (leaving out ${EXCLUDE:-nothing})"
"$BUILD/bin/delay-injector" -p "$OUT/cdb" --types="$OUT/types.json" ${EXCLUDE:+--exclude-types="$EXCLUDE"} \
  --root="$HERE" --out="$OUT/src" --summary="$OUT/summary.json" 2>"$OUT/delay-injector.stderr" ||
  die "delay-injector failed: $(tail -1 "$OUT/delay-injector.stderr")"

say "compiling the instrumented library"
python3 - "$OUT/cdb/compile_commands.json" "$HERE" "$OUT" <<'PY'
import json, os, shlex, subprocess, sys
db, root, out = sys.argv[1:]
for e in json.load(open(db)):
    src = e["file"]
    inst = os.path.join(out, "src", os.path.relpath(src, root))
    args = shlex.split(e["command"]) if "command" in e else list(e["arguments"])
    keep, skip = [], False
    for a in args:  # the unit's own command, less its input and output
        if skip:
            skip = False
        elif a == "-o":
            skip = True
        elif a not in ("-c", src):
            keep.append(a)
    obj = os.path.join(out, "obj", os.path.basename(src) + ".o")
    r = subprocess.run(keep + ["-c", inst if os.path.exists(inst) else src, "-o", obj],
                       cwd=e["directory"], capture_output=True, text=True)
    if r.returncode:
        sys.exit("instrument: error: %s does not compile: %s" % (inst, r.stderr.strip().splitlines()[-1]))
PY
cc -shared -o "$OUT/lib/libaerie.so" -Wl,-soname,libaerie.so "$OUT"/obj/*.o \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -lsanguo -lpmem_shim -pthread || die "cannot link libaerie.so"
python3 "$REPO/scripts/instrument_port.py" summary "$OUT/summary.json" >&2
echo "$OUT/lib"
