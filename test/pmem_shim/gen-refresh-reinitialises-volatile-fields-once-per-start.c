// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=FIRST
// RUN: %t.exe %t.pool | FileCheck %s --check-prefix=SECOND

// A reference count kept in a persistent item is semantically volatile
// (lessons 7 and 8): the first touch after a restart sees a stale generation
// and resets it; later touches in the same run do not.
// FIRST: gen=1 stale=1 refcount=1
// FIRST-NEXT: again stale=0 refcount=2
// SECOND: gen=2 stale=1 refcount=1
// SECOND-NEXT: again stale=0 refcount=2

#include <pmem_shim.h>
#include <stdio.h>

struct item { uint64_t gen; long refcount; };
static struct item *it;

static int touch(void)
{
	pms_tx_begin();
	int stale = pms_gen_refresh(&it->gen);
	pms_tx_add_range(&it->refcount, sizeof(it->refcount));
	if (stale)
		it->refcount = 0;
	it->refcount++;
	pms_tx_commit();
	return stale;
}

int main(int argc, char **argv)
{
	if (!pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	pms_root_bind("item", (void **)&it);
	if (!it) {
		pms_tx_begin();
		it = pms_calloc(1, sizeof(*it));
		it->refcount = 41;
		pms_tx_commit();
	}
	int s = touch();
	printf("gen=%llu stale=%d refcount=%ld\n",
	       (unsigned long long)pms_generation(), s, it->refcount);
	s = touch();
	printf("again stale=%d refcount=%ld\n", s, it->refcount);
	return pms_pool_close(pms_pool_current());
}
