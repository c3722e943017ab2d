/*
 * pool-tool.c -- opens (or creates) a pool and prints one line: what the
 * start found, or the shim's error. Used by the bad-input tests.
 *
 * usage: pool-tool open|create|hold PATH   (hold: open, print, wait for stdin EOF)
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <pmem_shim.h>

int main(int argc, char **argv)
{
	struct pms_pool_info i;
	pms_pool *p;

	if (argc != 3)
		return 2;
	p = pms_pool_open(argv[2], strcmp(argv[1], "open") ? PMS_CREATE : 0,
			NULL);
	if (!p) {
		printf("error: %s [%s]\n", pms_errormsg(), strerror(errno));
		return 1;
	}
	pms_pool_info(p, &i);
	printf("ok warm=%d gen=%llu\n", i.warm, (unsigned long long)i.generation);
	fflush(stdout);
	if (strcmp(argv[1], "hold") == 0)
		while (getchar() != EOF)
			;
	return pms_pool_close(p) ? 1 : 0;
}
