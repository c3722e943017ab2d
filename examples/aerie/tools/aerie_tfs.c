/*
 * aerie_tfs.c -- aerie-tfs: the trusted file-system service of one pool.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerie/aerie.h"
#include "tfs.h"

static const char usage[] =
	"usage: aerie-tfs [--lease-ms=N] [--quiet] POOL SOCKET\n";

int main(int argc, char **argv)
{
	struct aer_tfs_opts o = { NULL, NULL, 2000, stderr };

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strncmp(a, "--lease-ms=", 11) && atoi(a + 11) > 0)
			o.lease_ms = (uint32_t)atoi(a + 11);
		else if (!strcmp(a, "--quiet"))
			o.log = NULL;
		else if (!strcmp(a, "--help")) {
			fputs(usage, stdout);
			return 0;
		} else if (a[0] != '-' && !o.pool)
			o.pool = a;
		else if (a[0] != '-' && !o.socket)
			o.socket = a;
		else {
			fprintf(stderr, "aerie-tfs: error: bad argument '%s'\n%s", a, usage);
			return 2;
		}
	}
	if (!o.pool || !o.socket) {
		fprintf(stderr, "aerie-tfs: error: a pool and a socket path are needed\n%s", usage);
		return 2;
	}
	if (aer_tfs_serve(&o) < 0) {
		fprintf(stderr, "aerie-tfs: error: %s\n", aerie_errormsg());
		return 1;
	}
	return 0;
}
