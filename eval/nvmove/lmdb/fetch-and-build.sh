#!/usr/bin/env bash
# Fetches Debian bookworm's LMDB source and builds the library and its tools under bear; prints
# the path of its compile_commands.json as the last line (build output goes to stderr). Nothing
# is rebuilt when the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source lmdb lmdb-0.9.24 libraries/liblmdb/mdb.c build-essential

# -O0: the build only has to record the compile commands.
cd "$SRC/libraries/liblmdb"
make clean >/dev/null 2>&1 || true
bear --output "$DB.tmp" -- make -j2 OPT=-O0
debian_source_done
