#!/usr/bin/env bash
# Fetches Debian bookworm's dhcpcd5 9.4.1 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source dhcpcd5 dhcpcd5-9.4.1 src/dhcp.c build-essential

# dhcpcd's own configure; no udev, no privilege separation (neither touches the lease files).
cd "$SRC"
[ -f config.mk ] && make clean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --without-udev --disable-privsep >/dev/null
bear --output "$DB.tmp" -- make -j2 -C src
debian_source_done
