// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool %t.pool2
// RUN: %mkfs-aerie %t.pool
// RUN: %t.prog local:%t.pool | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK
// RUN: %mkfs-aerie %t.pool2
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool2 -- %t.prog tfs:@SOCK@ | FileCheck %s
// RUN: %fsck-aerie %t.pool2 | FileCheck %s --check-prefix=FSCK

// The same program gives the same answers in single-process mode and as a
// client of aerie-tfs; both file systems are clean afterwards.

// CHECK-LABEL: names
// CHECK-NEXT: mkdir /a: 0 ok
// CHECK-NEXT: mkdir /a again: -1 EEXIST
// CHECK-NEXT: mkdir under a missing directory: -1 ENOENT
// CHECK-NEXT: create /a/f: 0 ok
// CHECK-NEXT: O_EXCL on /a/f: -1 EEXIST
// CHECK-NEXT: open a missing file: -1 ENOENT
// CHECK-NEXT: create below a file: -1 ENOTDIR
// CHECK-NEXT: open a directory for writing: -1 EISDIR
// CHECK-NEXT: O_DIRECTORY on a file: -1 ENOTDIR
// CHECK-NEXT: a 120-byte name: -1 ENAMETOOLONG
// CHECK-NEXT: a 119-byte name: 0 ok
// CHECK-NEXT: a 5000-byte path: -1 ENAMETOOLONG
// CHECK-NEXT: empty path: -1 ENOENT

// CHECK-LABEL: data
// CHECK-NEXT: write 10000: 10000 ok
// CHECK-NEXT: offset after write: 10000 ok
// CHECK-NEXT: lseek to -1: -1 EINVAL
// CHECK-NEXT: lseek with whence 7: -1 EINVAL
// CHECK-NEXT: pread 5 at 9998: 2 ok
// CHECK-NEXT: bytes 9998..9999 are 'ij': 1 ok
// CHECK-NEXT: read at end of file: 0 ok
// CHECK-NEXT: pwrite past the end: 4 ok
// CHECK-NEXT: size with a hole: 20004 ok
// CHECK-NEXT: the hole reads as zeroes: 1 ok
// CHECK-NEXT: append: 3 ok
// CHECK-NEXT: size after append: 20007 ok
// CHECK-NEXT: offset after append: 20007 ok
// CHECK-NEXT: ftruncate to 5000: 0 ok
// CHECK-NEXT: ftruncate to -1: -1 EINVAL
// CHECK-NEXT: truncate by path to 8192: 0 ok
// CHECK-NEXT: old bytes past 5000 read as zeroes: 1 ok
// CHECK-NEXT: fsync: 0 ok
// CHECK-NEXT: read on a write-only descriptor: -1 EBADF
// CHECK-NEXT: write on a read-only descriptor: -1 EBADF
// CHECK-NEXT: read from a directory descriptor: -1 EISDIR
// CHECK-NEXT: close: 0 ok
// CHECK-NEXT: close again: -1 EBADF
// CHECK-NEXT: read on a bad descriptor: -1 EBADF
// CHECK-NEXT: reopen and read all 8192: 8192 ok
// CHECK-NEXT: O_TRUNC empties it: 0 ok

// CHECK-LABEL: rename
// CHECK-NEXT: rename to a missing directory: -1 ENOENT
// CHECK-NEXT: rename a missing name: -1 ENOENT
// CHECK-NEXT: rename /a/f to /a/g: 0 ok
// CHECK-NEXT: stat the old name: -1 ENOENT
// CHECK-NEXT: stat the new name: 0 ok
// CHECK-NEXT: move /a inside itself: -1 EINVAL
// CHECK-NEXT: directory over a non-empty directory: -1 ENOTEMPTY
// CHECK-NEXT: file over a directory: -1 EISDIR
// CHECK-NEXT: directory over a file: -1 ENOTDIR
// CHECK-NEXT: file over a file: 0 ok
// CHECK-NEXT: the replaced file's content: 1 ok
// CHECK-NEXT: directory to another parent: 0 ok
// CHECK-NEXT: its '..' is the new parent: 1 ok

