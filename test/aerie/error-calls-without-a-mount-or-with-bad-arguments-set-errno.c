// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -rf %t.d && mkdir %t.d
// RUN: %mkfs-aerie %t.d/pool
// RUN: %t.prog %t.d | FileCheck %s
// RUN: %fsck-aerie %t.d/pool | FileCheck %s --check-prefix=FSCK

// Calls before a mount, a second mount, missing pools and services, and NULL
// arguments fail with an errno and a one-line message, never a crash.

// CHECK: open before mount: -1 EINVAL
// CHECK-NEXT: message: no Aerie file system is mounted
// CHECK-NEXT: unmount before mount: -1 EINVAL
// CHECK-NEXT: mount a missing pool: -1 ENOENT
// CHECK-NEXT: message: cannot open pool '{{.*}}missing'{{.*}}
// CHECK-NEXT: mount a missing service: -1 ENOENT
// CHECK-NEXT: message: cannot reach aerie-tfs at '/nonexistent-aerie-dir/no-socket': No such file or directory
// CHECK-NEXT: an overlong socket path: -1 ENAMETOOLONG
// CHECK-NEXT: mount: 0 ok
// CHECK-NEXT: mount again: -1 EBUSY
// CHECK-NEXT: stat into NULL: -1 EFAULT
// CHECK-NEXT: NULL path: -1 EFAULT
// CHECK-NEXT: write from NULL: -1 EFAULT
// CHECK-NEXT: put from NULL: -1 EFAULT
// CHECK-NEXT: get into NULL: -1 EFAULT
// CHECK-NEXT: NULL key: -1 EFAULT
// CHECK-NEXT: readdir of NULL: -1 EBADF
// CHECK-NEXT: unmount: 0 ok

// FSCK: clean: 1 files, 2 directories

#include "Inputs/aerie-test.h"

#include <fcntl.h>

int main(int argc, char **argv)
{
	char path[512];
	struct stat st;

	SHOW("open before mount", pxfs_open("/x", O_RDONLY, 0));
	printf("message: %s\n", aerie_errormsg());
	SHOW("unmount before mount", aerie_unmount());
	snprintf(path, sizeof path, "%s/missing", argv[1]);
	SHOW("mount a missing pool", aerie_mount(path));
	printf("message: %s\n", aerie_errormsg());
	SHOW("mount a missing service", aerie_mount_tfs("/nonexistent-aerie-dir/no-socket"));
	printf("message: %s\n", aerie_errormsg());
	memset(path, 's', 200);
	path[0] = '/', path[200] = '\0';
	SHOW("an overlong socket path", aerie_mount_tfs(path));
	snprintf(path, sizeof path, "%s/pool", argv[1]);
	SHOW("mount", aerie_mount(path));
	SHOW("mount again", aerie_mount(path));
	SHOW("stat into NULL", pxfs_stat("/", NULL));
	SHOW("NULL path", pxfs_open(NULL, O_RDONLY, 0));
	int fd = pxfs_open("/f", O_CREAT | O_RDWR, 0644);
	SHOW("write from NULL", pxfs_write(fd, NULL, 10));
	pxfs_close(fd);
	SHOW("put from NULL", kvfs_put("k", NULL, 10));
	SHOW("get into NULL", kvfs_get("k", NULL, 10));
	SHOW("NULL key", kvfs_put(NULL, "v", 1));
	SHOW("readdir of NULL", pxfs_readdir(NULL) ? 0 : -1);
	SHOW("unmount", aerie_unmount());
	return 0;
}
