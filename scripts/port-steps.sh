# Sourced by examples/*/port-and-build.sh and examples/*/instrument-port.sh: the steps every
# example's port and delay-injected port take. The caller defines say() and die() (one line on
# stderr; die exits 1) and sets REPO, HERE (the example), BIN (the tools), LIB (the runtime),
# INC (its headers), WORK (the port's work directory) and, for the instrument_* steps, OUT.

# port_rewrite [--complete] DB SOURCE_ROOT CONFIG NVMOVE_ARG...: nvmove on DB's compile database
# into $WORK/types.json (its exit 2, some unit did not parse, is accepted unless --complete),
# then persist-rewriter with CONFIG into $WORK/out and $WORK/port-summary.json; each tool's
# stderr goes to $WORK/<tool>.stderr.
port_rewrite() {
  local partial=2 db root config rc=0
  [ "$1" != --complete ] || { partial=0; shift; }
  db=$1 root=$2 config=$3
  shift 3
  say "nvmove ($*)"
  "$BIN/nvmove" -p "$db" "$@" --quiet --format=json -o "$WORK/types.json" \
    2>"$WORK/nvmove.stderr" || rc=$?
  [ $rc -eq 0 ] || [ $rc -eq $partial ] || { tail -5 "$WORK/nvmove.stderr" >&2; die "nvmove exited $rc"; }
  say "persist-rewriter"
  rm -rf "$WORK/out"
  rc=0
  "$BIN/persist-rewriter" -p "$db" --types="$WORK/types.json" --config="$config" \
    --source-root="$root" --out="$WORK/out" --summary="$WORK/port-summary.json" \
    2>"$WORK/persist-rewriter.stderr" || rc=$?
  [ $rc -eq 0 ] || { tail -20 "$WORK/persist-rewriter.stderr" >&2; die "persist-rewriter exited $rc"; }
}

# port_tree SOURCE EXCLUDE...: $WORK/ported is SOURCE without its object files, its compile
# database and the paths EXCLUDE names (tar --exclude patterns: the pristine binaries), with
# persist-rewriter's $WORK/out on top.
port_tree() {
  local src=$1 ex=() p
  shift
  for p in "$@"; do ex+=(--exclude="$p"); done
  rm -rf "$WORK/ported" && mkdir -p "$WORK/ported"
  tar -C "$src" --exclude='*.o' --exclude=compile_commands.json "${ex[@]}" -cf - . |
    tar -C "$WORK/ported" -xf -
  cp -a "$WORK/out/." "$WORK/ported/"
}

# instrument_inputs SERVER: the port (built by port-and-build.sh when SERVER is missing), its
# compile database and types, the delay-injector and the runtime, or die.
instrument_inputs() {
  if [ ! -x "$1" ]; then
    say "no ported server $1: running port-and-build.sh"
    WORK=$WORK "$HERE/port-and-build.sh" >&2 || die "port-and-build.sh failed"
  fi
  [ -s "$WORK/base/compile_commands.json" ] || die "no $WORK/base/compile_commands.json"
  [ -s "$WORK/types.json" ] || die "no $WORK/types.json"
  [ -x "$BIN/delay-injector" ] || die "no delay-injector at $BIN/delay-injector (scripts/build.sh)"
  [ -e "$LIB/libpmem_shim.so" ] || die "no libpmem_shim.so in $LIB (scripts/build.sh)"
}

# instrument_database PREFIX: $OUT/sources, a copy of the port made by the caller's
# copy_ported, with base's compile database moved onto it (the port changed only the contents of
# its files, so base's commands compile them; -I for <pmem_shim/port.h>); FILES is set to its
# source files under PREFIX.
instrument_database() {
  say "compile database for the ported sources ($OUT/sources)"
  copy_ported "$OUT/sources"
  python3 "$REPO/scripts/instrument_port.py" move-db "$WORK/base" "$OUT/sources" "$INC" "$1" \
    >"$OUT/src-files" || die "could not write the compile database"
  mapfile -t FILES <"$OUT/src-files"
  [ ${#FILES[@]} -gt 0 ] || die "no ${1:+$1/ }entries in $WORK/base/compile_commands.json"
}

# instrument_sources [--need-excludes] ROOT FILE...: the delay-injector on FILEs of $OUT/sources
# (compile database there) with the port's types less its exclude-type lines (--need-excludes:
# port.conf must have some), into $OUT/instrumented and $OUT/summary.json (its exit 2, some unit
# left as it was, is a warning); prints its summary.
instrument_sources() {
  local need=0 root exclude rc=0
  [ "$1" != --need-excludes ] || { need=1; shift; }
  root=$1
  shift
  exclude=$(python3 "$REPO/scripts/instrument_port.py" exclude-types "$HERE/port.conf") ||
    die "could not read $HERE/port.conf"
  [ $need -eq 0 ] || [ -n "$exclude" ] || die "no exclude-type lines in $HERE/port.conf"
  say "delay-injector on $# files -> $OUT/instrumented"
  nice -n 19 "$BIN/delay-injector" -p "$OUT/sources/compile_commands.json" \
    --types="$WORK/types.json" ${exclude:+--exclude-types="$exclude"} --root="$root" \
    --out="$OUT/instrumented" --summary="$OUT/summary.json" "$@" \
    2>"$OUT/delay-injector.stderr" || rc=$?
  [ $rc -eq 0 ] || [ $rc -eq 2 ] ||
    die "delay-injector exited $rc: $(grep -m1 -i error "$OUT/delay-injector.stderr" || tail -n1 "$OUT/delay-injector.stderr")"
  [ $rc -eq 0 ] || say "warning: delay-injector exit 2 (some TUs did not parse, left as they were; $OUT/delay-injector.stderr)"
  python3 "$REPO/scripts/instrument_port.py" summary "$OUT/summary.json" >&2
}
