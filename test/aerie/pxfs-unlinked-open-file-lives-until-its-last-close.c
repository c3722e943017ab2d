// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool %t.pool2
// RUN: %mkfs-aerie %t.pool
// RUN: %t.prog local:%t.pool | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=NONE
// RUN: not --crash %t.prog crash local:%t.pool
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=LEFT
// RUN: %t.prog mount local:%t.pool
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=NONE
// RUN: %mkfs-aerie %t.pool2
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool2 -- %t.prog tfs:@SOCK@ | FileCheck %s
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool2 -- not --crash %t.prog crash tfs:@SOCK@
// RUN: %fsck-aerie %t.pool2 | FileCheck %s --check-prefix=NONE

// As POSIX says, a file unlinked while open keeps its data for the open
// descriptors until the last one closes. A process killed while holding
// one leaves it nameless: fsck counts it, and the next mount frees it (the
// service frees it as soon as the killed client's connection closes).

// CHECK: unlink while open: 0 ok
// CHECK-NEXT: stat the name: -1 ENOENT
// CHECK-NEXT: pread through the descriptor: 5000 ok
// CHECK-NEXT: nlink: 0 ok
// CHECK-NEXT: write through the descriptor: 100 ok
// CHECK-NEXT: the other descriptor reads it: 1 ok
// CHECK-NEXT: close one: 0 ok
// CHECK-NEXT: the last one still reads: 5100 ok
// CHECK-NEXT: a new file may take the name: 0 ok
// CHECK-NEXT: close the last: 0 ok
// CHECK-NEXT: then the old descriptor: -1 EBADF

// LEFT: clean: 1 files, 2 directories, {{[0-9]+}} of {{[0-9]+}} blocks used, 1 unlinked while open
// NONE: clean: {{[0-9]+}} files, 2 directories, {{[0-9]+}} of {{[0-9]+}} blocks used, 0 unlinked while open

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

static char buf[8192];

int main(int argc, char **argv)
{
	struct stat st;

	if (argc == 3) {
		test_mount(argv[2]);
		if (!strcmp(argv[1], "crash")) {
			int fd = pxfs_open("/held", O_CREAT | O_RDWR, 0644);
			MUST(pxfs_write(fd, buf, sizeof buf));
			MUST(pxfs_unlink("/held"));
			kill(getpid(), SIGKILL);
		}
		return aerie_unmount() < 0;
	}
	test_mount(argv[1]);
	memset(buf, 'u', 5000);
	int fd = pxfs_open("/f", O_CREAT | O_RDWR, 0644), fd2 = pxfs_open("/f", O_RDONLY, 0);
	MUST(pxfs_write(fd, buf, 5000));
	SHOW("unlink while open", pxfs_unlink("/f"));
	SHOW("stat the name", pxfs_stat("/f", &st));
	SHOW("pread through the descriptor", pxfs_pread(fd, buf, sizeof buf, 0));
	pxfs_fstat(fd, &st);
	SHOW("nlink", (long)st.st_nlink);
	SHOW("write through the descriptor", pxfs_write(fd, buf, 100));
	SHOW("the other descriptor reads it", pxfs_pread(fd2, buf, sizeof buf, 0) == 5100);
	SHOW("close one", pxfs_close(fd));
	SHOW("the last one still reads", pxfs_pread(fd2, buf, sizeof buf, 0));
	int fd3 = pxfs_open("/f", O_CREAT | O_EXCL | O_RDWR, 0644);
	SHOW("a new file may take the name", fd3 < 0 ? fd3 : pxfs_close(fd3));
	SHOW("close the last", pxfs_close(fd2));
	SHOW("then the old descriptor", pxfs_pread(fd2, buf, 1, 0));
	MUST(pxfs_unlink("/f"));
	return aerie_unmount() < 0;
}
