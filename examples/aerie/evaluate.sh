#!/usr/bin/env bash
# evaluate.sh -- runs issue 14's measurements of the Aerie library file system (Table 2, the
# filebench personalities, client scaling through aerie-tfs) and writes raw JSON, tables and plots.
#
# usage: examples/aerie/evaluate.sh [--reps N] [--duration SEC] [--phases LIST] [--targets LIST] [--build DIR] [--summarize] [OUT]
#   OUT          results directory (default build/eval/aerie); raw/ holds every fsbench JSON and log
#   --reps N     repetitions of every run (default 3)
#   --duration S seconds per personality run (default 10; set-up and removal come on top)
#   --phases L   comma list of micro, personalities, kvfs, scaling, tools (default all five;
#                tools: fio-psync.fio and postmark.cfg through the preload library and on the
#                kernel targets)
#   --targets L  comma list: run only on these targets (default all; e.g. the pxfs-tfs-* and
#                kvfs-tfs-* ones again after a change of the service, into the same OUT)
#   --build DIR  take bin/ and lib/ from DIR (default build/): a copy made before a long run
#                keeps it on one build while others rebuild the tree (LD_LIBRARY_PATH=DIR/lib)
#   --summarize  only rebuild OUT/tables.md and OUT/fs-*.png from OUT/raw (which must hold results)
# Targets: pxfs-sp (single process, preload library, own pool), pxfs-tfs (preload library as a
# client of aerie-tfs), each with PMS_NVM_MODEL=aerie-pcm (-pcm) and without a model (-dram);
# tmpfs (/dev/shm); disk (/tmp, whatever df -T says it is); kvfs-* and kvdir-tmpfs (the kvfs
# phase's key-value backends). Pools are fresh for every run.
# Runs through aerie-tfs also leave raw/NAME.tfs: the clients' round trips by request type
# (AERIE_TFS_STATS, examples/aerie/README.md), summed up in a table of their own.
set -u
die() { echo "evaluate.sh: error: $*" >&2; exit 2; }

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$ROOT/build
REPS=3 DURATION=10 PHASES=micro,personalities,kvfs,scaling,tools ONLY= SUMMARIZE=0 OUT=
while [ $# -gt 0 ]; do
	case $1 in
	--reps) [ $# -ge 2 ] || die "--reps needs a value"; REPS=$2; shift 2 ;;
	--reps=*) REPS=${1#*=}; shift ;;
	--duration) [ $# -ge 2 ] || die "--duration needs a value"; DURATION=$2; shift 2 ;;
	--duration=*) DURATION=${1#*=}; shift ;;
	--phases) [ $# -ge 2 ] || die "--phases needs a value"; PHASES=$2; shift 2 ;;
	--phases=*) PHASES=${1#*=}; shift ;;
	--targets) [ $# -ge 2 ] || die "--targets needs a value"; ONLY=$2; shift 2 ;;
	--targets=*) ONLY=${1#*=}; shift ;;
	--build) [ $# -ge 2 ] || die "--build needs a value"; BUILD=$2; shift 2 ;;
	--build=*) BUILD=${1#*=}; shift ;;
	--summarize) SUMMARIZE=1; shift ;;
	-h|--help) sed -n 5,22p "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) die "unknown option '$1' (try --help)" ;;
	*) [ -z "$OUT" ] || die "one results directory only (got '$OUT' and '$1')"; OUT=$1; shift ;;
	esac
done
case $REPS in ''|*[!0-9]*|0) die "--reps must be a positive integer, not '$REPS'" ;; esac
case $DURATION in ''|*[!0-9]*|0) die "--duration must be a positive integer, not '$DURATION'" ;; esac
for p in ${PHASES//,/ }; do
	case $p in micro|personalities|kvfs|scaling|tools) ;; *) die "unknown phase '$p' (micro, personalities, kvfs, scaling, tools)" ;; esac
