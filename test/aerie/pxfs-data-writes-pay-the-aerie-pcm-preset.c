// RUN: %aerie-cc %s -o %t.prog %aerie-ldflags
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie %t.pool
// RUN: env PMS_NVM_MODEL=aerie-pcm %t.prog local:%t.pool | FileCheck %s --check-prefixes=CHECK,LOCAL
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie %t.pool
// RUN: env PMS_NVM_MODEL=aerie-pcm %python %aerie-inputs/with_tfs.py %aerie-tfs %t.pool -- %t.prog tfs:@SOCK@ | FileCheck %s --check-prefixes=CHECK,TFS
// RUN: rm -f %t.pool
// RUN: %mkfs-aerie %t.pool
// RUN: env PMS_STATS=%t.json %t.prog local:%t.pool | FileCheck %s --check-prefix=DRAM
// RUN: %fsck-aerie %t.pool | FileCheck %s --check-prefix=FSCK

// File data written through PXFS pays the aerie-pcm preset as the paper's
// emulation charged SCM writes: 150 ns after each write, or its bytes at
// 4 GB/s when that is longer. One copy into a file's blocks is one write.
// Overwrites inside the file involve no journal, so the counters move by the
// data's charge alone; through the service the journal of an allocating write
// is applied (and charged) in aerie-tfs, so the client pays its data only,
// including the zeroes that fill a fresh block.

// CHECK: overwrite 4096 bytes: 1 writes, 1024 ns
// CHECK-NEXT: overwrite 64 bytes: 1 writes, 150 ns
// CHECK-NEXT: overwrite 1 MiB: {{[1-9][0-9]*}} writes, 262144 ns
// TFS-NEXT: write 8 KiB to a new file: 1 writes, 2048 ns
// TFS-NEXT: append 100 bytes into a fresh block: 1 writes, 1024 ns
// LOCAL-NEXT: write 8 KiB to a new file: 1 data write, the log on top: 1
// LOCAL-NEXT: append 100 bytes into a fresh block: 1 data write, the log on top: 1
// CHECK-NEXT: read 1 MiB: 0 writes, 0 ns

// DRAM: overwrite 4096 bytes: {{[0-9]+}} writes, 0 ns
// DRAM: read 1 MiB: 0 writes, 0 ns

// FSCK: clean: 2 files

#include "Inputs/aerie-test.h"

#include <fcntl.h>
#include <pmem_shim.h>

static struct pms_stats before;
static char buf[1 << 20];

static void mark(void) { pms_stats_get(&before); }

/* report -- the writes and nanoseconds charged since mark() */
static void report(const char *what, int exact, uint64_t data_ns)
{
	struct pms_stats now;
	pms_stats_get(&now);
	uint64_t w = now.writes - before.writes, ns = now.injected_ns - before.injected_ns;
	if (exact)
		printf("%s: %llu writes, %llu ns\n", what, (unsigned long long)w, (unsigned long long)ns);
	else  /* in this process, the journal's undo log is charged on top of the data */
		printf("%s: 1 data write, the log on top: %d\n", what, w == 1 && ns > data_ns);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int tfs = !strncmp(argv[1], "tfs:", 4);

	memset(buf, 'd', sizeof buf);
	test_mount(argv[1]);
	int fd = pxfs_open("/big", O_CREAT | O_RDWR, 0644);
	MUST(fd);
	MUST(pxfs_write(fd, buf, sizeof buf) == sizeof buf ? 0 : -1);

	mark();
	MUST(pxfs_pwrite(fd, buf, 4096, 8192));
	report("overwrite 4096 bytes", 1, 0);
	mark();
	MUST(pxfs_pwrite(fd, buf, 64, 100));
	report("overwrite 64 bytes", 1, 0);
	mark();
	MUST(pxfs_pwrite(fd, buf, sizeof buf, 0));
	report("overwrite 1 MiB", 1, 0);

	int g = pxfs_open("/small", O_CREAT | O_RDWR, 0644);
	MUST(g);
	mark();
	MUST(pxfs_write(g, buf, 8192));
	report("write 8 KiB to a new file", tfs, 2048);
	mark();
	MUST(pxfs_append(g, buf, 100));
	report("append 100 bytes into a fresh block", tfs, 1024);
	MUST(pxfs_close(g));

	mark();
	MUST(pxfs_pread(fd, buf, sizeof buf, 0));
	report("read 1 MiB", 1, 0);
	MUST(pxfs_close(fd));
	MUST(aerie_unmount());
	return 0;
}
