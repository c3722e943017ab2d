/*
 * pool-tool.c -- makes pools the Aerie tools must refuse: "bare" (a pmem_shim
 * pool with no file system in it) and "magic"/"version" (a file system whose
 * superblock was damaged); "mount" tries a single-process mount.
 */
#include <stdio.h>
#include <string.h>

#include <pmem_shim.h>

#include "aerie/aerie.h"
#include "layout.h"

int main(int argc, char **argv)
{
	pms_pool *p;

	if (argc != 3)
		return 2;
	if (!strcmp(argv[1], "mount")) {
		if (aerie_mount(argv[2]) < 0) {
			printf("mount: error: %s\n", aerie_errormsg());
			return 1;
		}
		return aerie_unmount() < 0;
	}
	if (!(p = pms_pool_open(argv[2], !strcmp(argv[1], "bare") ? PMS_CREATE : 0, NULL))) {
		printf("pool-tool: %s\n", pms_errormsg());
		return 1;
	}
	struct aer_super *sb = pms_root_get(AER_ROOT_NAME);
	if (!strcmp(argv[1], "magic"))
		sb->magic[0] = 'X';
	else if (!strcmp(argv[1], "version"))
		sb->version = 99;
	if (sb)
		pms_persist(sb, sizeof *sb);
	pms_pool_close(p);
	return 0;
}
