/*
 * mkfs_aerie.c -- mkfs.aerie: creates a pool file holding an empty Aerie
 * file system.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerie/aerie.h"

static const char usage[] =
	"usage: mkfs.aerie [--size=BYTES[K|M|G]] [--inodes=N] [--alloc first-fit|fbst]\n"
	"                  [--dirs linear|gather-free] POOL\n"
	"  (--alloc=X, --dirs=X and --dir=X are accepted too)\n"
	"  --inodes=N: room for at least N files and directories besides the root, rounded\n"
	"  up to whole blocks of the inode table (32 inodes a block); default a quarter of the blocks\n";

/* option_value -- (internal) the value of --name=V or --name V (advancing
 * *i); NULL when argv[*i] is not that option */
static const char *option_value(int argc, char **argv, int *i, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(argv[*i], name, n))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] == '\0' && *i + 1 < argc)
		return argv[++*i];
	return NULL;
}

/* parse_size -- (internal) "64M" -> bytes; 0 when malformed */
static size_t parse_size(const char *s)
{
	char *end;
	unsigned long long n = strtoull(s, &end, 10);
	int shift = 0;

	if (end == s)
		return 0;
	switch (*end) {
	case 'K': case 'k': shift = 10; end++; break;
	case 'M': case 'm': shift = 20; end++; break;
	case 'G': case 'g': shift = 30; end++; break;
	}
	return *end ? 0 : (size_t)(n << shift);
}

int main(int argc, char **argv)
{
	struct aerie_mkfs_opts o = { 0 };
	const char *pool = NULL;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "--size=", 7) && (o.pool_size = parse_size(a + 7)))
			continue;
		if (!strncmp(a, "--inodes=", 9) && (o.inodes = (uint32_t)atoi(a + 9)) > 0)
			continue;
		const char *v;
		if ((v = option_value(argc, argv, &i, "--alloc"))) { o.alloc_policy = v; continue; }
		if ((v = option_value(argc, argv, &i, "--dirs")) ||
				(v = option_value(argc, argv, &i, "--dir"))) {
			o.dir_policy = v;
			continue;
		}
		if (!strcmp(a, "--help")) { fputs(usage, stdout); return 0; }
		if (a[0] == '-' || pool) {
			fprintf(stderr, "mkfs.aerie: error: bad argument '%s'\n%s", a, usage);
			return 2;
		}
		pool = a;
	}
	if (!pool) {
		fprintf(stderr, "mkfs.aerie: error: no pool file given\n%s", usage);
		return 2;
	}
	if (aerie_mkfs(pool, &o) < 0) {
		fprintf(stderr, "mkfs.aerie: error: %s: %s\n", pool, aerie_errormsg());
		return 1;
	}
	printf("mkfs.aerie: %s: file system created\n", pool);
	return 0;
}
