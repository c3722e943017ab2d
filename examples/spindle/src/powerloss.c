/*
 * powerloss.c -- a simulated power failure for the reliability tests: with
 * SPD_POWER_LOSS=1 the NVM region's durable image (a DRAM copy) takes a
 * cache line only when a fence follows its write-back, and a death at a
 * chosen barrier (SPD_CRASH_AT_BARRIER) first puts that image back into the
 * pool, so stores that were not flushed and fenced are lost as on power loss.
 */
#include <stdlib.h>
#include <string.h>

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

/* powerloss_crash -- the pool as a power failure now would leave it */
void powerloss_crash(void)
{
	if (powerloss_on_)
		memcpy(pl_region, pl_image, pl_len);
}
