#!/usr/bin/env bash
# Fetches Debian bookworm's cron 3.0pl1-162 source and builds it under bear; prints the path of its
# compile_commands.json as the last line (build output goes to stderr). Nothing is rebuilt when
# the database already has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source cron cron-3.0pl1 database.c build-essential

# Vixie cron's own Makefile, without the Debian PAM/SELinux/audit options (none of them touches
# the crontab database). -O0: the build only has to record the compile commands.
make -C "$SRC" clean >/dev/null 2>&1 || true
bear --output "$DB.tmp" -- make -C "$SRC" -j2 OPTIM="-O0"
debian_source_done
