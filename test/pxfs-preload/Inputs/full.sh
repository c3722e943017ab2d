#!/bin/bash
# Fills the mount at BASE through a redirection (head, a program the shell
# executes), a builtin and cp, then frees space and writes again.
# usage: full.sh BASE
B=$1
for i in $(seq 80); do : > "$B/e$i"; done   # empty files first: the inode table and directory grow
head -c 12000000 /dev/zero > "$B/big"; echo "rc=$? head > full"
echo x > "$B/small"; echo "rc=$? echo > full"
cp /bin/bash "$B/copy"; echo "rc=$? cp to full"
dd if=/dev/zero of="$B/dd" bs=64k count=10 status=none; echo "rc=$? dd to full"
rm "$B/big" "$B/copy" "$B/dd"; echo "rc=$? rm"
head -c 1000000 /dev/zero > "$B/big"; echo "rc=$? head > after rm"
wc -c < "$B/big"
