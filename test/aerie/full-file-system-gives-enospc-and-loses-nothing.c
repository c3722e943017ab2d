// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie --size=12M --inodes=200 %t.pool
// RUN: %t.prog local:%t.pool | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie --size=12M --inodes=200 %t.pool
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool -- %t.prog tfs:@SOCK@ | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK

// A full file system, in single-process mode and through aerie-tfs: when
// the blocks run out, a write is short and the next one fails with ENOSPC,
// as POSIX says, and a truncate inside a block still has the room its undo
// log needs; a KVFS put that does not fit fails with ENOSPC and leaves
// the key's old value; when the inodes run out, a create fails with ENOSPC
// and mkdir too. Nothing written before is lost, and removing files gives
// the space and the inodes back.

// CHECK: kv put a 4000-byte value: 0 ok
// CHECK-NEXT: fill the blocks: short write: 1 ok
// CHECK-NEXT: then a write: -1 ENOSPC
// CHECK-NEXT: a put that does not fit: -1 ENOSPC
// CHECK-NEXT: the old value is still there: 1 ok
// CHECK-NEXT: the filled file reads back: 1 ok
// CHECK-NEXT: a full file system cuts the file inside a block: 0 ok
// CHECK-NEXT: and grows it again: 0 ok
// CHECK-NEXT: the bytes past the cut read as zeros: 1 ok
// CHECK-NEXT: unlink the filled file: 0 ok
// CHECK-NEXT: the put fits now: 0 ok
// CHECK-NEXT: creates until the inodes run out: ENOSPC after {{[1-9][0-9]*}} files: 1 ok
// CHECK-NEXT: mkdir: -1 ENOSPC
// CHECK-NEXT: every file created is there: 1 ok
// CHECK-NEXT: unlink one: 0 ok
// CHECK-NEXT: create again: {{[0-9]+}} ok
// CHECK-NEXT: unmount: 0 ok

// FSCK: clean:

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <sys/stat.h>

static char buf[1 << 20], val[4000], big[3 << 20], back[4000];

int main(int argc, char **argv)
{
	char path[64];
	ssize_t n, total = 0;

	test_mount(argv[1]);
	memset(val, 'v', sizeof val);
	SHOW("kv put a 4000-byte value", kvfs_put("key", val, sizeof val));
	int fd = pxfs_open("/fill", O_CREAT | O_RDWR, 0644);
	MUST(fd);
	for (size_t i = 0; i < sizeof buf; i++)
		buf[i] = (char)(i * 7);
	while ((n = pxfs_write(fd, buf, sizeof buf)) == (ssize_t)sizeof buf)
		total += n;
	MUST(n);
	total += n;
	SHOW("fill the blocks: short write", n < (ssize_t)sizeof buf);
	SHOW("then a write", pxfs_write(fd, buf, sizeof buf));
	SHOW("a put that does not fit", kvfs_put("key", big, sizeof big));
	SHOW("the old value is still there",
			kvfs_get("key", back, sizeof back) == sizeof val && !memcmp(back, val, sizeof val));
	int same = 1;
	for (ssize_t off = 0; off < total && same; off += (ssize_t)sizeof buf) {
		ssize_t got = pxfs_pread(fd, big, sizeof buf, off);
		same = got > 0 && !memcmp(big, buf, (size_t)got);
	}
	SHOW("the filled file reads back", same);
	/* Cutting inside a block zeroes the rest of the block under the undo log,
	 * which must find room in the pool while every block is taken. */
	off_t cut = (total / 4096 - 2) * 4096 + 1; /* 4095 bytes to zero and log */
	SHOW("a full file system cuts the file inside a block", pxfs_ftruncate(fd, cut));
	SHOW("and grows it again", pxfs_ftruncate(fd, total - 100));
	int zeros = pxfs_pread(fd, big, 8000, cut) == 8000;
	for (int i = 0; i < 8000 && zeros; i++)
		zeros = big[i] == 0;
	SHOW("the bytes past the cut read as zeros", zeros);
	MUST(pxfs_close(fd));
	SHOW("unlink the filled file", pxfs_unlink("/fill"));
	SHOW("the put fits now", kvfs_put("key", big, sizeof big));

	int made = 0, err = 0;
	for (;; made++) {
		snprintf(path, sizeof path, "/f%d", made);
		int f = pxfs_open(path, O_CREAT | O_WRONLY, 0644);
		if (f < 0) {
			err = errno;
			break;
		}
		pxfs_close(f);
	}
	printf("creates until the inodes run out: %s after %d files: 1 ok\n", strerrorname_np(err), made);
	SHOW("mkdir", pxfs_mkdir("/d", 0755));
	int all = 1;
	struct stat st;
	for (int i = 0; i < made; i++) {
		snprintf(path, sizeof path, "/f%d", i);
		all &= pxfs_stat(path, &st) == 0;
	}
	SHOW("every file created is there", all);
	SHOW("unlink one", pxfs_unlink("/f0"));
	int f = pxfs_open("/again", O_CREAT | O_WRONLY, 0644);
	SHOW("create again", f);
	pxfs_close(f);
	SHOW("unmount", aerie_unmount());
	return 0;
}
