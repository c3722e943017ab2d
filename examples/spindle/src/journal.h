/*
 * journal.h -- the JBD2-style on-disk journal of the "none" configuration:
 * descriptor and commit records with CRC-32C, checkpoint, replay.
 */
#ifndef SPINDLE_JOURNAL_H
#define SPINDLE_JOURNAL_H

#include "internal.h"

struct journal {
	uint64_t log_first, log_end;  /* file blocks of the log: [first, end) */
	uint64_t pos, seq;            /* next record's block and sequence */
	uint64_t last_commit_fblk;    /* where the last commit record went */
	struct nvix pending;          /* committed, not checkpointed: home block -> slot */
	unsigned char *pending_data;
	unsigned char *rec;           /* one aligned block for records */
};

int journal_open(struct spd_store *st, struct journal *j, int create);
void journal_close(struct journal *j);
int journal_commit(struct spd_store *st, struct journal *j);
int journal_checkpoint(struct spd_store *st, struct journal *j);
/* journal_pending -- the committed content of blk not yet at home, or NULL */
const unsigned char *journal_pending(struct journal *j, uint64_t blk);

#endif /* SPINDLE_JOURNAL_H */
