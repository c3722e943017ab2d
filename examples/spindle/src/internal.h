/*
 * internal.h -- the structures the store's modules share: device, journal,
 * DRAM cache, the NVM cache index, the cache-configuration table and the store.
 */
#ifndef SPINDLE_INTERNAL_H
#define SPINDLE_INTERNAL_H

#include <stdint.h>
#include <stddef.h>

#include <pmem_shim.h>

#include "spindle/spindle.h"

#define SPD_NONE32 0xffffffffu
#define SPD_SUPER_MAGIC 0x5350444c53555052ull /* "SPDLSUPR" */

/* error.c */
int spd_err(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* crc.c */
uint32_t spd_crc32c(uint32_t crc, const void *buf, size_t len);

/* dev.c: the block-device file; file block 0 is the superblock */
struct spd_dev {
	int fd;
	int direct;
	uint64_t file_blocks;
	uint64_t reads, writes, syncs;
};
int dev_open(struct spd_dev *d, const char *path, int create, uint64_t blocks, int buffered);
void dev_close(struct spd_dev *d);
int dev_read(struct spd_dev *d, uint64_t fblk, void *buf);
int dev_write(struct spd_dev *d, uint64_t fblk, const void *buf);
int dev_sync(struct spd_dev *d);
int dev_prefill(struct spd_dev *d, uint64_t first, uint64_t n);
void *dev_alloc_buf(size_t blocks);

/* super.c: the on-disk superblock */
struct spd_super {
	uint64_t magic, version, id, cache;
	uint64_t home_blocks, meta_blocks, journal_blocks;
	uint32_t crc, pad;
};
int super_write(struct spd_dev *d, const struct spd_super *s);
int super_read(struct spd_dev *d, const char *path, struct spd_super *s);


/* nvix.c: DRAM index over an NVM cache's persistent entries: hash from disk
 * block to entry, LRU order, free entries, free NVM blocks */
struct nvix {
	uint32_t nentries, nblocks, nbuckets;
	uint32_t lru_head, lru_tail, nfree_entries, nfree_blocks;
	uint64_t *disk;          /* per entry: disk block + 1, 0 = empty */
	uint32_t *bucket, *chain, *prev, *next, *free_entries, *free_blocks;
	uint32_t *counter;       /* per entry: accesses (metadata victim choice) */
	uint8_t *pinned, *dirty, *block_used;
};
int nvix_init(struct nvix *x, uint32_t nentries, uint32_t nblocks);
void nvix_fini(struct nvix *x);
void nvix_reset(struct nvix *x);
int nvix_find(const struct nvix *x, uint64_t disk);
int nvix_insert(struct nvix *x, uint32_t e, uint64_t disk);
void nvix_remove(struct nvix *x, uint32_t e);
void nvix_touch(struct nvix *x, uint32_t e);
int nvix_take_block(struct nvix *x, uint32_t b);
void nvix_finish_rebuild(struct nvix *x);
int nvix_alloc_entry(struct nvix *x);
int nvix_alloc_block(struct nvix *x);
void nvix_free_block(struct nvix *x, uint32_t b);
int nvix_lru_victim(const struct nvix *x, int after);
int nvix_min_counter_victim(const struct nvix *x);

/* dcache.c: DRAM cache of clean block copies, LRU */
struct dcache {
	uint32_t cap;
	struct nvix x;
	unsigned char *data;
};
int dcache_init(struct dcache *c, uint64_t cap);
void dcache_fini(struct dcache *c);
int dcache_get(struct dcache *c, uint64_t blk, void *buf);
void dcache_put(struct dcache *c, uint64_t blk, const void *buf);

/* nvm.c: writes and reads of NVM, charged by the runtime's latency model */
extern uint64_t nvm_bytes_written, nvm_bytes_read;
void nvm_model_load(void);
void nvm_write(void *dst, const void *src, size_t n);
void nvm_store64(uint64_t *dst, uint64_t v);
void nvm_read(void *dst, const void *src, size_t n);
void nvm_persist(const void *p, size_t n);
void nvm_fence(void);
void nvm_flush(const void *p, size_t n);

/* powerloss.c: SPD_POWER_LOSS=1 keeps an image of what flush + fence made durable */
extern int powerloss_on_;
static inline int powerloss_armed(void) { return powerloss_on_; }
void powerloss_arm(void *region, size_t len);
void powerloss_flushed(const void *p, size_t n);
void powerloss_fenced(void);
void powerloss_crash(void);
/* SPD_DISK_LOSS=all|some:SEED also undoes the device's unsynced writes at that death */
extern int powerloss_disk_on_;
void powerloss_disk_arm(int fd);
void powerloss_disk_write(int fd, uint64_t fblk);
void powerloss_disk_synced(int fd);

/* debug.c */
void debug_barrier(void);
void *nvm_region(const char *path, int create, const char *root, size_t bytes, int *created);

/* The running transaction: one staged block */
struct tx_block {
	uint64_t blk;
	int meta;
	uint16_t mask;           /* metadata: dirty sub-blocks */
	unsigned char *buf;      /* the block's full new content */
};

struct spd_store;

/* One cache configuration */
struct cache_ops {
	const char *name;
	int (*open)(struct spd_store *st, int create);
	void (*close)(struct spd_store *st);
	int (*read)(struct spd_store *st, uint64_t blk, void *buf);
	int (*commit)(struct spd_store *st);
	int (*sync)(struct spd_store *st);
	int (*check)(struct spd_store *st,
		int (*expect)(void *, uint64_t, const void *), void *arg);
};
extern const struct cache_ops cache_none_ops, cache_tinca_ops, cache_spindle_ops;

struct spd_store {
	struct spd_config cfg;
	struct spd_super sb;
	struct spd_dev dev;
	struct dcache dc;
	const struct cache_ops *ops;
	void *cache;
	struct tx_block tx[SPD_TX_MAX];
	unsigned ntx;
	int in_tx;
	unsigned char *txbuf, *scratch;
	struct spd_stats st;
	struct spd_recovery rec;
	struct pms_stats base;
	uint64_t nvm_w0, nvm_r0;
};

/* home block b -> file block */
static inline uint64_t home_fblk(const struct spd_store *st, uint64_t b)
{
	return 1 + st->sb.journal_blocks + b;
}
int home_read(struct spd_store *st, uint64_t b, void *buf);
int home_write(struct spd_store *st, uint64_t b, const void *buf);

#endif /* SPINDLE_INTERNAL_H */
