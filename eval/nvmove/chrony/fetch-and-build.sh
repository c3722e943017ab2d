#!/usr/bin/env bash
# Fetches Debian bookworm's chrony 4.3 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source chrony chrony-4.3 sources.c build-essential bison libcap-dev

# Optional crypto, NTS, seccomp and readline are off: the dump files (-r) do not depend on them.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --disable-nts --without-nettle --without-gnutls --without-nss \
  --without-tomcrypt --without-seccomp --disable-readline --without-editline >/dev/null
bear --output "$DB.tmp" -- make -j2
debian_source_done
