// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s

// Slab chunks are PMDK objects, not page-aligned: the page holding the last slots of one chunk
// also holds the header of the next. Every slot of every chunk must still be found as a slot
// (its usable size is its class, a free goes back to its chunk), or a free would hand an
// interior pointer to PMDK. 20,000 objects of 64 bytes fill five chunks and a half.
// CHECK: objects=20000 wrong-size=0 walked=20000 after-free=0

#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>

static void *obj[20000];

int main(int argc, char **argv)
{
	int wrong = 0;
	long walked, left;

	pms_port_open(argv[1]);
	for (int i = 0; i < 20000; i++) {
		obj[i] = pms_malloc(64);
		wrong += pms_malloc_usable_size(obj[i]) != 64;
	}
	walked = pms_heap_walk(NULL, NULL);
	for (int i = 0; i < 20000; i++)
		pms_free(obj[i]);
	left = pms_heap_walk(NULL, NULL);
	printf("objects=20000 wrong-size=%d walked=%ld after-free=%ld\n", wrong, walked, left);
	return 0;
}
