#!/bin/bash
# sweep-on-aerie.sh -- issue 15's throughput sweep inside the Aerie library
# file system: fsbench's four personalities at several file counts and thread
# counts, for each combination of allocator (first-fit, fbst) and directory
# policy (linear, gather-free), on aged pools (the file set preallocated to
# half of the data area), 512 B I/O. Raw JSON under OUT/runs, a table in
# OUT/sweep.md, plots by plot_sanguo.py (see README.md).
#
# The paper's run (SanGuo, section IV: 4 GB file system, webproxy and varmail
# 1,000 s, fileserver and webserver 60 s, 5 runs averaged) is
#   POOL_SIZE=5461M DURATION=60 LONG_DURATION=1000 REPEATS=5 \
#     examples/sanguo/sweep-on-aerie.sh
# (about 6 days of machine time: 96 runs of 60 s and 96 of 1,000 s, x 5; a
# 5.3 GiB pool in /dev/shm). The reduced run in README.md,
#   ITERS=2000 ROTOR=shared examples/sanguo/sweep-on-aerie.sh
# took 8.5 min here: a 256 MiB pool, 2,000 iterations a run, 1 repeat.
# Long timed runs of varmail and webproxy append without bound between
# deletes: a small pool may end them with ENOSPC.
#
# Environment: POOL_SIZE, FILES_LIST, THREADS_LIST, PERSONALITIES, ALLOCS,
# DIRS, DURATION (fileserver, webserver), LONG_DURATION (webproxy, varmail),
# ITERS (instead of a duration), ROTOR, REPEATS, FSCK (1: fsck.aerie after every run), SHM, BUILD.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
BUILD=${BUILD:-$REPO/build}
OUT=${1:-$BUILD/eval/sanguo-sweep}
POOL_SIZE=${POOL_SIZE:-256M}
FILES_LIST=${FILES_LIST:-"8192 16384 32768"}
THREADS_LIST=${THREADS_LIST:-"1 2 4 8"}
PERSONALITIES=${PERSONALITIES:-"fileserver webserver webproxy varmail"}
ALLOCS=${ALLOCS:-"first-fit fbst"}
DIRS=${DIRS:-"linear gather-free"}
DURATION=${DURATION:-2}
LONG_DURATION=${LONG_DURATION:-$DURATION}
ITERS=${ITERS:-}               # if set: that many iterations in all (split over the threads) instead of a duration
# fsbench's rotors (per-thread, as FS-WORKLOADS.md; or shared, as filebench
# 1.5). Every rotor starts at entry 0, so in a short run each of T per-thread
# rotors only reaches ITERS/T entries deep, where linear directories' names
# sit in early slots: a shared rotor reaches ITERS deep at every T.
ROTOR=${ROTOR:-per-thread}
REPEATS=${REPEATS:-1}
FSCK=${FSCK:-1}
SHM=${SHM:-/dev/shm}
PREALLOC=50
die() { echo "sweep-on-aerie: error: $*" >&2; exit 1; }
positive() { [[ "$2" =~ ^[0-9]+([.][0-9]+)?$ ]] && [[ ! "$2" =~ ^0+([.]0+)?$ ]] || die "$1 must be a positive number, not '$2'"; }
case $ROTOR in per-thread|shared) ;; *) die "ROTOR is per-thread or shared, not '$ROTOR'" ;; esac
for v in DURATION LONG_DURATION; do positive "$v" "${!v}"; done
for n in $FILES_LIST $THREADS_LIST $REPEATS $ITERS; do [[ "$n" =~ ^[1-9][0-9]*$ ]] || die "FILES_LIST, THREADS_LIST, REPEATS and ITERS take positive integers, not '$n'"; done
for b in mkfs.aerie fsck.aerie fsbench; do [ -x "$BUILD/bin/$b" ] || die "no $BUILD/bin/$b (ninja -C build $b)"; done
[ -e "$BUILD/lib/libpxfs-preload.so" ] || die "no $BUILD/lib/libpxfs-preload.so (ninja -C build pxfs-preload)"
mkdir -p "$OUT/runs"
POOL="$SHM/sanguo-sweep-$$.pool"
trap 'rm -f "$POOL"' EXIT
HELPER="$OUT/aerie-eval-helper"
cc -std=gnu11 -O2 -Wall -I"$REPO/examples/aerie/include" -I"$REPO/examples/aerie/src" \
  -I"$REPO/runtime/pmem_shim/include" "$HERE/eval/aerie_eval_helper.c" -o "$HELPER" \
  -L"$BUILD/lib" -Wl,-rpath,"$BUILD/lib" -laerie -lpmem_shim -pthread || die "cannot build the helper"

