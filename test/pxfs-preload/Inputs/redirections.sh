#!/bin/bash
# Shell redirections into and out of BASE, with builtins (the shell's own
# stdio and read) and with programs the shell executes (the descriptor handed
# across exec), printing what each left, for a diff between a real directory
# and the mount. usage: redirections.sh BASE
B=$1
echo hello > "$B/f"; echo "rc=$? echo >"
echo more >> "$B/f"; echo "rc=$? echo >>"
printf '%s\n' one two three > "$B/p"; echo "rc=$? printf >"
cat "$B/f" "$B/p"
read -r line < "$B/f"; echo "read <: $line"
while read -r l; do echo "loop: $l"; done < "$B/p"
cat < "$B/f"; echo "rc=$? cat <"
/bin/echo external > "$B/e"; echo "rc=$? /bin/echo >"
/bin/echo again >> "$B/e"; echo "rc=$? /bin/echo >>"
cat "$B/e"
sort -r < "$B/p" > "$B/sorted"; echo "rc=$? sort < >"
cat "$B/sorted"
wc -l < "$B/p"
ls "$B" > "$B/list"; echo "rc=$? ls >"
cat "$B/list"
{ echo to-stderr >&2; } 2> "$B/err"; echo "rc=$? 2>"
cat "$B/err"
exec 3> "$B/three"; echo "rc=$? exec 3>"
echo via-three >&3
exec 4>&3; echo via-four >&4
exec 3>&- 4>&-
cat "$B/three"
exec 5< "$B/p"; read -r a <&5; read -r b <&5; exec 5<&-; echo "fd 5: $a $b"
{ echo gone > "$B/nodir/x"; } 2>/dev/null; echo "rc=$? > missing directory"
{ cat < "$B/nofile"; } 2>/dev/null; echo "rc=$? < missing file"
if [ "$2" = groups ]; then   # the shell and a program on one file: through aerie-tfs only
	{ echo g1; /bin/echo g2; echo g3; } > "$B/group"; echo "rc=$? group >"
	cat "$B/group"
	{ read -r first; echo "first: $first"; cat; } < "$B/p"; echo "rc=$? group <"
fi
echo still-here; echo "stdout restored"
