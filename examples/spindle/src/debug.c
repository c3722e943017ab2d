/*
 * debug.c -- the fault injection of spindle/debug.h: a torn commit record,
 * a corrupt ring-buffer pointer, a crash at a chosen persist barrier.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "journal.h"
#include "spindle_layout.h"
#include "spindle/debug.h"

static uint64_t barriers, crash_at;

/* debug_env -- SPD_CRASH_AT_BARRIER=N before main */
__attribute__((constructor)) static void debug_env(void)
{
	const char *s = getenv("SPD_CRASH_AT_BARRIER");

	if (s && *s)
		crash_at = strtoull(s, NULL, 10);
}

/* debug_barrier -- counts a persist barrier; dies at the chosen one */
void debug_barrier(void)
{
	if (++barriers == crash_at && crash_at) {
		powerloss_crash();
		_exit(86);
	}
}

/* spd_debug_crash_at -- die at the n-th barrier from now */
void spd_debug_crash_at(uint64_t n)
{
	crash_at = n ? barriers + n : 0;
}

/* spd_debug_barriers -- barriers so far */
uint64_t spd_debug_barriers(void)
{
	return barriers;
}

/* spd_debug_tear_commit -- zeroes the second half of the last commit record */
int spd_debug_tear_commit(struct spd_store *st)
{
	struct journal *j = st->cache;
	unsigned char *buf;

	if (st->ops != &cache_none_ops || !j->last_commit_fblk)
		return spd_err(ENOENT, "no commit record written since open");
	buf = dev_alloc_buf(1);
	if (!buf)
		return spd_err(ENOMEM, "out of memory");
	if (dev_read(&st->dev, j->last_commit_fblk, buf)) {
		free(buf);
		return -1;
	}
	memset(buf + 16, 0, SPD_BLOCK - 16);  /* magic and sequence survived */
	int r = dev_write(&st->dev, j->last_commit_fblk, buf) || dev_sync(&st->dev);
	free(buf);
	return r ? -1 : 0;
}

/* spd_debug_set_ring -- overwrites head (which 0) or tail (1) */
int spd_debug_set_ring(struct spd_store *st, int which, uint64_t v)
{
	struct spindle *s = st->cache;

	if (st->ops != &cache_spindle_ops)
		return spd_err(EINVAL, "only the spindle configuration has a ring buffer");
	if (which == 0)
		nvm_store64(&s->hdr->commit, (s->hdr->commit & ~0xffffffffull) | (uint32_t)v);
	else
		nvm_store64(&s->hdr->tail, v);
	nvm_persist(which == 0 ? &s->hdr->commit : &s->hdr->tail, 8);
	return 0;
}