mkfs() {  # alloc dirs files
  rm -f "$POOL"
  PMS_POOL_SIZE=$POOL_SIZE "$BUILD/bin/mkfs.aerie" --alloc "$1" --dirs "$2" \
    --inodes=$(($3 + $3 / 8 + 1024)) "$POOL" >/dev/null || die "mkfs.aerie --alloc $1 --dirs $2 failed"
}

# Half the data area preallocated, as in the paper (a fixed 4 GB file system,
# half of it preallocated, 8 K to 32 K files): the mean size falls as the file
# count grows. FILES x PREALLOC % x E[blocks of a file] = data blocks / 2, with
# E[blocks] for gamma sizes (shape 1.5) found numerically; webproxy's fixed
# size is rounded down to whole blocks (so its set fills less than half).
mean_size() {  # personality files -> bytes
  mkfs first-fit linear "$2"
  local r; r=$("$HELPER" range "$POOL") || die "cannot read the data area of a fresh pool"
  /usr/bin/python3 - "$1" "$2" $(( (${r#*:} - ${r%:*}) / 4096 )) "$PREALLOC" <<'PY' || die "POOL_SIZE $POOL_SIZE is too small for $2 files"
import math, random, sys
pers, files, blocks, pre = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
target = blocks / 2 / (files * pre / 100)          # blocks per preallocated file
if target < 1:
    sys.exit(1)
if pers == "webproxy":
    print(int(target) * 4096); sys.exit(0)
rnd = random.Random(1)
draws = [rnd.gammavariate(1.5, 1 / 1.5) for _ in range(20000)]
lo, hi = 1.0, target * 4096
for _ in range(40):
    mid = (lo + hi) / 2
    if sum(math.ceil(d * mid / 4096) or 1 for d in draws) / len(draws) > target:
        hi = mid
    else:
        lo = mid
print(int(lo))
PY
}

run() {  # personality alloc dirs files threads rep mean
  local p=$1 a=$2 d=$3 n=$4 t=$5 r=$6 m=$7 sec=$DURATION length
  local tag="$p-$a-$d-$n-$t-$r"
  case $p in webproxy|varmail) sec=$LONG_DURATION ;; esac
  if [ -n "$ITERS" ]; then length="--iterations $(( (ITERS + t - 1) / t ))"; else length="--duration $sec"; fi
  mkfs "$a" "$d" "$n"
  AER_FBST_SEED=$r PXFS_MOUNT=/pxfs PXFS_POOL="$POOL" \
    LD_PRELOAD="$BUILD/lib/libpxfs-preload.so" "$BUILD/bin/fsbench" "$p" --variant sanguo \
    --dir /pxfs --files "$n" --mean-size "$m" --prealloc "$PREALLOC" --threads "$t" \
    --iosize 512 --rotor "$ROTOR" $length --seed "$r" --keep --json "$OUT/runs/$tag.json" \
    > "$OUT/runs/$tag.txt" 2>&1 || die "fsbench $tag failed: $(tail -2 "$OUT/runs/$tag.txt")"
  if [ "$FSCK" = 1 ]; then
    "$BUILD/bin/fsck.aerie" "$POOL" > "$OUT/runs/$tag.fsck" 2>&1 || true
    grep -q ': clean:' "$OUT/runs/$tag.fsck" || die "fsck after $tag: $(head -2 "$OUT/runs/$tag.fsck")"
  fi
  echo "$tag $(uptime | sed 's/.*load average: //')" >> "$OUT/load.log"
}

: > "$OUT/load.log"
echo "pool $POOL_SIZE, durations $DURATION s / $LONG_DURATION s (webproxy, varmail), repeats $REPEATS, $ROTOR rotor" > "$OUT/conditions.txt"
[ -z "$ITERS" ] || echo "run length: $ITERS iterations in all, split over the threads (not a duration)" >> "$OUT/conditions.txt"
for n in $FILES_LIST; do
  for p in $PERSONALITIES; do
    m=$(mean_size "$p" "$n")
    echo "$p, files $n: mean size $m bytes, prealloc $PREALLOC %" | tee -a "$OUT/conditions.txt" >&2
    for r in $(seq 1 "$REPEATS"); do
      for t in $THREADS_LIST; do
        for a in $ALLOCS; do
          for d in $DIRS; do
            run "$p" "$a" "$d" "$n" "$t" "$r" "$m"
          done
        done
      done
    done
  done
done
/usr/bin/python3 "$HERE/eval/summarize_sweep.py" "$OUT" > "$OUT/sweep.md"
cat "$OUT/sweep.md"