done
ALL_TARGETS="pxfs-sp-pcm pxfs-sp-dram pxfs-tfs-pcm pxfs-tfs-dram tmpfs disk kvfs-sp-pcm kvfs-sp-dram kvfs-tfs-pcm kvdir-tmpfs"
for t in ${ONLY//,/ }; do
	case " $ALL_TARGETS " in *" $t "*) ;; *) die "unknown target '$t' (${ALL_TARGETS// /, })" ;; esac
done
[ -d "$BUILD/bin" ] && [ -d "$BUILD/lib" ] || die "--build '$BUILD' has no bin/ and lib/"
BUILD=$(cd "$BUILD" && pwd)
BIN=$BUILD/bin
PRELOAD=$BUILD/lib/libpxfs-preload.so
export LD_LIBRARY_PATH=$BUILD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
OUT=${OUT:-$ROOT/build/eval/aerie}
if [ $SUMMARIZE = 1 ]; then
	ls "$OUT"/raw/*.json >/dev/null 2>&1 ||
		die "no fsbench results in '$OUT/raw' (run evaluate.sh without --summarize first)"
fi
mkdir -p "$OUT/raw" || die "cannot create '$OUT/raw'"
OUT=$(cd "$OUT" && pwd)
if [ $SUMMARIZE = 0 ]; then
	for b in fsbench mkfs.aerie aerie-tfs fsck.aerie; do
		[ -x "$BIN/$b" ] || die "$BIN/$b is missing: run ninja -C build -j2"
	done
	case ",$PHASES," in *,tools,*)
		for b in fio postmark; do command -v $b >/dev/null || die "$b is missing: run scripts/setup.sh"; done ;;
	esac
	[ -f "$PRELOAD" ] || die "$PRELOAD is missing: run ninja -C build -j2"
fi

export PMEM_IS_PMEM_FORCE=1
SCR=/dev/shm/aerie-eval.$$            # pools, sockets and the tmpfs target
DISK=/tmp/aerie-eval.$$               # the disk target
MOUNT=/pxfs-eval                      # the preload prefix (need not exist)
POOLSIZE=3G INODES=40000
TFS_PID=
cleanup() {
	[ -n "$TFS_PID" ] && kill "$TFS_PID" 2>/dev/null && wait "$TFS_PID" 2>/dev/null
	rm -rf "$SCR" "$DISK"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

log() { echo "[$(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)] $*" | tee -a "$OUT/raw/log.txt"; }

# fresh_pool -- a new file system for one run; fsck'd after the run by finish_pool
fresh_pool() {
	rm -f "$SCR/fs.pool"
	"$BIN/mkfs.aerie" --size=$POOLSIZE --inodes=$INODES "$SCR/fs.pool" >/dev/null ||
		{ echo "evaluate.sh: mkfs.aerie failed" >&2; exit 1; }
}
start_tfs() {  # start_tfs MODEL: the service owns the pool; MODEL applies to its transactions
	rm -f "$SCR/tfs.sock"
	if [ "$1" = dram ]; then "$BIN/aerie-tfs" --quiet "$SCR/fs.pool" "$SCR/tfs.sock" &
	else PMS_NVM_MODEL=$1 "$BIN/aerie-tfs" --quiet "$SCR/fs.pool" "$SCR/tfs.sock" & fi
	TFS_PID=$!
	for _ in $(seq 100); do [ -S "$SCR/tfs.sock" ] && return 0; sleep 0.05; done
	echo "evaluate.sh: aerie-tfs did not start" >&2; exit 1
}
stop_tfs() { [ -n "$TFS_PID" ] && kill "$TFS_PID" && wait "$TFS_PID" 2>/dev/null; TFS_PID=; }
finish_pool() {  # finish_pool NAME: fsck must find the file system clean after every run
	"$BIN/fsck.aerie" "$SCR/fs.pool" >>"$OUT/raw/$1.fsck" 2>&1 || echo "fsck FAILED ($1)" | tee -a "$OUT/raw/log.txt"
}

# target_on TARGET -- the target is among --targets (or no --targets was given)
target_on() { [ -z "$ONLY" ] || case ",$ONLY," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

# run_on TARGET NAME FSBENCH-ARGS... -- one fsbench run on a target; JSON in raw/NAME.json
run_on() {
	local target=$1 name=$2 rc; shift 2
	target_on $target || return 0
	local model=dram; case $target in *-pcm) model=aerie-pcm ;; esac
	# the model is charged where the writes happen: file data in the client (aer_charge_write),
	# metadata in the process that applies the journals (the client, or aerie-tfs)
	local menv="-u PMS_NVM_MODEL"; [ $model = dram ] || menv=PMS_NVM_MODEL=$model
	log "$name: fsbench $* ($target)"
	case $target in
	pxfs-sp-*)
		fresh_pool
		env $menv PXFS_MOUNT=$MOUNT PXFS_POOL="$SCR/fs.pool" LD_PRELOAD="$PRELOAD" "$BIN/fsbench" "$@" --dir $MOUNT --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$?
		finish_pool "$name" ;;
	pxfs-tfs-*)
		fresh_pool; start_tfs $model
		env $menv AERIE_TFS_STATS="$OUT/raw/$name.tfs" PXFS_MOUNT=$MOUNT PXFS_TFS_SOCKET="$SCR/tfs.sock" LD_PRELOAD="$PRELOAD" "$BIN/fsbench" "$@" --dir $MOUNT --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$?
		stop_tfs; finish_pool "$name" ;;
	kvfs-sp-*)
		fresh_pool
		env $menv FSBENCH_KVFS_POOL="$SCR/fs.pool" "$BIN/fsbench" "$@" --backend kvfs --dir "$SCR" --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$?
		finish_pool "$name" ;;
	kvfs-tfs-*)
		fresh_pool; start_tfs $model
		env $menv AERIE_TFS_STATS="$OUT/raw/$name.tfs" FSBENCH_KVFS_SOCKET="$SCR/tfs.sock" "$BIN/fsbench" "$@" --backend kvfs --dir "$SCR" --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$?
		stop_tfs; finish_pool "$name" ;;
	tmpfs) "$BIN/fsbench" "$@" --dir "$SCR/tmpfs" --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$? ;;
	disk) "$BIN/fsbench" "$@" --dir "$DISK" --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$? ;;
	kvdir-tmpfs) "$BIN/fsbench" "$@" --backend kvdir --dir "$SCR/tmpfs" --json "$OUT/raw/$name.json" >"$OUT/raw/$name.txt" 2>&1; rc=$? ;;
	esac
	[ $rc = 0 ] || { log "$name FAILED (exit $rc): $(tail -1 "$OUT/raw/$name.txt")"; rm -f "$OUT/raw/$name.json" "$OUT/raw/$name.tfs"; }
}

# run_tool TARGET NAME fio|postmark -- examples/aerie/fio-psync.fio or postmark.cfg in a fresh
# directory of a target; output in raw/NAME.txt (fio's JSON in raw/NAME.fio), wall time appended
run_tool() {
	local target=$1 name=$2 tool=$3 dir rc t0 pre=(env)
	target_on $target || return 0
	local model=dram; case $target in *-pcm) model=aerie-pcm ;; esac
	local menv="-u PMS_NVM_MODEL"; [ $model = dram ] || menv=PMS_NVM_MODEL=$model
	case $target in
	pxfs-sp-*) fresh_pool; dir=$MOUNT/$tool
		pre=(env $menv PXFS_MOUNT=$MOUNT PXFS_POOL="$SCR/fs.pool" LD_PRELOAD="$PRELOAD") ;;
	pxfs-tfs-*) fresh_pool; start_tfs $model; dir=$MOUNT/$tool
		pre=(env $menv PXFS_MOUNT=$MOUNT PXFS_TFS_SOCKET="$SCR/tfs.sock" LD_PRELOAD="$PRELOAD") ;;
	tmpfs) dir=$SCR/tmpfs/$tool ;;
	disk) dir=$DISK/$tool ;;
	esac
	log "$name: $tool in $dir ($target)"
	"${pre[@]}" mkdir -p "$dir"
	t0=$(date +%s.%N)
	if [ $tool = fio ]; then
		"${pre[@]}" FIO_DIR="$dir" fio --output-format=json --output="$OUT/raw/$name.fio" \
			"$ROOT/examples/aerie/fio-psync.fio" >"$OUT/raw/$name.txt" 2>&1; rc=$?
	else
		sed "s|@DIR@|$dir|" "$ROOT/examples/aerie/postmark.cfg" >"$SCR/postmark.cfg"
		"${pre[@]}" postmark "$SCR/postmark.cfg" >"$OUT/raw/$name.txt" 2>&1; rc=$?
	fi
	echo "wall_seconds $(awk "BEGIN { print $(date +%s.%N) - $t0 }")" >>"$OUT/raw/$name.txt"
	"${pre[@]}" rm -rf "$dir"
	case $target in pxfs-tfs-*) stop_tfs ;; esac
	case $target in pxfs-*) finish_pool "$name" ;; esac
	[ $rc = 0 ] || { log "$name FAILED (exit $rc): $(tail -2 "$OUT/raw/$name.txt" | head -1)"
		rm -f "$OUT/raw/$name.fio"; mv "$OUT/raw/$name.txt" "$OUT/raw/$name.failed"; }
}

TARGETS="pxfs-sp-pcm pxfs-sp-dram pxfs-tfs-pcm pxfs-tfs-dram tmpfs disk"
# Table 2 at the paper's sizes: a 1 GB file, 100 MB of random I/O and appends, 1,024 files of
# 4 KB; each run takes 1-5 s here, so no scaling down is needed.
MICRO="micro --file-size 1g --random-bytes 100m --files 1024"
PERS="--variant aerie --duration $DURATION"

phase_on() { case ",$PHASES," in *",$1,"*) return 0 ;; esac; return 1; }

if [ $SUMMARIZE = 0 ]; then
	mkdir -p "$SCR/tmpfs" "$DISK" || die "cannot create $SCR or $DISK"
	{
		echo "date: $(date -u '+%F %T UTC')"; echo "commit: $(git -C "$ROOT" rev-parse --short HEAD)"
		echo "cpus: $(nproc); $(grep -m1 'model name' /proc/cpuinfo)"; echo "disk target: $(df -T /tmp | tail -1)"
		echo "tmpfs target: $(df -T /dev/shm | tail -1)"; echo "reps $REPS, duration $DURATION s, phases $PHASES, targets ${ONLY:-all}"
		echo "binaries: $BUILD"
	} >>"$OUT/raw/machine.txt"   # one block per invocation
	# The reps are the outer loop so that a burst of load from other jobs spreads over targets.
	for r in $(seq "$REPS"); do
		if phase_on micro; then
			for t in $TARGETS; do run_on $t "micro.$t.r$r" $MICRO; done
		fi
		if phase_on personalities; then
			for p in fileserver webserver webproxy; do
				for t in $TARGETS; do run_on $t "$p.$t.r$r" $p $PERS; done
			done
		fi
		if phase_on kvfs; then
			# Aerie's variant gives a key-value webproxy 4 threads and a POSIX one 1: both counts on
			# both sides, so that KVFS and PXFS are also compared like for like.
			for th in 1 4; do
				if "$BIN/fsbench" --describe webproxy --backend kvfs >/dev/null 2>&1; then
					for t in kvfs-sp-pcm kvfs-sp-dram kvfs-tfs-pcm; do run_on $t "webproxy-kv-t$th.$t.r$r" webproxy $PERS --threads $th; done
				else
					log "fsbench has no kvfs backend: KVFS webproxy skipped"
				fi
				run_on kvdir-tmpfs "webproxy-kv-t$th.kvdir-tmpfs.r$r" webproxy $PERS --threads $th
				for t in pxfs-sp-pcm pxfs-tfs-pcm tmpfs; do run_on $t "webproxy-posix-t$th.$t.r$r" webproxy $PERS --threads $th; done
			done
		fi
		if phase_on tools; then
			for t in pxfs-sp-pcm pxfs-tfs-pcm tmpfs disk; do
				run_tool $t "fio.$t.r$r" fio
				run_tool $t "postmark.$t.r$r" postmark
			done
		fi
		if phase_on scaling; then
			for t in pxfs-tfs-pcm; do
				for n in 1 2 4; do
					run_on $t "scale-fileserver-p$n.$t.r$r" fileserver $PERS --threads 1 --processes $n
					run_on $t "scale-webproxy-p$n.$t.r$r" webproxy $PERS --threads 1 --processes $n
				done
			done
			# KVFS through the service: each worker process mounts on its own (aerie_forget)
			if "$BIN/fsbench" --describe webproxy --backend kvfs >/dev/null 2>&1; then
				for n in 1 2 4; do
					run_on kvfs-tfs-pcm "scale-webproxy-p$n.kvfs-tfs-pcm.r$r" webproxy $PERS --threads 1 --processes $n
				done
			fi
		fi
	done
	log "runs done"
fi

# ---- summary: tables.md and plots, from raw/*.json only ----
# Debian's python3 has python3-matplotlib; a pyenv python3 first on PATH may not.
PY3=/usr/bin/python3; [ -x $PY3 ] || PY3=python3
$PY3 - "$OUT" <<'PY'
import glob, json, os, statistics, sys
out = sys.argv[1]
runs = {}
for f in sorted(glob.glob(os.path.join(out, "raw", "*.json"))):
    base = os.path.basename(f)[:-5]
    name, target, rep = base.split(".")
    runs.setdefault((name, target), []).append(json.load(open(f)))

def med(xs):
    xs = sorted(xs)
    if not xs: return "-"
    fmt = (lambda v: "%.2f" % v) if xs[-1] < 100 else (lambda v: "%.0f" % v)
    s = fmt(statistics.median(xs))
    return s if len(xs) == 1 else "%s [%s-%s]" % (s, fmt(xs[0]), fmt(xs[-1]))

T = ["pxfs-sp-pcm", "pxfs-sp-dram", "pxfs-tfs-pcm", "pxfs-tfs-dram", "tmpfs", "disk"]
lines = ["# Aerie evaluation: median [lowest-highest] over the repetitions", ""]
try: lines += ["```", open(os.path.join(out, "raw", "machine.txt")).read().strip(), "```", ""]
except OSError: pass

micro_ops = ["seq-read", "seq-write", "rand-read", "rand-write", "open", "create", "delete", "append"]
def micro_lat(target, op):
    return [o["mean_latency_us"] for d in runs.get(("micro", target), []) for o in d["operations"] if o["name"] == op]
paper = {}
for d in next(iter([v for k, v in runs.items() if k[0] == "micro"]), []):
    for o in d["operations"]: paper[o["name"]] = o["paper_us"]
if paper:
    lines += ["## Table 2: µs per operation (fsbench micro, 1 GB file, 100 MB random, 1,024 files)", "",
              "| operation | " + " | ".join(T) + " | paper RamFS | paper ext3 | paper PXFS |",
              "|---" * (len(T) + 4) + "|"]
    for op in micro_ops:
        p = paper.get(op, {})
        lines.append("| %s | %s | %s | %s | %s |" % (op, " | ".join(med(micro_lat(t, op)) for t in T),
                     p.get("ramfs", "-"), p.get("ext3", "-"), p.get("pxfs", "-")))
    lines += ["", "Runs per cell: " + ", ".join("%s %d" % (t, len(runs.get(("micro", t), []))) for t in T), ""]
    # the service's round trip per metadata call: TFS client minus single process, same model
    lines += ["## Calls through aerie-tfs minus single-process mode (µs, medians; open, create, delete are metadata calls, append and seq-write submit one journal per 4 KB write)", "",
              "| operation | aerie-pcm: sp | tfs | tfs - sp | dram: sp | tfs | tfs - sp |", "|---|---|---|---|---|---|---|"]
    for op in ["open", "create", "delete", "append", "seq-write"]:
        row = [op]
        for m in ["pcm", "dram"]:
            a, b = micro_lat("pxfs-sp-" + m, op), micro_lat("pxfs-tfs-" + m, op)
            if a and b:
                sa, sb = statistics.median(a), statistics.median(b)
                row += ["%.2f" % sa, "%.2f" % sb, "%+.2f" % (sb - sa)]
            else: row += ["-"] * 3
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")

def pers_table(title, names, targets):
    rows = []
    for n in names:
        for t in targets:
            ds = [d for d in runs.get((n, t), []) if not d.get("stopped_early")]
            if not ds: continue
            p = ds[0]["parameters"]
            rows.append("| %s | %s | %s | %s | %s | %d | %s | %s | %s |" % (n, t, p.get("threads"), p.get("processes", 1), p.get("files"), len(ds),
                med([d["total"]["ops_per_second"] for d in ds]), med([d["total"]["mb_per_second"] for d in ds]),
                med([d["iteration_latency_us"] for d in ds])))
    if rows:
        lines.extend(["## " + title, "", "| workload | target | threads | processes | files | runs | ops/s | MB/s | iteration µs |",
                      "|---|---|---|---|---|---|---|---|---|"] + rows + [""])
pers_table("Personalities, Aerie variant", ["fileserver", "webserver", "webproxy"], T)
pers_table("Webproxy as get/put/delete (key-value backends) and as POSIX calls, 1 and 4 threads", ["webproxy-kv-t1", "webproxy-posix-t1", "webproxy-kv-t4", "webproxy-posix-t4"], ["kvfs-sp-pcm", "kvfs-sp-dram", "kvfs-tfs-pcm", "kvdir-tmpfs", "pxfs-sp-pcm", "pxfs-tfs-pcm", "tmpfs"])
pers_table("Scaling: client processes through aerie-tfs, 1 thread each",
           ["scale-fileserver-p1", "scale-fileserver-p2", "scale-fileserver-p4", "scale-webproxy-p1", "scale-webproxy-p2", "scale-webproxy-p4"],
           ["pxfs-tfs-pcm", "pxfs-tfs-dram", "kvfs-tfs-pcm"])
# fio (raw/fio.TARGET.rN.fio, fio's JSON) and postmark (raw/postmark.TARGET.rN.txt)
TT = ["pxfs-sp-pcm", "pxfs-tfs-pcm", "tmpfs", "disk"]
fio = {}
for f in sorted(glob.glob(os.path.join(out, "raw", "fio.*.fio"))):
    target = os.path.basename(f).split(".")[1]
    text = open(f).read()   # fio writes its warnings into the same file, before the JSON
    try: d = json.loads(text[text.index("{"):])
    except ValueError: continue
    for j in d["jobs"]:
        r, w = j["read"], j["write"]
        n = r["total_ios"] + w["total_ios"]
        if not n: continue
        lat = (r["lat_ns"]["mean"] * r["total_ios"] + w["lat_ns"]["mean"] * w["total_ios"]) / n / 1000
        fio.setdefault((j["jobname"], target), []).append((lat, (r["bw_bytes"] + w["bw_bytes"]) / 1e6))
if fio:
    lines += ["## fio, psync engine, 4 KB calls on one 256 MB file (examples/aerie/fio-psync.fio): µs per call (completion latency, mean) / MB/s", "",
              "| job | " + " | ".join(TT) + " |", "|---" * (len(TT) + 1) + "|"]
    for job in ["seq-write", "rand-write", "rand-rw55", "rand-read"]:
        lines.append("| %s | %s |" % (job, " | ".join("%s µs / %s MB/s" % (med([x[0] for x in fio.get((job, t), [])]),
                     med([x[1] for x in fio.get((job, t), [])])) for t in TT)))
    lines += ["", "Runs per cell: " + ", ".join("%s %d" % (t, len(fio.get(("seq-write", t), []))) for t in TT), ""]
import re
pm = {}
for f in sorted(glob.glob(os.path.join(out, "raw", "postmark.*.txt"))):
    target, text = os.path.basename(f).split(".")[1], open(f).read()
    m = re.search(r"seconds of transactions \((\d+) per second\)", text)
    wall = re.search(r"wall_seconds ([0-9.]+)", text)
    ops = sum(int(x) for x in re.findall(r"^\t(\d+) (?:created|read|appended|deleted) ", text, re.M))
    if m and wall and ops:
        pm.setdefault(target, []).append((float(wall.group(1)), int(m.group(1)), float(wall.group(1)) * 1e6 / ops, ops))
if pm:
    lines += ["## postmark (examples/aerie/postmark.cfg: 2,000 files of 500 B-16 KB in 10 directories, 50,000 transactions, 4 KB reads and writes)", "",
              "| target | runs | wall s | transactions/s (postmark, whole seconds) | µs per file operation (wall / creates+reads+appends+deletes) |",
              "|---|---|---|---|---|"]
    for t in TT:
        v = pm.get(t, [])
        if v:
            lines.append("| %s | %d | %s | %s | %s |" % (t, len(v), med([x[0] for x in v]), med([x[1] for x in v]), med([x[2] for x in v])))
    lines.append("")
# round trips to aerie-tfs (raw/NAME.TARGET.rN.tfs: AERIE_TFS_STATS lines of every client process)
tfs = {}
for f in sorted(glob.glob(os.path.join(out, "raw", "*.tfs"))):
    name, target, rep = os.path.basename(f)[:-4].split(".")
    agg = tfs.setdefault((name, target), {"reps": set(), "types": {}})
    agg["reps"].add(rep)
    for l in open(f):
        kv = dict(x.split("=", 1) for x in l.split()[1:] if "=" in x)
        if "round_trip_us" not in kv: continue   # notes (pin, unpin) have no answer
        t = agg["types"].setdefault(kv["type"], [0, 0.0, 0.0])
        n = int(kv["count"]); t[0] += n; t[1] += n * float(kv["round_trip_us"]); t[2] += n * float(kv["service_us"])
def fs_ops(name, target):
    total = 0
    for d in runs.get((name, target), []):
        total += sum(o["ops"] for o in d["operations"]) if "operations" in d else d["total"]["ops"]
    return total
if tfs:
    lines += ["## Round trips to aerie-tfs (AERIE_TFS_STATS; all repetitions together)", "",
              "Per request answered by the service: the client's wait for the answer, the service's own handling time (carried in the reply) and the rest (two socket messages, two wake-ups).", "",
              "| workload | target | round trips per fsbench operation | mean round trip µs | service µs | transport µs | most frequent (share, round trip µs) |",
              "|---|---|---|---|---|---|---|"]
    for (name, target), agg in sorted(tfs.items()):
        ty = agg["types"]
        n = sum(v[0] for v in ty.values())
        if not n: continue
        rt, sv = sum(v[1] for v in ty.values()) / n, sum(v[2] for v in ty.values()) / n
        ops = fs_ops(name, target)
        top = max(ty.items(), key=lambda kv: kv[1][0])
        lines.append("| %s | %s | %s | %.2f | %.2f | %.2f | %s (%.0f %%, %.2f) |" % (name, target,
                     "%.2f" % (n / ops) if ops else "-", rt, sv, rt - sv, top[0], 100.0 * top[1][0] / n, top[1][1] / top[1][0]))
    for (name, target), agg in sorted(tfs.items()):
        if name != "micro": continue
        lines += ["", "By request type, %s (%s):" % (name, target), "", "| request | count per run | round trip µs | service µs |", "|---|---|---|---|"]
        for typ, v in sorted(agg["types"].items(), key=lambda kv: -kv[1][0]):
            lines.append("| %s | %.0f | %.2f | %.2f |" % (typ, v[0] / len(agg["reps"]), v[1] / v[0], v[2] / v[0]))
    lines.append("")
early = sorted("%s.%s" % k for k, v in runs.items() for d in v if d.get("stopped_early"))
if early: lines += ["Runs that stopped early (left out): " + ", ".join(early), ""]
open(os.path.join(out, "tables.md"), "w").write("\n".join(lines) + "\n")
print("\n".join(lines))

try:
    import matplotlib; matplotlib.use("Agg"); import matplotlib.pyplot as plt
except ImportError:
    print("evaluate.sh: matplotlib missing, no plots"); sys.exit(0)
if paper:
    cols = [("pxfs-sp-pcm", "PXFS sp aerie-pcm"), ("pxfs-tfs-pcm", "PXFS tfs aerie-pcm"), ("tmpfs", "tmpfs"), ("disk", "disk (ext4)")]
    fig, ax = plt.subplots(figsize=(10, 4)); w = 0.12; x = range(len(micro_ops))
    series = [(l, [statistics.median(micro_lat(t, op) or [0]) for op in micro_ops]) for t, l in cols]
    series += [("paper " + k, [paper[op][k] for op in micro_ops]) for k in ["ramfs", "ext3", "pxfs"]]
    for i, (l, ys) in enumerate(series):
        ax.bar([xi + (i - len(series) / 2) * w for xi in x], ys, w, label=l, hatch="//" if l.startswith("paper") else None)
    ax.set_xticks(list(x)); ax.set_xticklabels(micro_ops); ax.set_yscale("log"); ax.set_ylabel("µs per operation (log)")
    ax.set_title("Aerie Table 2: this machine (median of runs) and the paper"); ax.legend(fontsize=7, ncol=2)
    fig.tight_layout(); fig.savefig(os.path.join(out, "fs-aerie-table2.png"), dpi=110)
sc = {}
for wl in ["fileserver", "webproxy"]:
    for t in ["pxfs-tfs-pcm", "pxfs-tfs-dram", "kvfs-tfs-pcm"]:
        pts = [(n, [d["total"]["ops_per_second"] for d in runs.get(("scale-%s-p%d" % (wl, n), t), [])]) for n in (1, 2, 4)]
        if all(v for _, v in pts): sc[(wl, t)] = pts
if sc:
    fig, axs = plt.subplots(1, 2, figsize=(9, 3.5))
    for ax, wl in zip(axs, ["fileserver", "webproxy"]):
        for (w2, t), pts in sc.items():
            if w2 != wl: continue
            ns = [n for n, _ in pts]; m = [statistics.median(v) for _, v in pts]
            ax.errorbar(ns, m, yerr=[[a - min(v) for a, (_, v) in zip(m, pts)], [max(v) - a for a, (_, v) in zip(m, pts)]], marker="o", capsize=3, label=t)
        ax.set_xticks([1, 2, 4]); ax.set_xlabel("client processes (1 thread each)"); ax.set_ylabel("flowops/s"); ax.set_ylim(bottom=0); ax.set_title(wl + " through aerie-tfs (median, bars: range)"); ax.legend(fontsize=7)
    fig.tight_layout(); fig.savefig(os.path.join(out, "fs-aerie-scaling.png"), dpi=110)
PY
