#!/usr/bin/env bash
# Runs nvmove (precise and paper modes, every TU, no cache) on each program of the held-out
# evaluation set and prints one table scored against each program's verdicts.tsv.
#   usage: eval/nvmove/score-all.sh [--rescore] [PROGRAM ...]
# PROGRAM is a folder of eval/nvmove/ (default: all of them). --rescore scores the JSON of the last
# run again without running nvmove (after verdicts were added). Results land in
# build/eval/nvmove/PROGRAM/nvmove-MODE.json (+ .seconds), or under $NVM_EVAL_OUT when set (the
# sources stay where $NVM_EVAL_WORK says); types without a verdict are named on stderr, since the
# figures mean nothing until each has one.
set -euo pipefail
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
NVMOVE=${NVMOVE:-$REPO/build/bin/nvmove}
OUT_ROOT=${NVM_EVAL_OUT:-${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}}
SCORE="$REPO/scripts/score-types.py"

rescore=0
if [ "${1:-}" = "--rescore" ]; then rescore=1; shift; fi
case "${1:-}" in -*) echo "score-all.sh: unknown option '$1' (usage: score-all.sh [--rescore] [PROGRAM ...])" >&2; exit 1;; esac
if [ $# -eq 0 ]; then
  set -- $(cd "$HERE" && for d in */; do [ -f "$d/program.conf" ] && echo "${d%/}"; done)
fi
[ -x "$NVMOVE" ] || { echo "score-all.sh: no nvmove binary at $NVMOVE (run ./scripts/build.sh)" >&2; exit 1; }

# conf_values FILE KEY: the values of every 'KEY = value' line of a program.conf.
conf_values() { sed -n "s/^$2[[:space:]]*=[[:space:]]*//p" "$1"; }

# Every program is checked before anything runs, so a typo fails at once.
for prog in "$@"; do
  for f in fetch-and-build.sh program.conf verdicts.tsv; do
    [ -f "$HERE/$prog/$f" ] || { echo "score-all.sh: $prog: no $f in eval/nvmove/$prog" >&2; exit 1; }
  done
done

printf '%s\n' "| program | version | lines of C | TUs | load functions | mode | functions visited | types reported | true pos. | false pos. | false neg. | recall | precision | seconds (cold) |"
printf '%s\n' "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for prog in "$@"; do
  dir=$HERE/$prog
  version=$(conf_values "$dir/program.conf" version)
  mapfile -t loads < <(conf_values "$dir/program.conf" load-function)
  read -r -a flags <<< "$(conf_values "$dir/program.conf" flags)"
  [ ${#loads[@]} -gt 0 ] || { echo "score-all.sh: $prog: program.conf names no load-function" >&2; exit 1; }
  db=$("$dir/fetch-and-build.sh" | tail -n 1)
  [ -s "$db" ] || { echo "score-all.sh: $prog: fetch-and-build.sh printed no compile database ($db)" >&2; exit 1; }
  src=$(dirname "$db")
  out=$OUT_ROOT/$prog
  mkdir -p "$out"
  # Lines of C: every .c and .h file of the unpacked source (wc -l), generated ones included,
  # without quilt's copies of the unpatched files (.pc/).
  loc=$(find "$src" -path '*/.pc' -prune -o -name '*.[ch]' -type f -print0 | xargs -0 cat | wc -l)
  tus=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$db")
  load_args=()
  for f in "${loads[@]}"; do load_args+=(--load-function="$f"); done
  for mode in precise paper; do
    json=$out/nvmove-$mode.json
    if [ $rescore -eq 0 ]; then
      start=$(date +%s.%N)
      rc=0
      "$NVMOVE" -p "$db" "${load_args[@]}" "${flags[@]}" --mode=$mode --all-tus --format=json \
        -o "$json" --no-cache --quiet 2> "$out/nvmove-$mode.stderr" || rc=$?
      end=$(date +%s.%N)
      if [ $rc -ne 0 ] && [ $rc -ne 2 ]; then
        echo "score-all.sh: $prog: nvmove --mode=$mode exited $rc: $(head -n 1 "$out/nvmove-$mode.stderr")" >&2
        continue
      fi
      [ $rc -eq 2 ] && echo "score-all.sh: $prog: some TUs did not parse (exit 2), see $out/nvmove-$mode.stderr" >&2
      python3 -c 'import sys; print(f"{float(sys.argv[2]) - float(sys.argv[1]):.1f}")' "$start" "$end" > "$json.seconds"
    fi
    [ -f "$json" ] || { echo "score-all.sh: $prog: no $json to rescore" >&2; continue; }
    visited=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["functions_visited"]))' "$json")
    IFS=$'\t' read -r _ types tp fp fn recall precision fn_names _ < <(python3 "$SCORE" --row "$dir/verdicts.tsv" "$json")
    unknown=$(python3 "$SCORE" "$dir/verdicts.tsv" "$json" | sed -n 's/^  no verdict yet: //p')
    [ -n "$unknown" ] && echo "score-all.sh: $prog ($mode): no verdict yet for $unknown" >&2
    printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' \
      "$prog" "$version" "$loc" "$tus" "$(IFS=,; echo "${loads[*]}")" "$mode" "$visited" "$types" \
      "$tp" "$fp" "$fn" "$recall" "$precision" "$(cat "$json.seconds" 2>/dev/null || echo '?')"
  done
done
