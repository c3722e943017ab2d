// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -rf %t.kernel %t.pool %t.pool2 && mkdir %t.kernel
// RUN: %mkfs-aerie %t.pool
// RUN: %t.prog local:%t.pool %t.kernel 3000 1 | FileCheck %s
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK
// RUN: rm -rf %t.kernel && mkdir %t.kernel
// RUN: %mkfs-aerie %t.pool2
// RUN: %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool2 -- %t.prog tfs:@SOCK@ %t.kernel 3000 2 | FileCheck %s
// RUN: %fsck-aerie %t.pool2 | FileCheck %s --check-prefix=FSCK

// The same 3,000 random calls (open with random flags, read, write, pread,
// pwrite, append, lseek, ftruncate, truncate, stat, unlink, link, rename,
// mkdir, rmdir, close) on PXFS and on a directory of the kernel's file
// system give the same results, errno values and bytes, files unlinked or
// renamed over while open included. pwrite on an O_APPEND descriptor is not
// compared (Linux appends, PXFS and POSIX write at the offset).

// CHECK: 3000 calls, 0 differences ({{[0-9]+}} failed alike, 0 stale descriptors)
// FSCK: clean:

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#define NFD 8

static const char *kroot;
static uint64_t rng_state;
static int pfd[NFD], kfd[NFD], append[NFD];
static long diffs, failed_alike, stale;
static char pbuf[20000], kbuf[20000], wbuf[20000];

static uint32_t rnd(uint32_t n)
{
	rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
	return (uint32_t)(rng_state >> 33) % n;
}

static void random_path(char *out)
{
	static const char *const parts[] = { "a", "b", "c" };
	int depth = 1 + (int)rnd(3);
	out[0] = '\0';
	for (int i = 0; i < depth; i++) {
		strcat(out, "/");
		strcat(out, parts[rnd(3)]);
	}
}

static void kpath(char *out, const char *p)
{
	sprintf(out, "%s%s", kroot, p);
}

/* compare -- one call's results; a difference is printed */
static void compare(long step, const char *what, long pr, int perr, long kr, int kerr)
{
	if (pr == kr && (pr >= 0 || perr == kerr)) {
		failed_alike += pr < 0;
		return;
	}
	diffs++;
	printf("step %ld %s: pxfs %ld %s, kernel %ld %s\n", step, what, pr,
			pr < 0 ? strerrorname_np(perr) : "", kr, kr < 0 ? strerrorname_np(kerr) : "");
}

#define BOTH(what, pcall, kcall) do { \
	errno = 0; long pr_ = (long)(pcall); int pe_ = errno; \
	errno = 0; long kr_ = (long)(kcall); int ke_ = errno; \
	if (!strcmp(what, "open") && pr_ >= 0 && kr_ >= 0) \
		pr_ = kr_ = 0;  /* descriptor numbers differ */ \
	if (pr_ < 0 && pe_ == ESTALE && i >= 0 && i < NFD) { \
		stale++; pxfs_close(pfd[i]); close(kfd[i]); pfd[i] = kfd[i] = -1; \
	} else \
		compare(step, what, pr_, pe_, kr_, ke_); \
	res_p = pr_, res_k = kr_; \
} while (0)

