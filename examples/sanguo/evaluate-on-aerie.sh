#!/bin/bash
# evaluate-on-aerie.sh -- issue 15's measurements of SanGuo's policies inside
# the Aerie library file system: wear (runtime wear map over the data area)
# and throughput of fsbench's four personalities through the PXFS preload
# library on aged pools, directory operations per second, and sequential
# read speed after aging. Results under OUT (default build/eval/sanguo-aerie).
#
# Scaled for a shared 2-core machine (minutes, not hours); every size can be
# raised through the environment: POOL_SIZE, FILES, MEAN_SIZE, ITERS, REPEATS,
# DIR_SIZES, SEQ_MIB.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BUILD=${BUILD:-$REPO/build}
OUT=${1:-$BUILD/eval/sanguo-aerie}
POOL_SIZE=${POOL_SIZE:-256M}   # region 192 MiB (3/4 of the pool)
FILES=${FILES:-6144}           # x MEAN_SIZE x 50 % preallocated = half the region
MEAN_SIZE=${MEAN_SIZE:-32k}
ITERS=${ITERS:-3000}
REPEATS=${REPEATS:-2}
DIR_SIZES=${DIR_SIZES:-"8192 16384 32768"}
SEQ_MIB=${SEQ_MIB:-48}
SHM=${SHM:-/dev/shm}
die() { echo "evaluate-on-aerie: error: $*" >&2; exit 1; }
for b in mkfs.aerie fsck.aerie fsbench; do [ -x "$BUILD/bin/$b" ] || die "no $BUILD/bin/$b (ninja -C build $b)"; done
[ -e "$BUILD/lib/libpxfs-preload.so" ] || die "no $BUILD/lib/libpxfs-preload.so"
mkdir -p "$OUT/maps" "$OUT/runs"
: > "$OUT/wear_diff.log"
POOL="$SHM/sanguo-aerie-$$.pool"
trap 'rm -f "$POOL"' EXIT
HELPER="$OUT/aerie-eval-helper"
cc -std=gnu11 -O2 -Wall -I"$REPO/examples/aerie/include" -I"$REPO/examples/aerie/src" \
  -I"$REPO/runtime/pmem_shim/include" "$HERE/eval/aerie_eval_helper.c" -o "$HELPER" \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -laerie -lpmem_shim -pthread || die "cannot build the helper"

mkfs() {  # alloc dirs [more mkfs.aerie options]
  rm -f "$POOL"; PMS_POOL_SIZE=$POOL_SIZE "$BUILD/bin/mkfs.aerie" --alloc "$1" --dirs "$2" "${@:3}" "$POOL" >/dev/null
}
fsck_clean() { "$BUILD/bin/fsck.aerie" "$POOL" | grep -q ': clean:' || die "fsck: $("$BUILD/bin/fsck.aerie" "$POOL" | head -2)"; }

# One aged run: the file set preallocated to half the region, then ITERS
# iterations of the personality, single-threaded, 512 B I/O, wear map on.
# The same run stopped after one iteration (same seeds: the same placement)
# gives the aging's writes; maps/TAG.workload.map is the difference.
fsbench_once() {  # tag iterations personality alloc dirs rep
  local tag=$1 it=$2 p=$3 a=$4 d=$5 r=$6
  mkfs "$a" "$d"
  AER_FBST_SEED=$r PXFS_MOUNT=/pxfs PXFS_POOL="$POOL" PMS_WEAR="$OUT/maps/$tag.map" \
    LD_PRELOAD="$BUILD/lib/libpxfs-preload.so" "$BUILD/bin/fsbench" "$p" --variant sanguo \
    --dir /pxfs --files "$FILES" --mean-size "$MEAN_SIZE" --prealloc 50 --threads 1 \
    --iosize 512 --iterations "$it" --seed "$r" --keep --json "$OUT/runs/$tag.json" \
    > "$OUT/runs/$tag.txt" 2>&1 || die "fsbench $tag failed: $(tail -2 "$OUT/runs/$tag.txt")"
  fsck_clean
}
run_fsbench() {  # personality alloc dirs rep (leaves the aged pool)
  local tag="$1-$2-$3-$4"
  fsbench_once "$tag.aging" 1 "$@"
  fsbench_once "$tag" "$ITERS" "$@"
  python3 "$HERE/eval/wear_diff.py" "$OUT/maps/$tag.aging.map" "$OUT/maps/$tag.map" \
    "$OUT/maps/$tag.workload.map" >> "$OUT/wear_diff.log"
}

echo "== fsbench: 4 personalities x 4 policy combinations x $REPEATS runs" >&2
for r in $(seq 1 "$REPEATS"); do
  for p in fileserver webserver webproxy varmail; do
    for a in first-fit fbst; do
      for d in linear gather-free; do
        run_fsbench "$p" "$a" "$d" "$r"
        if [ "$p" = fileserver ] && [ "$d" = linear ]; then  # aged: a big file's read speed
          "$HELPER" seqread "$POOL" "$SEQ_MIB" > "$OUT/runs/seqread-$a-$r.json"
          fsck_clean
        fi
        [ -n "${RANGE:-}" ] || RANGE=$("$HELPER" range "$POOL")
      done
    done
  done
done
echo "$RANGE" > "$OUT/data-range.txt"

echo "== directory operations through PXFS, index rebuild at mount" >&2
: > "$OUT/dirops.jsonl"
: > "$OUT/rebuild.jsonl"
for r in $(seq 1 "$REPEATS"); do
  for n in $DIR_SIZES; do
    for d in linear gather-free; do
      mkfs first-fit "$d" --inodes=$((n + 1000))
      res=$("$HELPER" dirops "$POOL" "$n") || die "dirops $d $n failed"
      echo "{\"dirs\": \"$d\", \"rep\": $r, \"result\": $res}" >> "$OUT/dirops.jsonl"
      fsck_clean
      mkfs first-fit "$d" --inodes=$((n + 1000))
      res=$("$HELPER" rebuild "$POOL" "$n") || die "rebuild $d $n failed"
      echo "{\"dirs\": \"$d\", \"rep\": $r, \"result\": $res}" >> "$OUT/rebuild.jsonl"
    done
  done
done

python3 "$HERE/eval/summarize_aerie.py" "$OUT" "$REPO/runtime/pmem_shim/tools/wear-report.py" \
  > "$OUT/tables.md"
cat "$OUT/tables.md"
