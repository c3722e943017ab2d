#!/usr/bin/env bash
# Fetches Debian bookworm's mosquitto 2.0.11 source and builds its broker under bear; prints the
# path of its compile_commands.json as the last line (build output goes to stderr). Nothing is
# rebuilt when the database already has entries. Debian's mosquitto-clients (mosquitto_pub,
# mosquitto_sub) are the clients of the functional check and the crash loop.
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/debian-source.sh"
debian_source mosquitto mosquitto-2.0.11 src/persist_read.c build-essential mosquitto-clients

# Only the broker (src/ compiles the lib/ files it needs itself), with its default features less
# TLS, websockets and cJSON (the broker uses none of them for its persistence; no extra -dev
# packages). Clean first so that every translation unit is compiled (and recorded) in this run.
MAKEVARS=(WITH_TLS=no WITH_CJSON=no WITH_DOCS=no WITH_WEBSOCKETS=no)
make -C "$SRC/src" "${MAKEVARS[@]}" clean >/dev/null
bear --output "$DB.tmp" -- make -C "$SRC/src" -j2 "${MAKEVARS[@]}" mosquitto
debian_source_done
