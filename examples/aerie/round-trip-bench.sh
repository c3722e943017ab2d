#!/usr/bin/env bash
# round-trip-bench.sh -- what a round trip to aerie-tfs costs: Table 2's micro benchmark (fsbench
# micro: 1 GB file, 100 MB random, 1,024 files) through the preload library as a client of
# aerie-tfs, with the client and the service pinned to different CPUs ("cross") or to the same
# one ("same"), for each AERIE_SPIN_US setting given (how long a waiting side polls before it
# sleeps; 0 never). Prints µs per operation and, from AERIE_TFS_STATS, the mean round trip and
# the service's part of it for journals (submit) and leases.
#   usage: examples/aerie/round-trip-bench.sh [--reps N] [--placements cross,same] SPIN_US...
#   e.g.   examples/aerie/round-trip-bench.sh --reps 2 0 100
set -u
die() { echo "round-trip-bench: error: $*" >&2; exit 2; }
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
B=${BUILD:-$ROOT/build}
REPS=1 PLACEMENTS=cross,same SPINS=()
while [ $# -gt 0 ]; do
	case $1 in
	--reps) [ $# -ge 2 ] || die "--reps needs a value"; REPS=$2; shift 2 ;;
	--placements) [ $# -ge 2 ] || die "--placements needs a value"; PLACEMENTS=$2; shift 2 ;;
	-h|--help) sed -n 2,9p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) case $1 in ''|*[!0-9]*) die "a spin setting is a number of microseconds, not '$1'" ;; esac
	   SPINS+=("$1"); shift ;;
	esac
done
case $REPS in ''|*[!0-9]*|0) die "--reps must be a positive integer, not '$REPS'" ;; esac
[ ${#SPINS[@]} -gt 0 ] || die "name at least one AERIE_SPIN_US setting (e.g. 0 100)"
for p in ${PLACEMENTS//,/ }; do case $p in cross|same) ;; *) die "unknown placement '$p' (cross, same)" ;; esac; done
[ "$(nproc)" -ge 2 ] || die "needs 2 CPUs (this machine has $(nproc))"
for b in bin/fsbench bin/mkfs.aerie bin/aerie-tfs lib/libpxfs-preload.so; do
	[ -e "$B/$b" ] || die "$B/$b is missing: run ninja -C build"
done
SCR=$(mktemp -d /dev/shm/aerie-rtt.XXXXXX) || die "cannot create a directory in /dev/shm"
T=
trap '[ -n "$T" ] && kill $T 2>/dev/null; rm -rf "$SCR"' EXIT
export PMEM_IS_PMEM_FORCE=1

printf '%-6s %-5s %-4s' placement spin rep
for op in seq-read seq-write rand-read rand-write open create delete append; do printf ' %10s' $op; done
printf ' %18s %18s\n' "submit rt/service" "lease rt/service"
for r in $(seq "$REPS"); do
	for p in ${PLACEMENTS//,/ }; do
		for spin in "${SPINS[@]}"; do
			tcpu=0 ccpu=1; [ $p = same ] && ccpu=0
			rm -f "$SCR/fs.pool" "$SCR/s" "$SCR/stats"
			"$B/bin/mkfs.aerie" --size=3G --inodes=40000 "$SCR/fs.pool" >/dev/null || die "mkfs.aerie failed"
			AERIE_SPIN_US=$spin taskset -c $tcpu "$B/bin/aerie-tfs" --quiet "$SCR/fs.pool" "$SCR/s" & T=$!
			for _ in $(seq 100); do [ -S "$SCR/s" ] && break; sleep 0.05; done
			[ -S "$SCR/s" ] || die "aerie-tfs did not start"
			out=$(AERIE_SPIN_US=$spin AERIE_TFS_STATS="$SCR/stats" PXFS_MOUNT=/pxfs-rtt \
				PXFS_TFS_SOCKET="$SCR/s" LD_PRELOAD="$B/lib/libpxfs-preload.so" taskset -c $ccpu \
				"$B/bin/fsbench" micro --file-size 1g --random-bytes 100m --files 1024 --dir /pxfs-rtt) ||
				die "fsbench failed ($p, spin $spin): $(echo "$out" | tail -1)"
			kill $T; wait $T 2>/dev/null; T=
			printf '%-9s %-5s %-4s' $p $spin $r
			echo "$out" | awk '$1 ~ /^(seq|rand|open|create|delete|append)/ { printf " %10s", $3 }'
			for typ in submit lease; do
				awk -v t=$typ '{ for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
					if (v["type"] == t) { n += v["count"]; rt += v["count"] * v["round_trip_us"]; sv += v["count"] * v["service_us"] } }
					END { if (n) printf " %8.2f / %7.2f", rt / n, sv / n; else printf " %18s", "-" }' "$SCR/stats"
			done
			echo
		done
	done
done