// CHECK-LABEL: remove
// CHECK-NEXT: rmdir a non-empty directory: -1 ENOTEMPTY
// CHECK-NEXT: rmdir a file: -1 ENOTDIR
// CHECK-NEXT: unlink a directory: -1 EISDIR
// CHECK-NEXT: unlink a missing name: -1 ENOENT
// CHECK-NEXT: link /a/g to /a/h: 0 ok
// CHECK-NEXT: nlink after link: 2 ok
// CHECK-NEXT: unlink /a/g: 0 ok
// CHECK-NEXT: nlink after unlink: 1 ok
// CHECK-NEXT: link to a directory: -1 EPERM
// CHECK-NEXT: rmdir an empty directory: 0 ok

// CHECK-LABEL: listing
// CHECK-NEXT: entry .
// CHECK-NEXT: entry ..
// CHECK-NEXT: entry {{x{119}$}}
// CHECK-NEXT: entry c
// CHECK-NEXT: entry h
// CHECK-NEXT: opendir a file: -1 ENOTDIR
// CHECK-NEXT: 300 files listed: 302 ok
// CHECK-NEXT: 300 files removed: 300 ok

// CHECK-LABEL: space
// CHECK-NEXT: a write larger than the file system is short: 1 ok
// CHECK-NEXT: then a write gets ENOSPC: -1 ENOSPC
// CHECK-NEXT: unlink gives the space back: 0 ok
// CHECK-NEXT: a 1 MiB write fits again: 1048576 ok
// CHECK-NEXT: unmount: 0 ok

// FSCK: clean: {{[0-9]+}} files, {{[0-9]+}} directories

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <unistd.h>

static char buf[1 << 20];

