#!/bin/sh
# build-engine.sh -- builds the spindle fio ioengine against the headers of
# Debian's fio source (apt-get source fio, configured only to produce
# config-host.h) and the built libspindle/libpmem_shim; prints the .so path.
# usage: examples/spindle/fio/build-engine.sh   (NVM_BUILD: build dir)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
build=${NVM_BUILD:-$here/../../../build}
src=$build/fio-src
ver=$(dpkg-query -W -f='${Version}' fio 2>/dev/null | sed 's/-[^-]*$//') || true
[ -n "$ver" ] || { echo "build-engine.sh: error: the fio package is not installed (scripts/setup.sh)" >&2; exit 1; }
[ -f "$build/lib/libspindle.a" ] || { echo "build-engine.sh: error: $build/lib/libspindle.a is not built (ninja -C build spindle)" >&2; exit 1; }
if [ ! -f "$src/fio-$ver/config-host.h" ]; then
	mkdir -p "$src"
	(cd "$src" && apt-get source --download-only fio >/dev/null 2>&1 &&
		tar xzf "fio_$ver.orig.tar.gz" && cd "fio-$ver" &&
		./configure --disable-native >/dev/null) ||
		{ echo "build-engine.sh: error: cannot fetch and configure fio $ver's source in $src" >&2; exit 1; }
fi
fio=$src/fio-$ver
out=$build/lib/spindle-fio-engine.so
cc -std=gnu11 -O2 -Wall -shared -fPIC -D_GNU_SOURCE -DFIO_EXTERNAL_ENGINE \
	-include "$fio/config-host.h" -I"$fio" -I"$here/../include" \
	-o "$out" "$here/spindle_engine.c" "$build/lib/libspindle.a" \
	-L"$build/lib" -Wl,-rpath,"$build/lib" -lpmem_shim -pthread
echo "$out"
