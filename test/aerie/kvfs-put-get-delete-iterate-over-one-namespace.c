// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool %t.pool2
// RUN: %mkfs-aerie %t.pool
// RUN: %t.prog local:%t.pool | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK
// RUN: %mkfs-aerie %t.pool2
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool2 -- %t.prog tfs:@SOCK@ | FileCheck %s
// RUN: %fsck-aerie %t.pool2 | FileCheck %s --check-prefix=FSCK

// KVFS keeps its keys apart from PXFS's tree, replaces values whole, and
// gives errno values for bad keys; the same in both modes.

// CHECK: put k1: 0 ok
// CHECK-NEXT: get k1: 5 ok
// CHECK-NEXT: value hello
// CHECK-NEXT: replace k1 with 20000 bytes: 0 ok
// CHECK-NEXT: get k1 into a small buffer: 20000 ok
// CHECK-NEXT: the whole new value: 1 ok
// CHECK-NEXT: empty value: 0 ok
// CHECK-NEXT: get empty: 0 ok
// CHECK-NEXT: get a missing key: -1 ENOENT
// CHECK-NEXT: delete a missing key: -1 ENOENT
// CHECK-NEXT: a 120-byte key: -1 ENAMETOOLONG
// CHECK-NEXT: a key with '/': -1 EINVAL
// CHECK-NEXT: keys are not PXFS names: -1 ENOENT
// CHECK-NEXT: 200 puts: 200 ok
// CHECK-NEXT: iterate: 202 ok
// CHECK-NEXT: sizes summed: 20000 ok
// CHECK-NEXT: iterate stops when asked: 1 ok
// CHECK-NEXT: delete k1: 0 ok
// CHECK-NEXT: get deleted k1: -1 ENOENT
// CHECK-NEXT: 200 deletes: 200 ok
// CHECK-NEXT: iterate after deletes: 1 ok

// FSCK: clean: 1 files, 2 directories

#include "Inputs/aerie-test.h"

#include <sys/stat.h>

static char big[20000], got[20000];
static long size_sum;

static int count(const char *key, size_t size, void *arg)
{
	size_sum += (long)size;
	return 0;
}

static int first_only(const char *key, size_t size, void *arg)
{
	return 1;
}

int main(int argc, char **argv)
{
	char key[200], small[16];
	struct stat st;
	long n = 0;

	test_mount(argv[1]);
	SHOW("put k1", kvfs_put("k1", "hello", 5));
	SHOW("get k1", kvfs_get("k1", small, sizeof small));
	printf("value %.5s\n", small);
	for (int i = 0; i < (int)sizeof big; i++)
		big[i] = (char)(i * 7);
	SHOW("replace k1 with 20000 bytes", kvfs_put("k1", big, sizeof big));
	SHOW("get k1 into a small buffer", kvfs_get("k1", small, sizeof small));
	kvfs_get("k1", got, sizeof got);
	SHOW("the whole new value", !memcmp(big, got, sizeof big));
	SHOW("empty value", kvfs_put("empty", "", 0));
	SHOW("get empty", kvfs_get("empty", small, sizeof small));
	SHOW("get a missing key", kvfs_get("nope", small, sizeof small));
	SHOW("delete a missing key", kvfs_delete("nope"));
	memset(key, 'k', 120);
	key[120] = '\0';
	SHOW("a 120-byte key", kvfs_put(key, "v", 1));
	SHOW("a key with '/'", kvfs_put("a/b", "v", 1));
	SHOW("keys are not PXFS names", pxfs_stat("/k1", &st));
	for (int i = 0; i < 200; i++) {
		snprintf(key, sizeof key, "key-%d", i);
		n += kvfs_put(key, "v", 1) == 0;
	}
	SHOW("200 puts", n);
	size_sum = 0;
	SHOW("iterate", kvfs_iterate(count, NULL));
	SHOW("sizes summed", size_sum - 200);
	SHOW("iterate stops when asked", kvfs_iterate(first_only, NULL));
	SHOW("delete k1", kvfs_delete("k1"));
	SHOW("get deleted k1", kvfs_get("k1", small, sizeof small));
	n = 0;
	for (int i = 0; i < 200; i++) {
		snprintf(key, sizeof key, "key-%d", i);
		n += kvfs_delete(key) == 0;
	}
	SHOW("200 deletes", n);
	SHOW("iterate after deletes", kvfs_iterate(count, NULL));
	aerie_unmount();
	return 0;
}
