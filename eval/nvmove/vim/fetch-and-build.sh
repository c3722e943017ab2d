#!/usr/bin/env bash
# Fetches Debian bookworm's vim 9.0.1378 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source vim vim-9.0.1378 src/undo.c build-essential libncurses-dev

# The terminal editor with the "huge" feature set (what Debian's vim-nox builds, without the
# language interpreters and the GUI): persistent undo is part of it.
cd "$SRC"
make -C src distclean >/dev/null 2>&1 || true
(cd src && CFLAGS="-O0" ./configure --with-features=huge --enable-gui=no --without-x \
  --disable-gpm --disable-sysmouse --disable-canberra --disable-libsodium --disable-selinux \
  --disable-nls >/dev/null)
bear --output "$DB.tmp" -- make -C src -j2 vim
debian_source_done
