#!/bin/sh
# fstrace.sh -- fileserver, webproxy and varmail with 16 KB requests on the
# store: fsbench (examples/fs-personalities) runs each personality on a
# directory of this machine's disk and records its flowop trace (--trace), and
# spindle-bench replays that trace on a store in each cache configuration
# (--workload=trace), so every configuration sees fsbench's own picks, sizes
# and appends in the same order.
#
# usage: examples/spindle/fstrace.sh [OUT_DIR]     (default build/spindle-fstrace)
# environment: NVM_BUILD (build dir), ITER (600 flow iterations per trace),
#              OPS_NONE (3000 measured flowops for "none", after a third as many
#              of warm-up: it syncs the disk twice per commit; the others replay
#              the whole trace, its first quarter as warm-up), IOSIZE (16384),
#              REPS (1), POOL_DIR (/dev/shm),
#              CACHES ("none tinca spindle"; spindle-fill: Spindle with --read-fill), WORKLOADS ("fileserver:1000
#              webproxy:10000 varmail:8000": personality:files).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
build=${NVM_BUILD:-$here/../../build}
out=${1:-$build/spindle-fstrace}
iter=${ITER:-600}
ops_none=${OPS_NONE:-3000}
iosize=${IOSIZE:-16384}
reps=${REPS:-1}
pool_dir=${POOL_DIR:-/dev/shm}
caches=${CACHES:-none tinca spindle}
workloads=${WORKLOADS:-fileserver:1000 webproxy:10000 varmail:8000}

for t in fsbench spindle-bench; do
	[ -x "$build/bin/$t" ] || { echo "fstrace.sh: error: $build/bin/$t is not built" >&2; exit 1; }
done
mkdir -p "$out"

# The eviction-bound geometry of evaluate.sh: 256 MiB of home blocks, 32 MiB
# of DRAM cache, 64 MiB of NVM (Spindle: 15/16 data, 1/16 metadata).
geometry="--home-blocks=65536 --meta-blocks=1024 --dram-blocks=8192"
export PMS_NVM_MODEL=spindle PMEM_IS_PMEM_FORCE=1
results=$out/fstrace.jsonl
: > "$results"
for p in $workloads; do
	w=${p%%:*} files=${p#*:}
	trace=$out/$w.trace
	rm -rf "$out/fsbench-$w" && mkdir -p "$out/fsbench-$w"
	echo "fstrace.sh: recording $w ($files files, $iter iterations, $iosize-byte requests)" >&2
	"$build/bin/fsbench" "$w" --dir "$out/fsbench-$w" --files "$files" --threads 1 \
		--iosize "$iosize" --iterations "$iter" --trace "$trace" > "$out/$w.fsbench.txt"
	rmdir "$out/fsbench-$w"
	for rep in $(seq "$reps"); do
		for cache in $caches; do
			dev=$out/replay-$$.dev pool=$pool_dir/spindle-fstrace-$$.pool
			rm -f "$dev" "$pool"
			case $cache in
			none) nvm="" ops="--warmup=$((ops_none / 3)) --ops=$ops_none";;
			tinca) nvm="--nvm-blocks=16384" ops="";;
			spindle) nvm="--nvm-blocks=15360 --nvm-meta-blocks=1024" ops="";;
			spindle-fill) nvm="--nvm-blocks=15360 --nvm-meta-blocks=1024 --read-fill" ops="";;
			*) echo "fstrace.sh: error: unknown cache '$cache'" >&2; exit 1;;
			esac
			echo "fstrace.sh: replaying $w on $cache (rep $rep)" >&2
			# shellcheck disable=SC2086
			"$build/bin/spindle-bench" --workload=trace --trace="$trace" --iosize="$iosize" \
				--cache="${cache%-fill}" --dev="$dev" --pool="$pool" $geometry $nvm $ops >> "$results"
			rm -f "$dev" "$pool"
		done
	done
done
echo "fstrace.sh: results in $results" >&2
