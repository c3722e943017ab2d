#!/usr/bin/env bash
# Fetches Debian bookworm's git 2.39.5 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source git git-2.39.5 read-cache.c build-essential zlib1g-dev

# The git binary and its built-ins; no curl, expat, gettext, Perl, Python or Tcl parts (none
# of them reads the index). -O0: the build only has to record the compile commands.
cd "$SRC"
GIT_FLAGS=(NO_CURL=1 NO_EXPAT=1 NO_GETTEXT=1 NO_TCLTK=1 NO_PERL=1 NO_PYTHON=1 NO_OPENSSL=1
  CFLAGS="-O0" V=1)
make "${GIT_FLAGS[@]}" clean >/dev/null 2>&1 || true
bear --output "$DB.tmp" -- make -j2 "${GIT_FLAGS[@]}" git
debian_source_done
