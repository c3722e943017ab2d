#!/usr/bin/env bash
# Fetches Debian bookworm's dnsmasq 2.90 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${NVM_WORK:-$REPO/build/examples}/dnsmasq
SRC=$WORK/dnsmasq-2.90
DB=$SRC/compile_commands.json

if [ -s "$DB" ] && grep -q '"file"' "$DB"; then echo "$DB"; exit 0; fi

exec 3>&1 1>&2
"$REPO/scripts/setup.sh"   # clang, bear, dpkg-dev and the deb-src entry
if [ ! -f "$SRC/src/lease.c" ]; then
  rm -rf "$WORK" && mkdir -p "$WORK"
  (cd "$WORK" && apt-get source -q dnsmasq)
  [ -f "$SRC/src/lease.c" ] || { echo "expected $SRC after 'apt-get source dnsmasq'" >&2; exit 1; }
fi

cd "$SRC"
# dnsmasq's own Makefile and default features (DHCP, DHCPv6, TFTP, ...); no configure step.
make clean >/dev/null
bear --output "$DB.tmp" -- make -j2 COPTS="-O2"
mv "$DB.tmp" "$DB"
echo "$DB" >&3
