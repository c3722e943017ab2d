#!/usr/bin/env bash
# Fetches Debian bookworm's logrotate 3.21.0-1 source and builds it under bear; prints the path of
# its compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
WORK=$NVM_WORK/logrotate
SRC=$WORK/logrotate-3.21.0

# The mirror answers 404 for the upstream signature (logrotate_3.21.0.orig.tar.gz.asc), so
# `apt-get source` stops before unpacking. The two tarballs it did fetch are checked against the
# .dsc's SHA-256 sums and unpacked here, with the Debian patches applied in series order.
if [ ! -f "$SRC/logrotate.c" ] && ! { [ -s "$SRC/compile_commands.json" ]; }; then
  "$REPO/scripts/setup.sh" >&2
  rm -rf "$WORK" && mkdir -p "$WORK"
  (cd "$WORK" && apt-get source -q --download-only logrotate >&2) || true
  for f in logrotate_3.21.0.orig.tar.gz logrotate_3.21.0-1.debian.tar.xz; do
    [ -s "$WORK/$f" ] || { echo "fetch-and-build.sh: 'apt-get source logrotate' did not fetch $f" >&2; exit 1; }
    sum=$(sed -n "s/^ \([0-9a-f]\{64\}\) [0-9]* $f\$/\1/p" "$WORK/logrotate_3.21.0-1.dsc")
    echo "$sum  $WORK/$f" | sha256sum -c --quiet - >&2 ||
      { echo "fetch-and-build.sh: $f does not match logrotate_3.21.0-1.dsc" >&2; exit 1; }
  done
  tar -xzf "$WORK/logrotate_3.21.0.orig.tar.gz" -C "$WORK"
  tar -xJf "$WORK/logrotate_3.21.0-1.debian.tar.xz" -C "$SRC"
  while read -r p; do
    case "$p" in ''|'#'*) continue;; esac
    patch -s -p1 -d "$SRC" < "$SRC/debian/patches/$p" >&2
  done < "$SRC/debian/patches/series"
fi

. "$REPO/scripts/debian-source.sh"
debian_source logrotate logrotate-3.21.0 logrotate.c build-essential libpopt-dev

# No SELinux, no ACLs (neither touches the state file). -O0: the build only has to record the
# compile commands.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure --without-selinux --without-acl >/dev/null
bear --output "$DB.tmp" -- make -j2 logrotate
debian_source_done
