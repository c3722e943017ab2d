#!/usr/bin/env bash
# Fetches Debian bookworm's memcached 1.6.18 source and builds memcached under bear to get a compile_commands.json.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${NVM_WORK:-$REPO/build/examples}/memcached
SRC=$WORK/memcached-1.6.18
DB=$SRC/compile_commands.json

if [ -s "$DB" ] && grep -q '"file"' "$DB"; then echo "$DB"; exit 0; fi

# Everything but the final path goes to stderr.
exec 3>&1 1>&2
"$REPO/scripts/setup.sh"   # clang/bear/dpkg-dev and the deb-src entry
# configure's only hard requirement is libevent 2; SASL/TLS (Debian's extra options) stay off.
PKGS=(build-essential libevent-dev)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -f "$SRC/configure" ]; then
  rm -rf "$WORK" && mkdir -p "$WORK"
  (cd "$WORK" && apt-get source -q memcached)
  [ -f "$SRC/configure" ] || { echo "expected $SRC after 'apt-get source memcached'" >&2; exit 1; }
fi

cd "$SRC"
[ -f Makefile ] || ./configure
# Clean first so that every translation unit is compiled (and recorded) in this run.
make clean >/dev/null
bear --output "$DB.tmp" -- make -j2 memcached
mv "$DB.tmp" "$DB"
echo "$DB" >&3
