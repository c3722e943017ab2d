#!/usr/bin/env bash
# Fetches Debian bookworm's less 590 source and builds the pager under bear; prints the path of
# its compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt
# when the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source less less-590 cmdbuf.c build-essential libncurses-dev

# -O0: the build only has to record the compile commands.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure >/dev/null
bear --output "$DB.tmp" -- make -j2 less
debian_source_done
