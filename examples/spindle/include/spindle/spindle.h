/*
 * spindle/spindle.h -- the client API of the journaling block store and its
 * three cache configurations (none, Tinca-style, Spindle).
 *
 * A store is a file of 4 KiB blocks: a superblock, a JBD2-style journal and
 * the home blocks. Home blocks [0, meta_blocks) are metadata (written in
 * sub-block pieces with spd_write_meta), the rest data (whole blocks). One
 * transaction runs at a time; a process opens one store (the NVM pool of the
 * runtime is one per process). Every call returns 0 (or a pointer) on
 * success and -1 (or NULL) with errno and a one-line spd_errormsg() on failure.
 */
#ifndef SPINDLE_SPINDLE_H
#define SPINDLE_SPINDLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SPD_BLOCK 4096u
/** Size of a metadata sub-block (an inode): the unit Spindle logs. */
#define SPD_SUB 256u
/** Most blocks one transaction may touch. */
#define SPD_TX_MAX 128u

enum spd_cache { SPD_CACHE_NONE, SPD_CACHE_TINCA, SPD_CACHE_SPINDLE };

/** Geometry and placement; zero fields take the defaults spd_config_default sets. */
struct spd_config {
	const char *dev_path;      /* the block-device file */
	const char *pool_path;     /* the NVM pool (tinca, spindle) */
	enum spd_cache cache;
	int create;                /* 1: format dev and pool (they must not exist) */
	uint64_t home_blocks;      /* blocks clients address */
	uint64_t meta_blocks;      /* the first meta_blocks home blocks are metadata */
	uint64_t journal_blocks;   /* on-disk journal (none) */
	uint64_t nvm_blocks;       /* NVM cache blocks (tinca: all; spindle: data) */
	uint64_t nvm_meta_blocks;  /* spindle: metadata cache blocks */
	uint64_t ring_entries;     /* spindle: ring buffer entries */
	uint64_t log_entries;      /* spindle: metadata log sub-blocks */
	uint64_t dram_blocks;      /* DRAM block cache in front of every configuration */
	int buffered;              /* 1: never try O_DIRECT */
	int prefill;               /* with create: write every home block (not holes) */
	int read_fill;             /* spindle: a data read miss also fills the NVM data cache */
};

/** What recovery at open found and did. */
struct spd_recovery {
	uint64_t replayed;         /* none: journal transactions replayed */
	uint64_t torn_commits;     /* none: transactions dropped for a torn commit record */
	uint64_t rolled_back;      /* tinca/spindle: interrupted transaction undone (0/1) */
	uint64_t rolled_forward;   /* tinca: committed role switch completed (0/1) */
	uint64_t entries_reverted; /* cache entries / sub-blocks restored */
	uint64_t index_entries;    /* cache entries indexed from NVM */
};

/** Counters since open. flushes and fences are the runtime's (PMS_STATS). */
struct spd_stats {
	uint64_t commits, data_writes, meta_writes, reads, dram_hits;
	uint64_t nvm_bytes_written, nvm_bytes_read, flushes, fences;
	uint64_t disk_reads, disk_writes, disk_syncs, evictions, checkpoints;
	int direct_io;
};

struct spd_store;

/** Fills *cfg with defaults for a small store. */
void spd_config_default(struct spd_config *cfg);

/** Opens (or with cfg->create formats) a store and recovers it. NULL + errno on failure. */
struct spd_store *spd_open(const struct spd_config *cfg);

/** Closes the store (no sync is implied). Returns 0 or -1. */
int spd_close(struct spd_store *st);

/** Begins the transaction. -1 (EBUSY) when one is running. */
int spd_begin(struct spd_store *st);

/** Stages a whole data block. -1 (EINVAL) for a metadata or out-of-range block. */
int spd_write_data(struct spd_store *st, uint64_t blk, const void *buf);

/** Stages len bytes at off of metadata block blk (the rest keeps its content). */
int spd_write_meta(struct spd_store *st, uint64_t blk, uint32_t off,
		uint32_t len, const void *bytes);

/** Makes the transaction durable and atomic. On failure nothing of it is applied. */
int spd_commit(struct spd_store *st);

/** Drops the running transaction. */
int spd_abort(struct spd_store *st);

/** Reads a block as the last commit (or the running transaction) left it. */
int spd_read(struct spd_store *st, uint64_t blk, void *buf);

/** Writes every cached or journaled block to its home location, then fdatasync. */
int spd_sync(struct spd_store *st);

/** Counters since open. */
void spd_stats_get(struct spd_store *st, struct spd_stats *out);

/** The store's home and metadata block counts (from its superblock). */
void spd_geometry_get(struct spd_store *st, uint64_t *home_blocks, uint64_t *meta_blocks);

/** Zeroes the counters (after a warm-up). */
void spd_stats_reset(struct spd_store *st);

/** What recovery did at open. */
void spd_recovery_get(struct spd_store *st, struct spd_recovery *out);

/** The configuration's name: "none", "tinca", "spindle". */
const char *spd_cache_name(enum spd_cache c);

/** Parses a configuration name; -1 (EINVAL) for another. */
int spd_cache_parse(const char *name, enum spd_cache *out);

/** Verifies the DRAM index against the NVM entries and the cached contents
 * against the home blocks a caller expects (expect(blk, buf) returns 0 when
 * buf is right). Returns 0, or -1 (EUCLEAN) with the first mismatch. */
int spd_check_index(struct spd_store *st,
		int (*expect)(void *arg, uint64_t blk, const void *buf), void *arg);

/** The last error message of this thread. */
const char *spd_errormsg(void);

#ifdef __cplusplus
}
#endif

#endif /* SPINDLE_SPINDLE_H */
