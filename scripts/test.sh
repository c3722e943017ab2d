#!/usr/bin/env bash
# Builds everything and runs the whole test suite (lit + FileCheck).
set -euo pipefail
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
"$REPO/scripts/build.sh"
ninja -C "$REPO/build" check
