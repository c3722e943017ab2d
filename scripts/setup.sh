#!/usr/bin/env bash
# Installs every Debian package the project needs on a fresh bookworm machine; safe to run again.
set -euo pipefail

PACKAGES=(
  clang-16 libclang-16-dev libclang-cpp16-dev llvm-16-dev llvm-16-tools
  cmake ninja-build python3 bear build-essential dpkg-dev pkg-config libgtest-dev
  time redis-tools tcl strace fio postmark
  libpmemobj-dev libpmem-dev libclang-rt-16-dev pmdk-tools
  chromium graphviz python3-jsonschema python3-pip
  maven openjdk-17-jdk-headless libmemcached-tools python3-matplotlib
  mosquitto-clients linux-perf valgrind
)

sudo_if_needed() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

# deb-src entry so `apt-get source redis` / `apt-get source memcached` work.
add_deb_src() {
  local list=/etc/apt/sources.list.d/nvmove-deb-src.sources
  [ -e "$list" ] && return 0
  grep -rqs '^Types:.*deb-src\|^deb-src ' /etc/apt/sources.list /etc/apt/sources.list.d/ && return 0
  SOURCES_ADDED=1
  sudo_if_needed tee "$list" >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
}

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done

SOURCES_ADDED=0
add_deb_src
if [ ${#missing[@]} -gt 0 ] || [ "$SOURCES_ADDED" = 1 ]; then
  sudo_if_needed apt-get update -qq
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo_if_needed env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Python packages not in Debian (the list may be empty).
REQ="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/requirements.txt"
if [ -s "$REQ" ] && grep -qv '^\s*\(#\|$\)' "$REQ"; then
  python3 -m pip install -q --disable-pip-version-check --root-user-action=ignore -r "$REQ"
fi
