#!/usr/bin/env bash
# redis-benchmark (Debian's redis-tools, loopback) GET/SET/LPUSH/MSET against the uninstrumented
# redis-server and the instrumented one (examples/redis/instrument-and-test.sh) under the dram,
# sttram and pcm presets in conservative and realistic mode. The pcm runs also dump the runtime's
# counters (PMS_STATS=FILE) and compare the injected time with what the counters and the model give.
#
#   examples/redis/bench-delay.sh                # N=100000 requests per test
#   N=50000 REPEAT=1 examples/redis/bench-delay.sh   # quicker; REPEAT: runs of uninstrumented/dram
#   VARIANT=filtered examples/redis/bench-delay.sh   # the build of TYPE_FILTER=... VARIANT=filtered
#                                                    # instrument-and-test.sh; output in redis-bench-filtered
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${NVM_WORK:-$REPO/build/examples}
# The uninstrumented build made by instrument-and-test.sh (same make flags), else the bear build.
PLAIN=${PLAIN_SERVER:-$WORK/redis-plain-build/src/redis-server}
[ -x "$PLAIN" ] || PLAIN=$WORK/redis/redis-7.0.15/src/redis-server
INSTR=${INSTR_SERVER:-$WORK/redis-instrumented${VARIANT:+-$VARIANT}-build/src/redis-server}
N=${N:-100000}
REPEAT=${REPEAT:-3}
PORT=${PORT:-6399}
TESTS=get,set,lpush,mset
OUT=$WORK/redis-bench${VARIANT:+-$VARIANT}
mkdir -p "$OUT"

fail() { printf '\nFAILED: %s\n' "$*" >&2; exit 1; }
command -v redis-benchmark >/dev/null || fail "redis-benchmark missing (redis-tools is in scripts/setup.sh's PACKAGES)"
command -v redis-cli >/dev/null || fail "redis-cli missing (redis-tools)"
[ -x "$PLAIN" ] || fail "no uninstrumented server $PLAIN (examples/redis/fetch-and-build.sh)"
[ -x "$INSTR" ] || fail "no instrumented server $INSTR (examples/redis/instrument-and-test.sh)"

# Two CPUs or more: server on CPU 0, client on CPU 1, so that they do not steal each other's time.
PIN_S=() PIN_C=()
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then PIN_S=(taskset -c 0) PIN_C=(taskset -c 1); fi

SPID=
stop_server() {
  if [ -n "$SPID" ] && kill -0 "$SPID" 2>/dev/null; then
    kill -TERM "$SPID"; wait "$SPID" 2>/dev/null || true
  fi
  SPID=
}
trap stop_server EXIT

# run LABEL SERVER [ENV...]: starts the server, benchmarks it, prints LABEL and the four rps
run() {
  local label=$1 server=$2; shift 2
  env "$@" "${PIN_S[@]}" "$server" --port "$PORT" --bind 127.0.0.1 --save '' --appendonly no \
    --daemonize no --logfile "$OUT/$label.log" --dir "$OUT" &
  SPID=$!
  for _ in $(seq 100); do redis-cli -p "$PORT" ping >/dev/null 2>&1 && break; sleep 0.1; done
  redis-cli -p "$PORT" ping >/dev/null 2>&1 || fail "$label: server did not start (log: $OUT/$label.log)"
  "${PIN_C[@]}" redis-benchmark -p "$PORT" -t "$TESTS" -n "$N" -q 2>/dev/null | tr '\r' '\n' \
    | grep 'requests per second' >"$OUT/$label.txt" || fail "$label: redis-benchmark"
  stop_server
  python3 - "$label" "$OUT/$label.txt" <<'PY'
import re, sys
rps = {}
for line in open(sys.argv[2]):
    m = re.match(r"\s*(\S+?)(?: \(.*\))?: ([\d.]+) requests per second", line)
    if m:
        rps[m.group(1).split()[0].upper()] = float(m.group(2))
print(sys.argv[1], *(f"{rps.get(t, 0):.0f}" for t in ("GET", "SET", "LPUSH", "MSET")))
PY
}

