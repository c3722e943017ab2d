#!/usr/bin/env bash
# Fetches Debian bookworm's ISC DHCP source and builds the server (dhcpd) under bear; prints the
# path of its compile_commands.json as the last line (build output goes to stderr). The whole
# tree is built, and the database keeps what dhcpd is made of (server/, common/, omapip/): the
# client and the relay define functions of the same names (dhclient has its own db_startup),
# and the bundled BIND libraries are a library to dhcpd. Nothing is rebuilt when the database
# has entries.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
NVM_WORK=${NVM_EVAL_WORK:-$REPO/build/eval/nvmove}
. "$REPO/scripts/debian-source.sh"
debian_source isc-dhcp isc-dhcp-4.4.3-P1 server/db.c build-essential

# -O0: the build only has to record the compile commands.
cd "$SRC"
[ -f Makefile ] && make distclean >/dev/null 2>&1 || true
CFLAGS="-O0" ./configure >/dev/null
bear --output "$DB.all" -- make -j2
python3 - "$DB.all" "$DB.tmp" <<'PY'
import json, sys
entries = json.load(open(sys.argv[1]))
def part(e):
    path = e["file"] if e["file"].startswith("/") else e["directory"] + "/" + e["file"]
    return path.split("/isc-dhcp-4.4.3-P1/")[-1].split("/")[0]
keep = [e for e in entries if part(e) in ("server", "common", "omapip") and "/tests/" not in e["file"]]
json.dump(keep, open(sys.argv[2], "w"), indent=1)
PY
rm -f "$DB.all"
debian_source_done
