#!/bin/sh
# run-fio.sh -- Debian's fio with the spindle external ioengine: 4 KiB random
# I/O at a read percentage on a new store; prints fio's IOPS and the
# engine's counters as one JSON line.
# usage: examples/spindle/fio/run-fio.sh CACHE READ_PCT IOS [DIR]
# (the engine: build-engine.sh; the dataset and caches as in evaluate.sh)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${NVM_BUILD:-$here/../../../build}
[ $# -ge 3 ] || { echo "usage: run-fio.sh CACHE READ_PCT IOS [DIR]" >&2; exit 2; }
cache=$1 pct=$2 ios=$3 dir=${4:-$build}
engine=$build/lib/spindle-fio-engine.so
[ -f "$engine" ] || { echo "run-fio.sh: error: $engine is not built (build-engine.sh)" >&2; exit 1; }
case $cache in
none) nvm="";; tinca) nvm="--nvm-blocks=16384";;
spindle) nvm="--nvm-blocks=15360 --nvm-meta-blocks=1024";;
*) echo "run-fio.sh: error: unknown cache '$cache' (none, tinca, spindle)" >&2; exit 2;;
esac
dev=$dir/fio-$cache.dev pool=/dev/shm/spindle-fio-$$-$cache.pool
rm -f "$dev" "$pool"
log=$(mktemp)
trap 'rm -f "$dev" "$pool" "$log"' EXIT
SPINDLE_DEV=$dev SPINDLE_POOL=$pool SPINDLE_CACHE=$cache SPINDLE_CREATE=1 SPINDLE_FILES=1024 \
SPINDLE_GEOMETRY="--home-blocks=65536 --meta-blocks=1024 --journal-blocks=1024 --dram-blocks=8192 $nvm" \
PMS_NVM_MODEL=spindle PMEM_IS_PMEM_FORCE=1 \
	fio --name=spindle --ioengine=external:"$engine" --rw=randrw --rwmixread="$pct" \
	--bs=4k --size=252m --filename=spindle --number_ios="$ios" --randrepeat=0 \
	--output-format=json > "$log" 2> "$log.err" || { cat "$log.err" >&2; rm -f "$log.err"; exit 1; }
python3 - "$log" "$log.err" "$cache" "$pct" <<'PY'
import json, sys
out = json.load(open(sys.argv[1]))["jobs"][0]
eng = [json.loads(l) for l in open(sys.argv[2]) if l.startswith('{"spindle_engine"')][0]
iops = out["read"]["iops"] + out["write"]["iops"]
ios = out["read"]["total_ios"] + out["write"]["total_ios"]
print(json.dumps({"tool": "fio", "cache": sys.argv[3], "read_pct": int(sys.argv[4]),
                  "iops": round(iops, 1), "ios": ios, "flushes_per_io": round(eng["flushes"] / ios, 2),
                  "fences_per_io": round(eng["fences"] / ios, 2),
                  "nvm_bytes_per_io": round(eng["nvm_bytes_written"] / ios, 1),
                  "disk_writes": eng["disk_writes"], "evictions": eng["evictions"]}))
PY
rm -f "$log.err"