static int all_zero(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

static void names(void)
{
	char name[200], path[5001];

	puts("names");
	SHOW("mkdir /a", pxfs_mkdir("/a", 0755));
	SHOW("mkdir /a again", pxfs_mkdir("/a", 0755));
	SHOW("mkdir under a missing directory", pxfs_mkdir("/nodir/x", 0755));
	int fd = pxfs_open("/a/f", O_CREAT | O_RDWR, 0644);
	SHOW("create /a/f", fd);
	SHOW("O_EXCL on /a/f", pxfs_open("/a/f", O_CREAT | O_EXCL | O_RDWR, 0644));
	SHOW("open a missing file", pxfs_open("/a/missing", O_RDONLY, 0));
	SHOW("create below a file", pxfs_open("/a/f/x", O_CREAT | O_RDWR, 0644));
	SHOW("open a directory for writing", pxfs_open("/a", O_RDWR, 0));
	SHOW("O_DIRECTORY on a file", pxfs_open("/a/f", O_RDONLY | O_DIRECTORY, 0));
	memset(name, 'n', sizeof name);
	strcpy(name, "/a/");
	memset(name + 3, 'x', 120);
	name[123] = '\0';
	SHOW("a 120-byte name", pxfs_open(name, O_CREAT | O_RDWR, 0644));
	name[122] = '\0';
	int fd2 = pxfs_open(name, O_CREAT | O_RDWR, 0644);
	SHOW("a 119-byte name", fd2 < 0 ? fd2 : pxfs_close(fd2));
	memset(path, 'p', sizeof path - 1);
	path[0] = '/';
	path[sizeof path - 1] = '\0';
	SHOW("a 5000-byte path", pxfs_open(path, O_RDONLY, 0));
	SHOW("empty path", pxfs_open("", O_RDONLY, 0));
	pxfs_close(fd);
}

static void data(void)
{
	char small[16];
	struct stat st;

	puts("data");
	int fd = pxfs_open("/a/f", O_RDWR, 0);
	for (int i = 0; i < 10000; i++)
		buf[i] = (char)('a' + i % 10);
	SHOW("write 10000", pxfs_write(fd, buf, 10000));
	SHOW("offset after write", pxfs_lseek(fd, 0, SEEK_CUR));
	SHOW("lseek to -1", pxfs_lseek(fd, -1, SEEK_SET));
	SHOW("lseek with whence 7", pxfs_lseek(fd, 0, 7));
	SHOW("pread 5 at 9998", pxfs_pread(fd, small, 5, 9998));
	SHOW("bytes 9998..9999 are 'ij'", small[0] == 'i' && small[1] == 'j');
	SHOW("read at end of file", pxfs_read(fd, small, 5));
	SHOW("pwrite past the end", pxfs_pwrite(fd, "hole", 4, 20000));
	pxfs_fstat(fd, &st);
	SHOW("size with a hole", (long)st.st_size);
	pxfs_pread(fd, buf, 10000, 10000);
	SHOW("the hole reads as zeroes", all_zero(buf, 10000));
	SHOW("append", pxfs_append(fd, "xyz", 3));
	pxfs_fstat(fd, &st);
	SHOW("size after append", (long)st.st_size);
	SHOW("offset after append", pxfs_lseek(fd, 0, SEEK_CUR));
	SHOW("ftruncate to 5000", pxfs_ftruncate(fd, 5000));
	SHOW("ftruncate to -1", pxfs_ftruncate(fd, -1));
	SHOW("truncate by path to 8192", pxfs_truncate("/a/f", 8192));
	pxfs_pread(fd, buf, 8192, 0);
	SHOW("old bytes past 5000 read as zeroes", all_zero(buf + 5000, 3192) && buf[4999] == 'j');
	SHOW("fsync", pxfs_fsync(fd));
	pxfs_close(fd);
	int wo = pxfs_open("/a/f", O_WRONLY, 0), ro = pxfs_open("/a/f", O_RDONLY, 0);
	SHOW("read on a write-only descriptor", pxfs_read(wo, small, 1));
	SHOW("write on a read-only descriptor", pxfs_write(ro, "x", 1));
	int dfd = pxfs_open("/a", O_RDONLY, 0);
	SHOW("read from a directory descriptor", pxfs_read(dfd, small, 1));
	pxfs_close(dfd);
	pxfs_close(wo);
	SHOW("close", pxfs_close(ro));
	SHOW("close again", pxfs_close(ro));
	SHOW("read on a bad descriptor", pxfs_read(9999, small, 1));
	fd = pxfs_open("/a/f", O_RDONLY, 0);
	SHOW("reopen and read all 8192", pxfs_read(fd, buf, sizeof buf));
	pxfs_close(fd);
	fd = pxfs_open("/a/t", O_CREAT | O_RDWR, 0644);
	pxfs_write(fd, "some", 4);
	pxfs_close(fd);
	fd = pxfs_open("/a/t", O_RDWR | O_TRUNC, 0);
	pxfs_fstat(fd, &st);
	SHOW("O_TRUNC empties it", (long)st.st_size);
	pxfs_close(fd);
}

static void renames(void)
{
	struct stat st;
	char small[8];

	puts("rename");
	SHOW("rename to a missing directory", pxfs_rename("/a/f", "/nope/b"));
	SHOW("rename a missing name", pxfs_rename("/a/nothing", "/a/b"));
	SHOW("rename /a/f to /a/g", pxfs_rename("/a/f", "/a/g"));
	SHOW("stat the old name", pxfs_stat("/a/f", &st));
	SHOW("stat the new name", pxfs_stat("/a/g", &st));
	SHOW("move /a inside itself", pxfs_rename("/a", "/a/inside"));
	pxfs_mkdir("/c", 0755);
	pxfs_mkdir("/c/sub", 0755);
	SHOW("directory over a non-empty directory", pxfs_rename("/a", "/c"));
	SHOW("file over a directory", pxfs_rename("/a/g", "/c"));
	SHOW("directory over a file", pxfs_rename("/c", "/a/g"));
	int fd = pxfs_open("/a/t", O_WRONLY, 0);
	pxfs_write(fd, "tttt", 4);
	pxfs_close(fd);
	SHOW("file over a file", pxfs_rename("/a/t", "/a/g"));
	fd = pxfs_open("/a/g", O_RDONLY, 0);
	SHOW("the replaced file's content", pxfs_read(fd, small, 8) == 4 && !memcmp(small, "tttt", 4));
	pxfs_close(fd);
	SHOW("directory to another parent", pxfs_rename("/c/sub", "/a/c"));
	struct stat a, parent;
	pxfs_stat("/a", &a);
	pxfs_stat("/a/c/..", &parent);
	SHOW("its '..' is the new parent", a.st_ino == parent.st_ino);
}

static void removes(void)
{
	struct stat st;

	puts("remove");
	SHOW("rmdir a non-empty directory", pxfs_rmdir("/a"));
	SHOW("rmdir a file", pxfs_rmdir("/a/g"));
	SHOW("unlink a directory", pxfs_unlink("/a/c"));
	SHOW("unlink a missing name", pxfs_unlink("/a/zzz"));
	SHOW("link /a/g to /a/h", pxfs_link("/a/g", "/a/h"));
	pxfs_stat("/a/h", &st);
	SHOW("nlink after link", (long)st.st_nlink);
	SHOW("unlink /a/g", pxfs_unlink("/a/g"));
	pxfs_stat("/a/h", &st);
	SHOW("nlink after unlink", (long)st.st_nlink);
	SHOW("link to a directory", pxfs_link("/a/c", "/a/d"));
	SHOW("rmdir an empty directory", pxfs_rmdir("/c"));
}

static void listing(void)
{
	struct pxfs_dirent *e;
	char path[64];
	long n = 0, removed = 0;

	puts("listing");
	PXFS_DIR *d = pxfs_opendir("/a");
	while ((e = pxfs_readdir(d)))
		printf("entry %s\n", e->d_name);
	pxfs_closedir(d);
	SHOW("opendir a file", pxfs_opendir("/a/h") ? 1 : -1);
	pxfs_mkdir("/many", 0755);
	for (int i = 0; i < 300; i++) {
		snprintf(path, sizeof path, "/many/file-%d", i);
		MUST(pxfs_close(pxfs_open(path, O_CREAT | O_WRONLY, 0644)));
	}
	d = pxfs_opendir("/many");
	while ((e = pxfs_readdir(d)))
		n++;
	pxfs_closedir(d);
	SHOW("300 files listed", n);
	for (int i = 0; i < 300; i++) {
		snprintf(path, sizeof path, "/many/file-%d", i);
		removed += pxfs_unlink(path) == 0;
	}
	SHOW("300 files removed", removed);
}

static void space(void)
{
	ssize_t put, total = 0;

	puts("space");
	int fd = pxfs_open("/big", O_CREAT | O_RDWR, 0644);
	memset(buf, 'b', sizeof buf);
	while ((put = pxfs_write(fd, buf, sizeof buf)) == (ssize_t)sizeof buf)
		total += put;
	SHOW("a write larger than the file system is short", put >= 0 && put < (ssize_t)sizeof buf);
	SHOW("then a write gets ENOSPC", pxfs_write(fd, buf, sizeof buf));
	pxfs_close(fd);
	SHOW("unlink gives the space back", pxfs_unlink("/big"));
	fd = pxfs_open("/big2", O_CREAT | O_RDWR, 0644);
	SHOW("a 1 MiB write fits again", pxfs_write(fd, buf, sizeof buf));
	pxfs_close(fd);
	pxfs_unlink("/big2");
}

int main(int argc, char **argv)
{
	test_mount(argv[1]);
	names();
	data();
	renames();
	removes();
	listing();
	space();
	SHOW("unmount", aerie_unmount());
	return 0;
}