RESULTS=$OUT/results.txt
: >"$RESULTS"
{
  # Uninstrumented and dram alternate REPEAT times (the table shows the median): the difference
  # between them is a few per cent, well inside the noise of a single loopback run.
  for _ in $(seq "$REPEAT"); do
    run uninstrumented "$PLAIN"
    run dram "$INSTR" PMS_NVM_MODEL=dram
  done
  for mode in conservative realistic; do
    run "sttram-$mode" "$INSTR" PMS_NVM_MODEL=sttram PMS_NVM_MODE=$mode
    rm -f "$OUT/pcm-$mode.stats.json"
    run "pcm-$mode" "$INSTR" PMS_NVM_MODEL=pcm PMS_NVM_MODE=$mode PMS_STATS="$OUT/pcm-$mode.stats.json"
  done
} | tee "$RESULTS" >/dev/null

echo "redis-benchmark -t $TESTS -n $N -q, loopback, requests per second (date: $(date -u +%FT%TZ))"
echo "(uninstrumented and dram: median of $REPEAT alternating runs; others: one run; % against uninstrumented)"
python3 - "$RESULTS" <<'PY'
import statistics, sys
runs = {}
for l in open(sys.argv[1]):
    if l.strip():
        runs.setdefault(l.split()[0], []).append([float(v) for v in l.split()[1:]])
rows = [[k, *(statistics.median(c) for c in zip(*v))] for k, v in runs.items()]
base = {t: float(v) for t, v in zip(("GET", "SET", "LPUSH", "MSET"), rows[0][1:])}
print(f"{'build / preset':<24}" + "".join(f"{t:>16}" for t in base))
for r in rows:
    cells = []
    for t, v in zip(base, r[1:]):
        v = float(v)
        cells.append(f"{v:>9.0f} ({100 * (v / base[t] - 1):+5.1f}%)" if r is not rows[0] else f"{v:>16.0f}")
    print(f"{r[0]:<24}" + "".join(f"{c:>16}" for c in cells))
PY

echo
echo "injected time vs counters x model (pcm: read 300, write 300, flush 40, barrier 500 ns)"
for mode in conservative realistic; do
  f=$OUT/pcm-$mode.stats.json
  [ -s "$f" ] || fail "no counters in $f (PMS_STATS)"
  python3 - "$f" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
R, W, F, B = 300, 300, 40, 500
# Writes: every written line pays write + flush, every barrier once (conservative: one per
# write; realistic: Redis opens no transaction, so with the default PMS_NVM_EPOCH_WRITES=1 every
# store is its own epoch and pays like a conservative one, one barrier each).
wpart = s["flushes"] * (W + F) + s["barriers"] * B
rpart = s["injected_ns"] - wpart
print(f"{s['model']}/{s['mode']}: reads {s['reads']}, writes {s['writes']}, flushes {s['flushes']}, "
      f"barriers {s['barriers']}, injected {s['injected_ns'] / 1e9:.3f} s")
print(f"  writes x model: {s['flushes']} lines x ({W}+{F}) + {s['barriers']} barriers x {B} = {wpart / 1e9:.3f} s")
print(f"  rest (reads):   {rpart / 1e9:.3f} s = {rpart / R:.0f} read lines x {R} ns "
      f"({rpart / R / max(s['reads'], 1):.4f} lines per read access)")
if s["mode"] == "conservative":
    naive = s["reads"] * R + s["writes"] * (W + F + B)
    print(f"  (reads, writes) x model, one line each: {s['reads']} x {R} + {s['writes']} x {W + F + B} = "
          f"{naive / 1e9:.3f} s; injected / that = {s['injected_ns'] / naive:.4f}")
    ok = rpart >= s["reads"] * R and s["barriers"] == s["writes"]
else:
    ok = 0 <= rpart <= s["reads"] * R * 1.1 and s["barriers"] == s["writes"]
print("  agrees with the model" if ok else "  DOES NOT AGREE with the model")
PY
done
