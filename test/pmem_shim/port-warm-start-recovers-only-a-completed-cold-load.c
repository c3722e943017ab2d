// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.env.pool %t.unused.pool %t.foreign.pool %t.vol.pool
// RUN: %t.exe %t.pool die 2> %t.err | FileCheck %s --check-prefix=DIE
// RUN: %t.exe %t.pool 2> %t.err | FileCheck %s --check-prefix=COLD
// RUN: FileCheck %s --check-prefix=DISCARD --input-file=%t.err
// RUN: %t.exe %t.pool bye | FileCheck %s --check-prefix=WARM
// RUN: %t.exe %t.pool crash | FileCheck %s --check-prefix=WARM2
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=WARM3
// RUN: env PMS_POOL=%t.env.pool %t.exe %t.unused.pool | FileCheck %s --check-prefix=ENV1
// RUN: env PMS_POOL=%t.env.pool %t.exe %t.unused.pool | FileCheck %s --check-prefix=ENV2
// RUN: env PMS_POOL= %t.exe %t.unused.pool | FileCheck %s --check-prefix=ENV1
// RUN: not %t.exe %t.vol.pool volatile-global 2> %t.err
// RUN: FileCheck %s --check-prefix=VOL --input-file=%t.err --match-full-lines
// RUN: not %t.exe %t.foreign.pool foreign 2> %t.err
// RUN: FileCheck %s --check-prefix=FOREIGN --input-file=%t.err --match-full-lines

// The warm-start protocol of a ported program: pms_port_open, cold load when
// !pms_port_warm(), pms_port_root for each legacy global, pms_port_loaded.
// A start that dies before pms_port_loaded leaves the next start cold (a
// fresh pool: generation 1), never half-loaded. Once loaded, every start is
// warm with the same data, including after a crash; a global assigned outside
// any operation reaches its root when the exit handler closes the pool.
// PMS_POOL, when set and not empty, replaces the default path.
// DIE: warm=0 gen=1
// DIE-NEXT: cold load
// DIE-NEXT: dying before pms_port_loaded
// COLD: warm=0 gen=1
// COLD-NEXT: cold load
// COLD-NEXT: table n=3 [ant,bee,cat] hits=1 motd=hello
// DISCARD: {{.*}}.exe: pmem_shim: pool '{{.*}}.pool': the first load did not complete; starting cold
// WARM: warm=1 gen=2 clean=1
// WARM-NEXT: table n=3 [ant,bee,cat] hits=2 motd=hello
// WARM2: warm=1 gen=3 clean=1
// WARM2-NEXT: table n=3 [ant,bee,cat] hits=3 motd=bye
// WARM3: warm=1 gen=4 clean=0
// WARM3-NEXT: table n=3 [ant,bee,cat] hits=4 motd=bye
// ENV1: warm=0 gen=1
// ENV2: warm=1 gen=2 clean=1
// VOL: {{.*}}.exe: pmem_shim: pms_port_root: global 'table' holds 0x{{[0-9a-f]+}}, outside the pool; at a cold start it must be NULL or a pool pointer
// FOREIGN: {{.*}}.exe: pmem_shim: pool '{{.*}}foreign.pool' has roots but no 'pms.loaded' or 'pms.loading' root: it was not made by pms_port_open; refusing to discard it

#include <pmem_shim/port.h>
#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct PMS_PERSISTENT table {
	long n, hits;
	char *names[3];
};

static struct table *table;   /* legacy globals */
static char *motd;

static void cold_load(void)
{
	static const char *const names[] = { "ant", "bee", "cat" };

	printf("cold load\n");
	pms_op_begin();
	table = pms_calloc(1, sizeof(*table));
	for (int i = 0; i < 3; i++)
		table->names[table->n++] = pms_strdup(names[i]);
	motd = pms_strdup("hello");
	pms_op_end();
}

int main(int argc, char **argv)
{
	const char *mode = argc > 2 ? argv[2] : "";
	struct pms_pool_info info;

	if (strcmp(mode, "foreign") == 0) {   /* a pool made without port.h */
		pms_pool *p = pms_pool_open(argv[1], PMS_CREATE, NULL);
		pms_root_set("data", pms_strdup("precious"));
		pms_pool_close(p);
	}
	if (strcmp(mode, "volatile-global") == 0)
		table = malloc(sizeof(*table));
	pms_port_open(argv[1]);
	pms_port_open(argv[1]);   /* idempotent */
	pms_pool_info(pms_pool_current(), &info);
	printf("warm=%d gen=%llu", pms_port_warm(),
	       (unsigned long long)info.generation);
	if (pms_port_warm())
		printf(" clean=%d", info.was_clean);
	printf("\n");
	if (!pms_port_warm() && !table)
		cold_load();
	pms_port_root("table", (void **)&table);
	pms_port_root("motd", (void **)&motd);
	if (strcmp(mode, "die") == 0) {
		printf("dying before pms_port_loaded\n");
		fflush(stdout);
		_exit(0);
	}
	pms_port_loaded();

	pms_op_begin();
	PMS_LOGGED(table->hits)++;
	pms_op_end();
	printf("table n=%ld [%s,%s,%s] hits=%ld motd=%s\n", table->n,
	       table->names[0], table->names[1], table->names[2], table->hits,
	       motd);
	if (strcmp(mode, "bye") == 0)
		motd = pms_strdup("bye");   /* outside an operation: synced at exit */
	if (strcmp(mode, "crash") == 0) {
		fflush(stdout);
		_exit(0);                   /* no close: the next start is unclean */
	}
	return 0;
}
