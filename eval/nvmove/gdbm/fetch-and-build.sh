#!/usr/bin/env bash
# Fetches Debian bookworm's gdbm 1.23 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source gdbm gdbm-1.23 src/gdbmopen.c build-essential bison

# The library and its tools (gdbmtool, gdbm_load, gdbm_dump); no NLS, no readline.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --disable-nls --without-readline --disable-shared >/dev/null
bear --output "$DB.tmp" -- make -j2 -C src
bear --append --output "$DB.tmp" -- make -j2 -C tools
debian_source_done
