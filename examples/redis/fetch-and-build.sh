#!/usr/bin/env bash
# Fetches Debian bookworm's Redis 7.0.15 source and builds redis-server under bear to get a compile_commands.json.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/debian-source.sh"
# MALLOC=libc, USE_SYSTEMD=no and no BUILD_TLS need only a C toolchain.
debian_source redis redis-7.0.15 src/Makefile build-essential

# Clean first so that every translation unit is compiled (and recorded) in this run.
make -C "$SRC/src" distclean >/dev/null
bear --output "$DB.tmp" -- make -C "$SRC/src" -j2 redis-server MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no
debian_source_done
