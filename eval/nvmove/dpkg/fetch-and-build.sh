#!/usr/bin/env bash
# Fetches Debian bookworm's dpkg 1.21.23 source and builds its library and programs under bear;
# prints the path of its compile_commands.json as the last line (build output goes to stderr).
# Nothing is rebuilt when the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source dpkg dpkg-1.21.23 lib/dpkg/parse.c build-essential libmd-dev zlib1g-dev \
  liblzma-dev libbz2-dev

# libdpkg and the C programs (dpkg, dpkg-deb, dpkg-query, ...); no dselect, no SELinux, no
# translations. -O0: the build only has to record the compile commands.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --disable-dselect --disable-nls --without-libselinux \
  --without-libzstd >/dev/null
bear --output "$DB.tmp" -- make -j2 -C lib
bear --append --output "$DB.tmp" -- make -j2 -C src
debian_source_done
