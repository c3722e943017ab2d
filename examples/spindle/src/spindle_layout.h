/*
 * spindle_layout.h -- the Spindle configuration's NVM layout (header with
 * the persistent head/tail of the ring buffer, ring, data and metadata cache
 * entries, metadata log of sub-blocks, cached blocks) and its DRAM state.
 */
#ifndef SPINDLE_SPINDLE_LAYOUT_H
#define SPINDLE_SPINDLE_LAYOUT_H

#include "nvc.h"

#define SP_MAGIC 0x5350494e444c4521ull  /* "SPINDLE!" */

struct sp_hdr {
	uint64_t magic, store_id, ndata, nmeta, nring, nlog, pad[2];
	uint64_t commit;      /* line 2: last committed txid << 32 | head */
	uint64_t pad2[7];
	uint64_t tail;        /* line 3: ring position after the last entry written */
};

/* A ring entry: a data block of the committing transaction and the cache
 * block that held its committed version (SPD_NONE32: it was not cached). */
struct sp_ring {
	uint64_t disk;
	union {
		struct { uint32_t old, txid; };
		uint64_t word;  /* old and txid, stored at once */
	};
};

/* A metadata log entry: a sub-block's content before the transaction. */
struct sp_log {
	uint64_t disk;
	uint32_t txid, sub, crc, pad;
	uint8_t old[SPD_SUB];
	uint8_t pad2[40];
};

struct spindle {
	struct sp_hdr *hdr;
	struct sp_ring *ring;
	struct sp_log *log;
	struct nvc data, meta;
	int ent[SPD_TX_MAX];
	int newblk[SPD_TX_MAX];
};

static inline uint32_t sp_head(const struct sp_hdr *h) { return (uint32_t)h->commit; }
static inline uint32_t sp_txid(const struct sp_hdr *h) { return (uint32_t)(h->commit >> 32); }

/* sp_log_crc -- checksum of a log entry without its crc field */
static inline uint32_t sp_log_crc(const struct sp_log *l)
{
	uint32_t c = spd_crc32c(0, l, offsetof(struct sp_log, crc));
	return spd_crc32c(c, l->old, SPD_SUB);
}

int spindle_recover(struct spd_store *st, struct spindle *s);

#endif /* SPINDLE_SPINDLE_LAYOUT_H */
