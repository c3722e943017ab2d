#!/bin/sh
# evaluate.sh -- runs the Spindle paper's measurements on the three cache
# configurations (fio-style 4 KiB random I/O at 0/10, 3/7, 5/5, 7/3, 10/0
# read/write, and the fileserver, webproxy and varmail personalities) under
# the runtime's spindle preset, and summarises them next to the paper.
#
# usage: examples/spindle/evaluate.sh [OUT_DIR]     (default build/spindle-eval)
# environment: NVM_BUILD (build dir), REPS (3), OPS (40000), WARMUP (40000),
#              OPS_NONE (2000), FS_OPS (400), FS_OPS_NONE (60), POOL_DIR (/dev/shm),
#              DEV_DIR (OUT_DIR), SWEEPS ("eviction-bound nvm-resident"),
#              CACHES ("none tinca spindle spindle-fill"; spindle-fill is Spindle with
#              --read-fill: data read misses fill its NVM data cache as Tinca's do).
#              "none" syncs the disk twice per operation, hence fewer operations.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${NVM_BUILD:-$here/../../build}
out=${1:-$build/spindle-eval}
bench=$build/bin/spindle-bench
reps=${REPS:-3}
ops=${OPS:-40000}
warmup=${WARMUP:-40000}
ops_none=${OPS_NONE:-2000}
fs_ops=${FS_OPS:-400}
fs_ops_none=${FS_OPS_NONE:-60}
pool_dir=${POOL_DIR:-/dev/shm}
dev_dir=${DEV_DIR:-$out}
sweeps=${SWEEPS:-eviction-bound nvm-resident}
caches=${CACHES:-none tinca spindle spindle-fill}

[ -x "$bench" ] || { echo "evaluate.sh: error: $bench is not built (ninja -C build spindle-bench)" >&2; exit 1; }
mkdir -p "$out" "$dev_dir"

# Both sweeps give Tinca 64 MiB of NVM and Spindle the same split 15/16 data,
# 1/16 metadata (the paper: 7 GB and 1 GB of 8 GB). eviction-bound: the
# paper's proportions, a 256 MiB dataset, 4 times the NVM cache and 8 times the
# DRAM cache, so writes evict to disk; nvm-resident: a 64 MiB dataset that fits
# in NVM (8 times the DRAM cache), so the NVM protocols alone set the pace.
nvm_tinca="--nvm-blocks=16384"
nvm_spindle="--nvm-blocks=15360 --nvm-meta-blocks=1024"

export PMS_NVM_MODEL=spindle      # +50 ns per line read, +180 ns per line written
export PMEM_IS_PMEM_FORCE=1       # flushes are cache-line write-backs on the /dev/shm pool

# run RESULTS GEOMETRY CACHE ARGS... -- one measurement appended to RESULTS
run() {
	results=$1 geometry=$2 cache=$3; shift 3
	dev=$dev_dir/eval-$$.dev pool=$pool_dir/spindle-eval-$$.pool
	rm -f "$dev" "$pool"
	case $cache in
	none) nvm="";; tinca) nvm=$nvm_tinca;; spindle) nvm=$nvm_spindle;;
	spindle-fill) nvm="$nvm_spindle --read-fill" cache=spindle;;
	esac
	# shellcheck disable=SC2086
	"$bench" --cache="$cache" --dev="$dev" --pool="$pool" $geometry $nvm "$@" >> "$results"
	rm -f "$dev" "$pool"
}

# sweep NAME GEOMETRY PERSONALITIES -- REPS x (fio mixes, personalities)
sweep() {
	name=$1 geometry=$2 personalities=$3
	results=$out/$name.jsonl
	: > "$results"
	for rep in $(seq "$reps"); do
		for pct in 0 30 50 70 100; do
			for cache in $caches; do
				echo "evaluate.sh: $name rep $rep fio read $pct % $cache" >&2
				n=$ops w=$warmup
				[ "$cache" = none ] && n=$ops_none w=$((ops_none / 4))
				run "$results" "$geometry" "$cache" --workload=fio --read-pct="$pct" \
					--files=1024 --ops="$n" --warmup="$w" --seed="$rep"
			done
		done
		for p in $personalities; do
			w=${p%%:*} files=${p#*:}
			for cache in $caches; do
				n=$fs_ops; [ "$cache" = none ] && n=$fs_ops_none
				echo "evaluate.sh: $name rep $rep $w $cache" >&2
				run "$results" "$geometry" "$cache" --workload="$w" --files="$files" \
					--ops="$n" --warmup="$((n / 4))" --seed="$rep"
			done
		done
	done
}

result_files=""
for s in $sweeps; do
	case $s in
	eviction-bound)
		sweep eviction-bound "--home-blocks=65536 --meta-blocks=1024 --journal-blocks=1024 --dram-blocks=8192" \
			"fileserver:400 webproxy:4000 varmail:2000";;
	nvm-resident)
		sweep nvm-resident "--home-blocks=16384 --meta-blocks=1024 --journal-blocks=1024 --dram-blocks=2048" \
			"fileserver:100 webproxy:1000 varmail:1000";;
	*) echo "evaluate.sh: error: unknown sweep '$s' (eviction-bound, nvm-resident)" >&2; exit 2;;
	esac
	result_files="$result_files $out/$s.jsonl"
done
# shellcheck disable=SC2086
python3 "$here/tools/summarize.py" $result_files --svg "$out" > "$out/summary.md"
cat "$out/summary.md"
