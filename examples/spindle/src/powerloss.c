/*
 * powerloss.c -- a simulated power failure for the reliability tests: with
 * SPD_POWER_LOSS=1 the NVM region's durable image (a DRAM copy) takes a
 * cache line only when a fence follows its write-back, and a death at a
 * chosen barrier (SPD_CRASH_AT_BARRIER) first puts that image back into the
 * pool, so stores that were not flushed and fenced are lost as on power loss.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

#define LINE 64

struct pl_line { size_t off; unsigned char data[LINE]; };

int powerloss_on_;
static unsigned char *pl_region, *pl_image;
static size_t pl_len, pl_npending, pl_cap;
static struct pl_line *pl_pending;

/* powerloss_arm -- starts the image of region (len bytes) when asked for */
void powerloss_arm(void *region, size_t len)
{
	const char *s = getenv("SPD_POWER_LOSS");

	if (!s || strcmp(s, "1") || !len)
		return;
	pl_image = malloc(len);
	if (!pl_image)
		return;
	memcpy(pl_image, region, len);
	pl_region = region;
	pl_len = len;
	powerloss_on_ = 1;
}

/* powerloss_flushed -- the lines of [p, p+n) as written back now */
void powerloss_flushed(const void *p, size_t n)
{
	size_t first = ((size_t)((const unsigned char *)p - pl_region)) & ~(size_t)(LINE - 1);

	if ((const unsigned char *)p < pl_region || first >= pl_len)
		return;
	for (size_t off = first; off < (size_t)((const unsigned char *)p - pl_region) + n &&
	     off + LINE <= pl_len; off += LINE) {
		if (pl_npending == pl_cap) {
			size_t cap = pl_cap ? 2 * pl_cap : 256;
			struct pl_line *q = realloc(pl_pending, cap * sizeof *q);
			if (!q)
				abort();  /* a test-only mode: no image, no test */
			pl_pending = q;
			pl_cap = cap;
		}
		pl_pending[pl_npending].off = off;
		memcpy(pl_pending[pl_npending++].data, pl_region + off, LINE);
	}
}

/* powerloss_fenced -- the written-back lines become durable */
void powerloss_fenced(void)
{
	for (size_t i = 0; i < pl_npending; i++)
		memcpy(pl_image + pl_pending[i].off, pl_pending[i].data, LINE);
	pl_npending = 0;
}

struct pl_block { uint64_t fblk; unsigned char *old; };

int powerloss_disk_on_;
static int pl_fd = -1;
static unsigned pl_seed;               /* 0: drop every unsynced write */
static struct pl_block *pl_blocks;
static size_t pl_nblocks, pl_bcap;

/* powerloss_disk_arm -- starts tracking fd's unsynced writes when asked for */
void powerloss_disk_arm(int fd)
{
	const char *s = getenv("SPD_DISK_LOSS");

	if (!s || (strcmp(s, "all") && strncmp(s, "some:", 5)))
		return;
	pl_seed = !strcmp(s, "all") ? 0 : (unsigned)strtoul(s + 5, NULL, 10) | 1;
	pl_fd = fd;
	powerloss_disk_on_ = 1;
}

/* powerloss_disk_write -- saves block fblk's synced content before its first
 * write since the last fdatasync */
void powerloss_disk_write(int fd, uint64_t fblk)
{
	void *old;

	if (fd != pl_fd)
		return;
	for (size_t i = 0; i < pl_nblocks; i++)
		if (pl_blocks[i].fblk == fblk)
			return;
	if (pl_nblocks == pl_bcap) {
		size_t cap = pl_bcap ? 2 * pl_bcap : 64;
		struct pl_block *q = realloc(pl_blocks, cap * sizeof *q);
		if (!q)
			abort();  /* a test-only mode: no image, no test */
		pl_blocks = q;
		pl_bcap = cap;
	}
	old = dev_alloc_buf(1);
	if (!old || pread(fd, old, SPD_BLOCK, (off_t)(fblk * SPD_BLOCK)) != SPD_BLOCK)
		abort();
	pl_blocks[pl_nblocks++] = (struct pl_block){ fblk, old };
}

/* powerloss_disk_synced -- every write so far is durable */
void powerloss_disk_synced(int fd)
{
	if (fd != pl_fd)
		return;
	for (size_t i = 0; i < pl_nblocks; i++)
		free(pl_blocks[i].old);
	pl_nblocks = 0;
}

/* powerloss_disk_crash -- undoes the unsynced writes the failure loses */
static void powerloss_disk_crash(void)
{
	unsigned r = pl_seed;

	for (size_t i = 0; i < pl_nblocks; i++) {
		if (pl_seed && (rand_r(&r) & 1))
			continue;  /* this write reached the platter */
		if (pwrite(pl_fd, pl_blocks[i].old, SPD_BLOCK,
			    (off_t)(pl_blocks[i].fblk * SPD_BLOCK)) != SPD_BLOCK)
			abort();
	}
	if (fdatasync(pl_fd))
		abort();
}

/* powerloss_crash -- the pool and the device as a power failure now would leave them */
void powerloss_crash(void)
{
	if (powerloss_on_)
		memcpy(pl_region, pl_image, pl_len);
	if (powerloss_disk_on_)
		powerloss_disk_crash();
}
