#!/usr/bin/env bash
# Sets up the machine (idempotent) and builds every tool into build/.
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$REPO/scripts/setup.sh"
cmake -S "$REPO" -B "$REPO/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$REPO/build" >&2
