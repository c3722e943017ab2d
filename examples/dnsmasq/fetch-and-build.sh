#!/usr/bin/env bash
# Fetches Debian bookworm's dnsmasq 2.90 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/debian-source.sh"
debian_source dnsmasq dnsmasq-2.90 src/lease.c build-essential

# dnsmasq's own Makefile and default features (DHCP, DHCPv6, TFTP, ...); no configure step.
# Clean first so that every translation unit is compiled (and recorded) in this run.
make -C "$SRC" clean >/dev/null
bear --output "$DB.tmp" -- make -C "$SRC" -j2 COPTS="-O2"
debian_source_done
