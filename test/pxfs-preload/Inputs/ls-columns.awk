# Keeps, of `ls -l --time-style=+T` output, what two file systems share: the
# kind, a regular file's size ("-" for others) and the name; directory
# headers pass, "total" lines (block counts) do not.
NF == 1 { print; next }
/^total / { next }
{
	kind = substr($1, 1, 1)
	name = $0
	for (i = 1; i <= 6; i++)
		sub(/^[^ ]+ +/, "", name)   # mawk has no {6}
	print kind, (kind == "-" ? $5 : "-"), name
}
