#!/usr/bin/env bash
# Fetches Debian bookworm's unbound 1.17.1 source and builds the daemon under bear; prints the
# path of its compile_commands.json as the last line (build output goes to stderr). Nothing is
# rebuilt when the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source unbound unbound-1.17.1 daemon/cachedump.c build-essential libssl-dev libexpat1-dev

# The daemon only (no Python module, no libunbound's bindings, no libevent).
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
./configure --disable-flto --without-pythonmodule --without-pyunbound --with-libevent=no \
  >/dev/null
bear --output "$DB.tmp" -- make -j2 unbound
debian_source_done
