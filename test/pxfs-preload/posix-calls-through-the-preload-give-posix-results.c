/*
 * The calls of the brief, made by a program that knows nothing of PXFS and
 * run with the preload library: descriptors that never collide with real
 * ones, dup/fcntl sharing an offset, vector and positioned I/O, SEEK_DATA,
 * the stat forms, *at calls relative to a PXFS directory descriptor, a
 * virtual current directory, listings, stdio, fallocate, mmap, close_range,
 * fork, and the
 * errno POSIX gives.
 *
 * RUN: rm -f %t.pool && %mkfs-aerie %t.pool
 * RUN: cc -std=gnu11 -O1 -Wall %s -o %t
 * RUN: %pxfs-run PXFS_POOL=%t.pool %t | FileCheck %s
 * RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK
 * FSCK: clean: 2 files, 4 directories
 * CHECK: failures: 0
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

/* a descriptor number nothing has open */
static int unused_fd(void) { return 4000; }

#define EXPECT(cond) do { if (!(cond)) { failures++; \
	printf("line %d: %s failed (errno %d %s)\n", __LINE__, #cond, errno, strerror(errno)); } } while (0)
#define EXPECT_ERR(call, e) do { errno = 0; long r_ = (long)(call); \
	if (r_ != -1 || errno != (e)) { failures++; \
	printf("line %d: %s gave %ld errno %d, wanted -1 %s\n", __LINE__, #call, r_, errno, strerror(e)); } } while (0)

int main(void)
{
	char buf[64], big[8192];
	struct stat st, real;
	struct statx sx;
	int fd, fd2, fd3, dfd, real_fd;

	/* descriptors: distinct from a real file opened alongside */
	real_fd = open("/dev/null", O_RDONLY);
	EXPECT((fd = open("/pxfs/f", O_RDWR | O_CREAT | O_EXCL, 0640)) >= 0);
	EXPECT(fd != real_fd && fcntl(fd, F_GETFD) == 0);
	EXPECT(fstat(real_fd, &real) == 0 && S_ISCHR(real.st_mode));
	EXPECT_ERR(open("/pxfs/f", O_RDWR | O_CREAT | O_EXCL, 0640), EEXIST);
	EXPECT(write(fd, "hello world", 11) == 11);

	/* dup and F_DUPFD share the offset; dup2 onto a real descriptor number */
	EXPECT((fd2 = dup(fd)) > fd);
	EXPECT(lseek(fd2, 0, SEEK_CUR) == 11 && lseek(fd, 6, SEEK_SET) == 6);
	EXPECT(read(fd2, buf, 5) == 5 && !memcmp(buf, "world", 5));
	EXPECT((fd3 = fcntl(fd, F_DUPFD, 100)) >= 100);
	EXPECT(lseek(fd3, 0, SEEK_CUR) == 11);
	EXPECT(dup2(fd, real_fd) == real_fd && pread(real_fd, buf, 5, 0) == 5 && !memcmp(buf, "hello", 5));
	EXPECT(close(real_fd) == 0 && close(fd3) == 0 && close(fd2) == 0);
	EXPECT_ERR(close(fd3), EBADF);
	EXPECT((fcntl(fd, F_GETFL) & O_ACCMODE) == O_RDWR);
	EXPECT(fcntl(fd, F_SETFL, O_APPEND) == 0 && (fcntl(fd, F_GETFL) & O_APPEND));
	EXPECT(pwrite(fd, "!", 1, 0) == 1 && write(fd, "?", 1) == 1);   /* the write appends */
	EXPECT(pread(fd, buf, 12, 0) == 12 && !memcmp(buf, "!ello world?", 12));
	EXPECT(fcntl(fd, F_SETFD, FD_CLOEXEC) == 0 && fcntl(fd, F_GETFD) == FD_CLOEXEC);

	/* vectors, SEEK_DATA/SEEK_HOLE, truncate, fsync */
	EXPECT(fcntl(fd, F_SETFL, 0) == 0 && lseek(fd, 0, SEEK_SET) == 0);
	struct iovec iov[2] = { { buf, 3 }, { buf + 10, 4 } };
	EXPECT(readv(fd, iov, 2) == 7 && !memcmp(buf, "!el", 3) && !memcmp(buf + 10, "lo w", 4));
	memset(big, 'x', sizeof big);
	struct iovec wv[2] = { { big, 5000 }, { big, 3000 } };
	EXPECT(pwritev(fd, wv, 2, 100) == 8000);
	EXPECT(lseek(fd, 0, SEEK_END) == 8100 && lseek(fd, 10, SEEK_DATA) == 10 && lseek(fd, 10, SEEK_HOLE) == 8100);
	EXPECT_ERR(lseek(fd, 8100, SEEK_DATA), ENXIO);
	EXPECT_ERR(lseek(fd, -1, SEEK_SET), EINVAL);
	EXPECT(ftruncate(fd, 5) == 0 && fstat(fd, &st) == 0 && st.st_size == 5 && S_ISREG(st.st_mode));
	EXPECT((st.st_mode & 0777) == (0640 & ~022 & 0777) || (st.st_mode & 0777) == 0640);
	EXPECT(fsync(fd) == 0 && fdatasync(fd) == 0);
	EXPECT(st.st_dev != real.st_dev);

	/* refused shortcuts: callers fall back */
	EXPECT_ERR(copy_file_range(fd, NULL, 1, NULL, 5, 0), EXDEV);
	EXPECT(posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL) == ENOSYS);
	EXPECT(close(fd) == 0);

	/* stat forms */
	EXPECT(stat("/pxfs/f", &st) == 0 && st.st_size == 5);
	EXPECT(lstat("/pxfs/./f", &st) == 0 && st.st_size == 5);
	EXPECT(statx(AT_FDCWD, "/pxfs/f", 0, STATX_BASIC_STATS, &sx) == 0 && sx.stx_size == 5);
	EXPECT_ERR(stat("/pxfs/none", &st), ENOENT);
	EXPECT_ERR(stat("/pxfs/f/x", &st), ENOTDIR);
	EXPECT(access("/pxfs/f", R_OK | W_OK) == 0);
	EXPECT_ERR(access("/pxfs/f", X_OK), EACCES);
	EXPECT_ERR(access("/pxfs/none", F_OK), ENOENT);

	/* *at calls relative to a PXFS directory descriptor */
	EXPECT_ERR(mkdir("/pxfs", 0755), EEXIST);   /* the mount point, as the kernel says */
	EXPECT_ERR(rmdir("/pxfs/"), EBUSY);
	EXPECT(mkdir("/pxfs/d", 0755) == 0);
	EXPECT_ERR(mkdir("/pxfs/d", 0755), EEXIST);
	EXPECT((dfd = open("/pxfs/d", O_RDONLY | O_DIRECTORY)) >= 0);
	EXPECT_ERR(open("/pxfs/f", O_RDONLY | O_DIRECTORY), ENOTDIR);
	EXPECT_ERR(open("/pxfs/d", O_WRONLY), EISDIR);
	EXPECT((fd = openat(dfd, "g", O_WRONLY | O_CREAT | O_TRUNC, 0600)) >= 0 && write(fd, "12345678", 8) == 8);
	EXPECT(close(fd) == 0);
	EXPECT(fstatat(dfd, "g", &st, 0) == 0 && st.st_size == 8);
	EXPECT(fstatat(dfd, "", &st, AT_EMPTY_PATH) == 0 && S_ISDIR(st.st_mode));
	EXPECT(mkdirat(dfd, "sub", 0700) == 0);
	EXPECT(renameat(dfd, "g", dfd, "sub/h") == 0);
	EXPECT_ERR(renameat2(AT_FDCWD, "/pxfs/f", dfd, "sub/h", RENAME_NOREPLACE), EEXIST);
	EXPECT_ERR(rename("/pxfs/f", "/tmp/pxfs-preload-never"), EXDEV);
	EXPECT_ERR(unlinkat(dfd, "sub", 0), EISDIR);
	EXPECT_ERR(unlinkat(dfd, "sub", AT_REMOVEDIR), ENOTEMPTY);
	EXPECT(faccessat(dfd, "sub/h", F_OK, 0) == 0);

	/* a current directory inside the mount */
	EXPECT(chdir("/pxfs/d/sub") == 0 && getcwd(buf, sizeof buf) && !strcmp(buf, "/pxfs/d/sub"));
	EXPECT(stat("h", &st) == 0 && st.st_size == 8);
	EXPECT(stat("../../f", &st) == 0 && st.st_size == 5);
	EXPECT_ERR(chdir("/pxfs/f"), ENOTDIR);
	EXPECT(fchdir(dfd) == 0 && getcwd(buf, sizeof buf) && !strcmp(buf, "/pxfs/d"));
	EXPECT(getcwd(buf, 4) == NULL && errno == ERANGE);
	EXPECT(chdir("/") == 0 && getcwd(buf, sizeof buf) && !strcmp(buf, "/"));

	/* ".." out of the mount is the kernel's, from an absolute path */
	struct stat root;
	int mfd;
	EXPECT(stat("/", &root) == 0);
	EXPECT(stat("/pxfs/d/../../dev/null", &st) == 0 && S_ISCHR(st.st_mode));
	EXPECT(chdir("/pxfs") == 0 && stat("..", &st) == 0 && st.st_ino == root.st_ino && st.st_dev == root.st_dev);
	EXPECT(chdir("..") == 0 && getcwd(buf, sizeof buf) && !strcmp(buf, "/"));
	EXPECT((mfd = open("/pxfs", O_RDONLY | O_DIRECTORY)) >= 0);
	EXPECT(fstatat(mfd, "../dev/null", &st, 0) == 0 && S_ISCHR(st.st_mode));
	EXPECT(faccessat(mfd, "d/../..", F_OK, 0) == 0 && close(mfd) == 0);

	/* listings: opendir, fdopendir + dirfd, rewinddir */
	DIR *d = opendir("/pxfs/d");
	struct dirent *e;
	int n = 0, sub = 0;
	EXPECT(d != NULL);
	while (d && (e = readdir(d))) {
		n++;
		sub += !strcmp(e->d_name, "sub") && e->d_type == DT_DIR;
	}
	EXPECT(n == 3 && sub == 1);
	if (d) {
		rewinddir(d);
		EXPECT(readdir(d) && !strcmp(readdir(d)->d_name, ".."));
		EXPECT(fstatat(dirfd(d), "sub/h", &st, 0) == 0);
		long at = telldir(d);
		struct dirent *third = readdir(d);
		char name[256] = "";
		if (third)
			strcpy(name, third->d_name);
		EXPECT(third && !strcmp(name, "sub") && readdir(d) == NULL);
		seekdir(d, at);
		EXPECT((third = readdir(d)) && !strcmp(third->d_name, name));
		closedir(d);
	}
	EXPECT((d = fdopendir(dfd)) != NULL && dirfd(d) == dfd);
	if (d)
		closedir(d);
	EXPECT_ERR(fcntl(dfd, F_GETFD), EBADF);   /* closedir closed it */
	EXPECT(opendir("/pxfs/none") == NULL && errno == ENOENT);

	/* stdio: fopen's internal open and I/O would miss the interposer */
	FILE *fp = fopen("/pxfs/d/sub/h", "a+");
	EXPECT(fp && fputs("9", fp) >= 0 && fflush(fp) == 0);
	EXPECT(fp && fseek(fp, 0, SEEK_SET) == 0 && fgets(buf, sizeof buf, fp) && !strcmp(buf, "123456789"));
	EXPECT(fp && fclose(fp) == 0);
	EXPECT((fp = fopen("/pxfs/none/x", "w")) == NULL && errno == ENOENT);

	/* unlink, rmdir, remove, truncate */
	EXPECT(truncate("/pxfs/d/sub/h", 2) == 0 && stat("/pxfs/d/sub/h", &st) == 0 && st.st_size == 2);
	EXPECT(unlink("/pxfs/d/sub/h") == 0 && rmdir("/pxfs/d/sub") == 0);
	EXPECT_ERR(rmdir("/pxfs/d/sub"), ENOENT);
	EXPECT(mkdir("/pxfs/d/gone", 0755) == 0 && remove("/pxfs/d/gone") == 0);
	EXPECT_ERR(symlink("/pxfs/f", "/pxfs/d/link"), EPERM);
	EXPECT((fd = creat("/pxfs/d/kept", 0644)) >= 0 && close(fd) == 0);

	/* bad input: the errno POSIX gives, never a crash */
	char longpath[5000];
	memset(longpath, 'a', sizeof longpath);
	memcpy(longpath, "/pxfs/", 6);
	longpath[sizeof longpath - 1] = '\0';
	EXPECT_ERR(open(longpath, O_RDONLY), ENAMETOOLONG);
	longpath[6 + 200] = '\0';   /* one name over PXFS's 119 bytes */
	EXPECT_ERR(open(longpath, O_RDWR | O_CREAT, 0644), ENAMETOOLONG);
	const char *volatile no_path = NULL;   /* volatile: no compile-time nonnull warning */
	EXPECT_ERR(stat(no_path, &st), EFAULT);
	EXPECT_ERR(open("/pxfs/d/missing/x", O_RDWR | O_CREAT, 0644), ENOENT);
	EXPECT((fd2 = open("/pxfs/d/kept", O_RDONLY)) >= 0);
	EXPECT_ERR(write(fd2, "x", 1), EBADF);
	EXPECT_ERR(lseek(fd2, 0, 42), EINVAL);
	EXPECT_ERR(read(unused_fd(), buf, 1), EBADF);
	EXPECT(close(fd2) == 0);
	EXPECT_ERR(fstat(fd2, &st), EBADF);
	EXPECT((fd2 = open("/pxfs/d", O_RDONLY)) >= 0);
	EXPECT_ERR(read(fd2, buf, 1), EISDIR);
	EXPECT(close(fd2) == 0);

	/* fallocate: mode 0 and posix_fallocate grow with written zeros */
	EXPECT((fd = open("/pxfs/d/kept", O_RDWR)) >= 0);
	EXPECT(posix_fallocate(fd, 0, 10000) == 0 && fstat(fd, &st) == 0 && st.st_size == 10000);
	EXPECT(fallocate(fd, 0, 9000, 3000) == 0 && fstat(fd, &st) == 0 && st.st_size == 12000);
	EXPECT(pread(fd, big, 100, 11900) == 100 && big[0] == 0 && big[99] == 0);
	EXPECT_ERR(fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, 10), EOPNOTSUPP);

	/* mmap: a private mapping holds the file's bytes; a shared one is ENODEV */
	char *map;
	EXPECT(pwrite(fd, "mapped", 6, 4096) == 6);
	EXPECT((map = mmap(NULL, 8192, PROT_READ, MAP_PRIVATE, fd, 0)) != MAP_FAILED);
	if (map != MAP_FAILED) {
		EXPECT(!memcmp(map + 4096, "mapped", 6) && map[0] == 0);
		munmap(map, 8192);
	}
	EXPECT(mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0) == MAP_FAILED && errno == ENODEV);

	/* close_range: a number it closed and the kernel reuses is a real file again */
	int pfd, rfd;
	EXPECT((pfd = open("/pxfs/d/kept", O_RDONLY)) >= 0 && close_range(pfd, pfd, 0) == 0);
	EXPECT((rfd = open("/dev/zero", O_RDONLY)) == pfd);
	EXPECT(read(rfd, buf, 4) == 4 && buf[0] == 0 && fstat(rfd, &st) == 0 && S_ISCHR(st.st_mode));
	EXPECT(close(rfd) == 0);

	/* fork: with a file open, the child cannot use the parent's mount */
	pid_t pid = fork();
	if (pid == 0)
		_exit(stat("/pxfs/f", &st) == -1 && errno == EBUSY ? 0 : 1);
	int status;
	EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	EXPECT(close(fd) == 0);
	/* with nothing open, the mount is given up at the fork: the child
	 * mounts on its own, then the parent again */
	pid = fork();
	if (pid == 0)
		_exit(mkdir("/pxfs/from-child", 0755) == 0 ? 0 : 1);
	EXPECT(pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) && WEXITSTATUS(status) == 0);
	EXPECT(stat("/pxfs/from-child", &st) == 0 && S_ISDIR(st.st_mode));

	printf("failures: %d\n", failures);
	return failures != 0;
}
