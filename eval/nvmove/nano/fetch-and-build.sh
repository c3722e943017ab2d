#!/usr/bin/env bash
# Fetches Debian bookworm's nano 7.2 source and builds the editor under bear; prints the path of
# its compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt
# when the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source nano nano-7.2 src/history.c build-essential libncurses-dev

# The editor with its histories (the default build); no libmagic, no translations. -O0: the build
# only has to record the compile commands.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --disable-libmagic --disable-nls >/dev/null
bear --output "$DB.tmp" -- make -j2
debian_source_done