static void one_call(long step)
{
	char p[64], p2[64], k[512], k2[512];
	int i = (int)rnd(NFD), flags;
	long res_p, res_k;
	size_t n = rnd(3) ? rnd(300) : rnd(sizeof wbuf);
	off_t off = rnd(3) ? rnd(10000) : rnd(100000);
	struct stat ps, ks;

	random_path(p), kpath(k, p);
	random_path(p2), kpath(k2, p2);
	for (size_t j = 0; j < n; j++)
		wbuf[j] = (char)(step + j);
	switch (rnd(17)) {
	case 0: case 1:
		if (pfd[i] >= 0)
			break;
		flags = (int[]){ O_RDONLY, O_WRONLY, O_RDWR }[rnd(3)] | (rnd(2) ? O_CREAT : 0) |
			(rnd(4) ? 0 : O_EXCL) | (rnd(4) ? 0 : O_TRUNC) | (rnd(3) ? 0 : O_APPEND);
		BOTH("open", pfd[i] = pxfs_open(p, flags, 0644), kfd[i] = open(k, flags, 0644));
		append[i] = flags & O_APPEND;
		if (res_p < 0 || res_k < 0) {
			if (pfd[i] >= 0) pxfs_close(pfd[i]);
			if (kfd[i] >= 0) close(kfd[i]);
			pfd[i] = kfd[i] = -1;
		}
		break;
	case 2:
		if (pfd[i] < 0)
			break;
		BOTH("close", pxfs_close(pfd[i]), close(kfd[i]));
		pfd[i] = kfd[i] = -1;
		break;
	case 3: case 4:
		if (pfd[i] < 0) break;
		BOTH("read", pxfs_read(pfd[i], pbuf, n), read(kfd[i], kbuf, n));
		if (res_p > 0 && res_p == res_k && memcmp(pbuf, kbuf, (size_t)res_p))
			compare(step, "read bytes", 0, 0, 1, 0);
		break;
	case 5:
		if (pfd[i] < 0) break;
		BOTH("pread", pxfs_pread(pfd[i], pbuf, n, off), pread(kfd[i], kbuf, n, off));
		if (res_p > 0 && res_p == res_k && memcmp(pbuf, kbuf, (size_t)res_p))
			compare(step, "pread bytes", 0, 0, 1, 0);
		break;
	case 6: case 7:
		if (pfd[i] < 0) break;
		BOTH("write", pxfs_write(pfd[i], wbuf, n), write(kfd[i], wbuf, n));
		break;
	case 8:
		/* Linux's pwrite appends on an O_APPEND descriptor (its man page
		 * lists this under BUGS); PXFS writes at the offset, as POSIX says */
		if (pfd[i] < 0 || append[i]) break;
		BOTH("pwrite", pxfs_pwrite(pfd[i], wbuf, n, off), pwrite(kfd[i], wbuf, n, off));
		break;
	case 9:
		/* directory offsets are file-system specific: only files are compared */
		if (pfd[i] < 0 || fstat(kfd[i], &ks) < 0 || S_ISDIR(ks.st_mode)) break;
		flags = (int)rnd(3);  /* SEEK_SET, SEEK_CUR, SEEK_END */
		BOTH("lseek", pxfs_lseek(pfd[i], off - 2000, flags), lseek(kfd[i], off - 2000, flags));
		break;
	case 10:
		if (pfd[i] < 0) break;
		BOTH("ftruncate", pxfs_ftruncate(pfd[i], off), ftruncate(kfd[i], off));
		break;
	case 11:
		i = -1;
		BOTH("truncate", pxfs_truncate(p, off), truncate(k, off));
		break;
	case 12:
		i = -1;
		BOTH("stat", pxfs_stat(p, &ps), stat(k, &ks));
		if (res_p == 0 && res_k == 0 && (S_ISDIR(ps.st_mode) != S_ISDIR(ks.st_mode) ||
				ps.st_nlink != ks.st_nlink || (!S_ISDIR(ps.st_mode) && ps.st_size != ks.st_size)))
			printf("step %ld stat %s: pxfs dir %d nlink %ld size %ld, kernel dir %d nlink %ld size %ld\n",
					step, p, S_ISDIR(ps.st_mode), (long)ps.st_nlink, (long)ps.st_size,
					S_ISDIR(ks.st_mode), (long)ks.st_nlink, (long)ks.st_size), diffs++;
		break;
	case 13:
		i = -1;
		BOTH("unlink", pxfs_unlink(p), unlink(k));
		break;
	case 14:
		i = -1;
		if (rnd(2))
			BOTH("rename", pxfs_rename(p, p2), rename(k, k2));
		else
			BOTH("link", pxfs_link(p, p2), link(k, k2));
		break;
	case 15:
		i = -1;
		BOTH("mkdir", pxfs_mkdir(p, 0755), mkdir(k, 0755));
		break;
	case 16:
		i = -1;
		BOTH("rmdir", pxfs_rmdir(p), rmdir(k));
		break;
	}
}

int main(int argc, char **argv)
{
	long n = atol(argv[3]);

	test_mount(argv[1]);
	kroot = argv[2];
	rng_state = (uint64_t)atol(argv[4]);
	for (int i = 0; i < NFD; i++)
		pfd[i] = kfd[i] = -1;
	for (long step = 0; step < n; step++)
		one_call(step);
	printf("%ld calls, %ld differences (%ld failed alike, %ld stale descriptors)\n", n, diffs,
			failed_alike, stale);
	return aerie_unmount() < 0;
}
