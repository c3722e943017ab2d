#!/usr/bin/env bash
# Fetches Debian bookworm's Redis 7.0.15 source and builds redis-server under bear to get a compile_commands.json.
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
WORK=${NVM_WORK:-$REPO/build/examples}/redis
SRC=$WORK/redis-7.0.15
DB=$SRC/compile_commands.json

if [ -s "$DB" ] && grep -q '"file"' "$DB"; then echo "$DB"; exit 0; fi

# Everything but the final path goes to stderr.
exec 3>&1 1>&2
"$REPO/scripts/setup.sh"   # clang/bear/dpkg-dev and the deb-src entry
# MALLOC=libc, USE_SYSTEMD=no and no BUILD_TLS need only a C toolchain.
PKGS=(build-essential)
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

if [ ! -f "$SRC/src/Makefile" ]; then
  rm -rf "$WORK" && mkdir -p "$WORK"
  (cd "$WORK" && apt-get source -q redis)
  [ -f "$SRC/src/Makefile" ] || { echo "expected $SRC after 'apt-get source redis'" >&2; exit 1; }
fi

# Clean first so that every translation unit is compiled (and recorded) in this run.
make -C "$SRC/src" distclean >/dev/null
bear --output "$DB.tmp" -- make -C "$SRC/src" -j2 redis-server MALLOC=libc USE_SYSTEMD=no BUILD_TLS=no
mv "$DB.tmp" "$DB"
echo "$DB" >&3
