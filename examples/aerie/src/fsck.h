/*
 * fsck.h -- the consistency check of a layout (what fsck.aerie runs).
 */
#ifndef AERIE_FSCK_H
#define AERIE_FSCK_H

#include <stdio.h>

#include "fs.h"

struct aer_fsck_summary {
	unsigned long problems;
	unsigned long files;
	unsigned long dirs;
	unsigned long used_blocks;
	unsigned long orphans;     /* unlinked files still open at the crash */
};

/* Checks every rule of the layout, printing one line per inconsistency to
 * out; fills *sum. Reads only. Returns 0 when clean, 1 when not, -1 (ENOMEM). */
int aer_fsck(const struct aer_fs *fs, FILE *out, struct aer_fsck_summary *sum);

#endif /* AERIE_FSCK_H */
