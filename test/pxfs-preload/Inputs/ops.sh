#!/bin/sh
# Runs mkdir -p, mv, rm -r, stat and their error cases under BASE, printing
# each command's output and exit status with BASE replaced by "BASE", so
# that a run on a real directory and one on the mount can be diffed.
# Only external commands touch BASE: a preloaded shell that tested a path
# itself would mount the pool and keep it from its children.
# usage: ops.sh BASE SRC   (SRC: a real tree made by make_tree.py)
B=$1
S=$2
run() {
	"$@" 2>&1 | sed -e "s|$S|SRC|g" -e "s|$B|BASE|g"
	echo "rc=$? <- $*" | sed -e "s|$S|SRC|g" -e "s|$B|BASE|g"
}
set -o pipefail 2>/dev/null || true
run mkdir -p "$B/a/b/c"
run mkdir -p "$B/a/b/c"
run mkdir "$B/a/b"
run mkdir "$B/no/such/parent"
run cp -r "$S" "$B/a/tree"
run mv "$B/a/tree/block" "$B/a/moved-block"
run mv "$B/a/tree/sub" "$B/a/b/c/sub-moved"
run mv "$B/a/nothing" "$B/a/x"
run mv "$B/a/b" "$B/a/b/c/inside"
run mv "$B/a/tree/empty" "$B/a/tree/empty dir"
run stat -c '%n %s %F' "$B/a/moved-block" "$B/a/b/c/sub-moved/big.bin"
run stat -c '%n %F' "$B/a/b/c/sub-moved/deeper/last"   # a directory's size is its file system's
run stat -c '%n' "$B/a/nothing"
run rmdir "$B/a/b"
run rm "$B/a/b"
run rm -r "$B/a/tree/block-1" "$B/a/b/c/sub-moved/deeper"
run rm -r "$B/a/nothing"
run ls -R "$B"
run rm -r "$B/a/tree"
run ls -R "$B"
