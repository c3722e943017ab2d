#!/usr/bin/env bash
# Fetches Debian bookworm's OpenSSH source and builds the client (ssh) under bear; prints the path
# of its compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt
# when the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source openssh openssh-9.2p1 sshconnect.c build-essential libssl-dev zlib1g-dev autoconf automake

# -O0: the build only has to record the compile commands. Only the client and what it links.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
[ configure -nt configure.ac ] || autoreconf -f >/dev/null
CFLAGS="-O0" ./configure --without-pam --without-selinux --without-kerberos5 >/dev/null
bear --output "$DB.tmp" -- make -j2 ssh
debian_source_done
