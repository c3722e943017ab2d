/*
 * orphans.c -- files unlinked while open: the owner of the pool counts the
 * descriptors open on each inode, an unlink that removes a pinned file's
 * last name keeps it (nlink 0, no name) until the last descriptor closes,
 * and the next start frees whatever a crash left so.
 */
#include <errno.h>

#include <pmem_shim.h>

#include "fs.h"

/* aer_pin -- one more descriptor on ino */
void aer_pin(struct aer_fs *fs, uint32_t ino)
{
	if (fs->pins && aer_inode(fs, ino) && fs->pins[ino] < UINT32_MAX)
		fs->pins[ino]++;
}

/* free_orphans -- (internal) frees the nameless, unpinned files in [lo, hi) */
static long free_orphans(struct aer_fs *fs, uint32_t lo, uint32_t hi)
{
	long n = 0;

	aer_dirs_reap(fs);
	aer_seq_bump(fs);
	if (pms_tx_begin() < 0) {
		aer_seq_bump(fs);
		return aer_fail(errno, "%s", pms_errormsg());
	}
	for (uint32_t i = lo; i < hi; i++)
		if (aer_is_orphan(&fs->inodes[i]) && !fs->pins[i]) {
			if (aer_inode_free(fs, i) < 0) {
				int e = errno;
				pms_tx_abort();
				aer_alloc_rolled_back(fs);
				aer_seq_bump(fs);
				errno = e;
				return -1;
			}
			n++;
		}
	if (pms_tx_commit() < 0) {
		aer_alloc_rolled_back(fs);
		n = aer_fail(errno, "%s", pms_errormsg());
	}
	aer_seq_bump(fs);
	return n;
}

/* aer_unpin -- one descriptor fewer; the last close frees a nameless file */
int aer_unpin(struct aer_fs *fs, uint32_t ino)
{
	if (!fs->pins || !aer_inode(fs, ino) || !fs->pins[ino] || --fs->pins[ino])
		return 0;
	if (!aer_is_orphan(aer_inode(fs, ino)))
		return 0;
	return free_orphans(fs, ino, ino + 1) < 0 ? -1 : 0;
}

/* aer_orphans_sweep -- frees what a crash left nameless */
long aer_orphans_sweep(struct aer_fs *fs)
{
	uint32_t i;

	for (i = AER_INO_KV + 1; i < fs->sb->ninodes; i++)
		if (aer_is_orphan(&fs->inodes[i]))
			break;
	return i < fs->sb->ninodes ? free_orphans(fs, i, fs->sb->ninodes) : 0;
}
