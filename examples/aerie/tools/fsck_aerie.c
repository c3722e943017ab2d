/*
 * fsck_aerie.c -- fsck.aerie: recovers a pool (its interrupted transaction
 * is undone by opening it) and checks its file system. Exit codes: 0 clean,
 * 1 inconsistencies found (one line each), 2 the pool could not be checked.
 */
#include <stdio.h>
#include <string.h>

#include "aerie/aerie.h"
#include "fsck.h"
#include "mount.h"

int main(int argc, char **argv)
{
	struct aer_fsck_summary sum;
	struct aer_fs fs;
	int rc;

	if (argc != 2 || argv[1][0] == '-') {
		fprintf(stderr, "usage: fsck.aerie POOL\n");
		return argc == 2 && !strcmp(argv[1], "--help") ? 0 : 2;
	}
	if (aer_open_owner(&fs, argv[1]) < 0) {
		fprintf(stderr, "fsck.aerie: error: %s: %s\n", argv[1], aerie_errormsg());
		return 2;
	}
	rc = aer_fsck(&fs, stdout, &sum);
	uint32_t nblocks = fs.sb->nblocks;
	const char *alloc = fs.alloc->name, *dirs = fs.dir->name;
	aer_close_owner(&fs);
	if (rc < 0) {
		fprintf(stderr, "fsck.aerie: error: %s\n", aerie_errormsg());
		return 2;
	}
	printf("fsck.aerie: %s: %s: %lu files, %lu directories, %lu of %u blocks used, "
			"%lu unlinked while open, policies %s/%s\n", argv[1],
			rc ? "INCONSISTENT" : "clean", sum.files, sum.dirs, sum.used_blocks, nblocks,
			sum.orphans, alloc, dirs);
	if (rc)
		printf("fsck.aerie: %s: %lu inconsistencies\n", argv[1], sum.problems);
	return rc ? 1 : 0;
}
