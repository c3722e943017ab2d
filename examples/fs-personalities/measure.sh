#!/usr/bin/env bash
# Runs the four personalities (Aerie's variant), webproxy on the kvdir backend, and Table 2 on one directory, saving tables and JSON.
# usage: measure.sh DIR OUTDIR [DURATION]   (DIR must exist; OUTDIR gets <label>-<run>.txt and .json)
set -euo pipefail
if [ $# -lt 2 ]; then
  echo "usage: $0 DIR OUTDIR [DURATION]" >&2
  exit 2
fi
dir=$1 out=$2 duration=${3:-10}
here=$(cd "$(dirname "$0")" && pwd)
fsbench=${FSBENCH:-${NVM_BUILD:-$here/../../build}/bin/fsbench}
[ -x "$fsbench" ] || { echo "$0: error: no fsbench at '$fsbench' (build it, or set FSBENCH)" >&2; exit 1; }
[ -d "$dir" ] || { echo "$0: error: '$dir' is not a directory" >&2; exit 2; }
mkdir -p "$out"
label=$(df -T "$dir" | awk 'NR == 2 { print $2 }')

run() {  # run NAME ARGS...: one fsbench run, its table echoed and saved
  local name=$1; shift
  echo "\$ fsbench $* --dir $dir" | tee "$out/$label-$name.txt"
  "$fsbench" "$@" --dir "$dir" --json "$out/$label-$name.json" | tee -a "$out/$label-$name.txt"
}

for p in fileserver webserver webproxy varmail; do
  run "$p" "$p" --variant aerie --duration "$duration"
done
run webproxy-kv webproxy --backend kvdir --variant aerie --duration "$duration"
# The same with PXFS's one thread, so the key-value form is compared at equal concurrency.
run webproxy-kv1 webproxy --backend kvdir --variant aerie --threads 1 --duration "$duration"
run micro micro
