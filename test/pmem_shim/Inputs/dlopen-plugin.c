/* dlopen-plugin -- a library that links the runtime and is loaded with dlopen (as fio loads an
 * external ioengine): opens a pool and commits a transaction. */
#include <pmem_shim.h>
#include <stdio.h>
int plugin_open(const char *path)
{
	pms_pool *p = pms_pool_open(path, PMS_CREATE, NULL);
	if (!p) { printf("open: %s\n", pms_errormsg()); return -1; }
	pms_tx_begin();
	long *x = pms_malloc(sizeof *x);
	pms_tx_add_range(x, sizeof *x);
	*x = 42;
	pms_tx_commit();
	printf("plugin: pool open, a transaction committed (%ld)\n", *x);
	return pms_pool_close(p);
}
