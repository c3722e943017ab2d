/* The registry of fsbench backends: the one place a new file-system or key-value backend is listed. */
#include "backend.h"

#include <string.h>

extern const struct fsb_kv_ops fsb_kvfs_ops; /* backend_kvfs.c, over examples/aerie */

static const struct fsb_backend backends[] = {
	{"posix", &fsb_posix_ops, NULL, "POSIX calls on any directory (kernel file systems, tmpfs, an LD_PRELOAD file system)"},
	{"kvdir", NULL, &fsb_kvdir_ops, "key-value store mapping each key to a file in one directory"},
	{"kvfs", NULL, &fsb_kvfs_ops, "Aerie's KVFS in the persistent pool (FSBENCH_KVFS_POOL or FSBENCH_KVFS_SOCKET)"},
};

/* fsb_backend_find -- the registered backend called 'name', or NULL */
const struct fsb_backend *fsb_backend_find(const char *name)
{
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (strcmp(backends[i].name, name) == 0)
			return &backends[i];
	return NULL;
}

/* fsb_backend_list -- the registered backends' names, comma-separated */
const char *fsb_backend_list(void)
{
	static char list[256];
	if (list[0])
		return list;
	for (size_t i = 0; i < sizeof(backends) / sizeof(backends[0]); i++) {
		if (i)
			strncat(list, ", ", sizeof(list) - strlen(list) - 1);
		strncat(list, backends[i].name, sizeof(list) - strlen(list) - 1);
	}
	return list;
}
