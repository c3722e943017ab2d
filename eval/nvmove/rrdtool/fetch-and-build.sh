#!/usr/bin/env bash
# Fetches Debian bookworm's RRDtool source and builds librrd and the rrdtool command under bear
# (no graphing, no language bindings); prints the path of its compile_commands.json as the last
# line (build output goes to stderr). Nothing is rebuilt when the database has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source rrdtool rrdtool-1.7.2 src/rrd_open.c build-essential libglib2.0-dev libxml2-dev

# -O0: the build only has to record the compile commands.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --disable-rrd_graph --disable-perl --disable-python --disable-ruby \
  --disable-lua --disable-tcl --disable-docs --disable-examples >/dev/null
bear --output "$DB.tmp" -- make -j2 -C src
debian_source_done
