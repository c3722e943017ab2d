// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.plain
// RUN: env PMS_SLAB=1 PMEM_IS_PMEM_FORCE=1 %t.exe %t.pool | FileCheck %s --check-prefix=PORT
// RUN: env PMS_SLAB=0 PMEM_IS_PMEM_FORCE=1 %t.exe %t.plain | FileCheck %s --check-prefix=PLAIN

// Realistic mode, pcm (write 300, clwb 40, barrier 500 ns). With the port's
// slab on, the runtime writes a store it did not log back at the next commit,
// so ten stores into one pool line outside any transaction pay one write and
// one clwb, and the next commit one barrier. Without it (a program that
// persists each store itself) every store is its own epoch: 10 x 840 ns, and
// the commit owes no barrier. (The commit also pays 40 ns per line the
// runtime writes back: the slot and its allocation bit.)
// PORT: outside: 340 ns
// PORT-NEXT: commit: {{5[0-9][0-9]|6[0-9][0-9]}} ns
// PLAIN: outside: 8400 ns
// PLAIN-NEXT: commit: {{[0-9]|[1-9][0-9]|[1-3][0-9][0-9]}} ns

#include <pmem_shim.h>
#include <stdio.h>

static unsigned long long injected(void)
{
	struct pms_stats s;
	pms_stats_get(&s);
	return (unsigned long long)s.injected_ns;
}

int main(int argc, char **argv)
{
	unsigned long long t;
	char *line;

	if (argc != 2 || !pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	line = pms_malloc(64);
	if (!line || pms_lat_configure("pcm", "realistic") != 0)
		return 1;
	t = injected();
	for (int i = 0; i < 10; i++)
		pms_lat_write(line, 8);
	printf("outside: %llu ns\n", injected() - t);
	t = injected();
	pms_tx_begin();
	pms_tx_commit();
	printf("commit: %llu ns\n", injected() - t);
	return pms_pool_close(pms_pool_current());
}
