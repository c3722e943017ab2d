#!/usr/bin/env bash
# Fetches Debian bookworm's memcached 1.6.18 source and builds memcached under bear to get a compile_commands.json.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/debian-source.sh"
# configure's only hard requirement is libevent 2; SASL/TLS (Debian's extra options) stay off.
debian_source memcached memcached-1.6.18 configure build-essential libevent-dev

cd "$SRC"
[ -f Makefile ] || ./configure
# Clean first so that every translation unit is compiled (and recorded) in this run.
make clean >/dev/null
bear --output "$DB.tmp" -- make -j2 memcached
debian_source_done
