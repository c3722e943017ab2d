#!/bin/sh
# Runs more unmodified tools under BASE (find, du -a's names, grep -r,
# md5sum, head, tail, wc, dd, ln, touch, install, tee, sed -i, sort reading
# a file), printing output and exit status with BASE replaced, for a diff
# between a real directory and the mount. Only external commands touch BASE.
# usage: tools.sh BASE SRC
B=$1
S=$2
run() {
	"$@" 2>&1 | sed -e "s|$S|SRC|g" -e "s|$B|BASE|g"
	echo "rc=$? <- $*" | sed -e "s|$S|SRC|g" -e "s|$B|BASE|g"
}
set -o pipefail 2>/dev/null || true
run cp -r "$S" "$B/t"
run sh -c "find '$B/t' | sort"
run sh -c "find '$B/t' -type f -size +4k | sort"
run sh -c "grep -rlc . '$B/t' | sort"
run sh -c "cd '$S' && md5sum block+1 sub/big.bin"
run md5sum "$B/t/block+1" "$B/t/sub/big.bin"
run sh -c "head -c 100 '$B/t/sub/big.bin' | od -An -tx1 | head -2"
run sh -c "tail -c 100 '$B/t/sub/big.bin' | od -An -tx1 | head -2"
run wc -c "$B/t/sub/deeper/mid"
run dd "if=$B/t/sub/big.bin" "of=$B/t/dd.out" bs=7000 skip=3 count=5 status=none
run wc -c "$B/t/dd.out"
run ln "$B/t/block" "$B/t/block.link"
run stat -c '%h %s' "$B/t/block"
run touch "$B/t/new-empty"
run install -m 644 "$S/block-1" "$B/t/installed"
run cmp "$S/block-1" "$B/t/installed"
run sh -c "printf 'b\na\nc\n' | tee '$B/t/teed'"
run sort "$B/t/teed"
run sed -i s/a/A/ "$B/t/teed"
run cat "$B/t/teed"
run sh -c "ls '$B/t' | sort"
