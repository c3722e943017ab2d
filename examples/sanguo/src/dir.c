/*
 * dir.c -- the directory calls both kinds share: open, insert, lookup,
 * remove, iteration, and the resynchronisation when a transaction ends.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>

#include "dir_impl.h"
#include "error.h"
#include "sanguo/wear.h"

/* dir_hash -- FNV-1a over the name, masked */
uint64_t dir_hash(const struct sg_dir *d, const char *name, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)name[i]) * 0x100000001b3ULL;
	return h & d->hash_mask;
}

/* dir_names_equal -- the slot's name is name */
int dir_names_equal(const struct sg_dirent *e, const char *name, size_t len)
{
	return e->name_len == len && memcmp(e->name, name, len) == 0;
}

/* dir_refresh_blocks -- caches the store's block addresses */
int dir_refresh_blocks(struct sg_dir *d)
{
	uint32_t n = d->store.nblocks(d->store.ctx);

	if (n > d->cap) {
		uint32_t cap = n > 2 * d->cap ? n : 2 * d->cap;
		struct sg_dirent **b = realloc(d->blocks, cap * sizeof *b);

		if (!b)
			return sg_err(ENOMEM, "directory: out of memory for %u blocks", n);
		d->blocks = b;
		d->cap = cap;
	}
	for (uint32_t i = d->nblocks < n ? d->nblocks : n; i < n; i++)
		d->blocks[i] = d->store.block(d->store.ctx, i);
	d->nblocks = n;
	return 0;
}

/* dir_grow -- one more block */
int dir_grow(struct sg_dir *d)
{
	if (d->store.grow(d->store.ctx) != 0) {
		char why[160];
		int e = errno ? errno : ENOSPC;

		snprintf(why, sizeof why, "%s", sg_errormsg());
		return sg_err(e, "directory: cannot grow past %u blocks: %s", d->nblocks, why);
	}
	return dir_refresh_blocks(d);
}

/* dir_resync -- the transaction ended: if a touched slot or the block count
 * is not what this transaction left (it aborted), rebuild from the slots */
static void dir_resync(void *arg)
{
	struct sg_dir *d = arg;
	int stale = d->touched_overflow || d->store.nblocks(d->store.ctx) != d->nblocks;

	for (uint32_t i = 0; !stale && i < d->ntouched; i++) {
		const struct dir_touch *t = &d->touched[i];
		const struct sg_dirent *e = dir_slot(d, t->slot);

		stale = e->ino != t->ino ||
			(e->ino && dir_hash(d, e->name, e->name_len) != t->hash);
	}
	d->ntouched = 0;
	d->touched_overflow = 0;
	if (stale) {
		d->ops->drop(d);
		d->nblocks = 0;
		if (dir_refresh_blocks(d) != 0 || d->ops->rebuild(d) != 0)
			d->ops->drop(d);   /* FIXME(#15): report; the next open rebuilds */
	}
}

/* dir_touch -- remembers what this transaction left in slot */
static void dir_touch(struct sg_dir *d, uint32_t slot, uint32_t ino, uint64_t h)
{
	if (!d->txl.persistent)
		return;
	if (d->ntouched == DIR_TOUCHED_MAX) {
		d->touched_overflow = 1;
		return;
	}
	d->touched[d->ntouched++] = (struct dir_touch){ slot, ino, h };
}

/* sg_dir_open -- a directory over store, its DRAM index rebuilt */
sg_dir *sg_dir_open(const struct sg_dir_store *store, const struct sg_dir_opts *opts)
{
	enum sg_dir_kind k = opts ? opts->kind : SG_DIR_GATHER_FREE;
	unsigned bits = opts && opts->hash_bits ? opts->hash_bits : 64;
	struct sg_dir *d;

	if (!store || !store->nblocks || !store->block || !store->grow || bits > 64 ||
	    (k != SG_DIR_LINEAR && k != SG_DIR_GATHER_FREE)) {
		sg_err(EINVAL, "directory: bad store or options (kind %d, %u hash bits)",
			(int)k, bits);
		return NULL;
	}
	d = calloc(1, sizeof *d);
	if (!d) {
		sg_err(ENOMEM, "directory: out of memory");
		return NULL;
	}
	d->store = *store;
	d->kind = k;
	d->hash_mask = bits == 64 ? ~0ULL : (1ULL << bits) - 1;
	d->ops = k == SG_DIR_LINEAR ? &dir_linear_ops : &dir_gather_ops;
	htfl_init(&d->fl, SG_SLOTS_PER_BLOCK);
	if (dir_refresh_blocks(d) != 0 || d->ops->rebuild(d) != 0) {
		int e = errno;

		sg_dir_close(d);
		errno = e;
		return NULL;
	}
	txlock_init(&d->txl, d->nblocks ? pms_is_persistent(d->blocks[0]) :
		pms_pool_current() != NULL, dir_resync, d);
	return d;
}

/* sg_dir_close -- frees the DRAM side */
void sg_dir_close(sg_dir *d)
{
	if (!d)
		return;
	d->ops->drop(d);
	free(d->blocks);
	free(d);
}

/* dir_check_name -- EINVAL / ENAMETOOLONG for names no slot can hold */
static int dir_check_name(const char *name, size_t len)
{
	if (!name || !len || memchr(name, '\0', len))
		return sg_err(EINVAL, "directory: empty name or NUL in name");
	if (len > SG_NAME_MAX)
		return sg_err(ENAMETOOLONG, "directory: name of %zu bytes (at most %u)", len,
			SG_NAME_MAX);
	return 0;
}

/* dir_do_insert -- insert under the lock */
static int dir_do_insert(struct sg_dir *d, const char *name, size_t len, uint32_t ino)
{
	uint64_t h = dir_hash(d, name, len);
	struct sg_dirent e = { .ino = ino, .name_len = (uint16_t)len };
	int64_t s;

	if (d->ops->find(d, name, len, h) >= 0)
		return sg_err(EEXIST, "directory: '%.*s' exists", (int)len, name);
	s = d->ops->pick(d);
	if (s < 0)
		return -1;
	memcpy(e.name, name, len);
	if (sg_write(dir_slot(d, (uint32_t)s), &e, offsetof(struct sg_dirent, name) + len + 1))
		return -1;
	dir_touch(d, (uint32_t)s, ino, h);
	d->count++;
	if (d->ops->added(d, (uint32_t)s, h) != 0)
		return sg_err(ENOMEM, "directory: out of memory for its index");
	return 0;
}

/* sg_dir_insert -- adds name -> ino */
int sg_dir_insert(sg_dir *d, const char *name, size_t len, uint32_t ino)
{
	int r;

	if (dir_check_name(name, len) != 0)
		return -1;
	if (!ino)
		return sg_err(EINVAL, "directory: inode 0 marks a free slot");
	if (txlock_enter(&d->txl) != 0)
		return -1;
	r = dir_do_insert(d, name, len, ino);
	return txlock_leave(&d->txl, r == 0 || errno == EEXIST, r);
}

/* sg_dir_find -- name -> ino and slot */
int sg_dir_find(sg_dir *d, const char *name, size_t len, uint32_t *ino, uint32_t *slot)
{
	int64_t s;
	int taken;

	if (dir_check_name(name, len) != 0)
		return -1;
	taken = txlock_hold(&d->txl);
	s = d->ops->find(d, name, len, dir_hash(d, name, len));
	if (s >= 0 && ino)
		*ino = dir_slot(d, (uint32_t)s)->ino;
	txlock_drop(&d->txl, taken);
	if (s < 0)
		return sg_err(ENOENT, "directory: no '%.*s'", (int)len, name);
	if (slot)
		*slot = (uint32_t)s;
	return 0;
}

/* sg_dir_lookup -- name -> ino */
int sg_dir_lookup(sg_dir *d, const char *name, size_t len, uint32_t *ino)
{
	return sg_dir_find(d, name, len, ino, NULL);
}

/* dir_clear -- empties slot s (under the lock) */
static int dir_clear(struct sg_dir *d, uint32_t s, uint64_t h, uint32_t *ino)
{
	struct sg_dirent *e = dir_slot(d, s);

	if (ino)
		*ino = e->ino;
	if (sg_write_u32(&e->ino, 0) != 0)
		return -1;
	dir_touch(d, s, 0, 0);
	d->count--;
	if (d->ops->removed(d, s, h) != 0)
		return sg_err(ENOMEM, "directory: out of memory for its index");
	return 0;
}

/* dir_do_remove -- remove by name under the lock */
static int dir_do_remove(struct sg_dir *d, const char *name, size_t len, uint32_t *ino)
{
	uint64_t h = dir_hash(d, name, len);
	int64_t s = d->ops->find(d, name, len, h);

	if (s < 0)
		return sg_err(ENOENT, "directory: no '%.*s'", (int)len, name);
	return dir_clear(d, (uint32_t)s, h, ino);
}

/* sg_dir_remove -- removes name */
int sg_dir_remove(sg_dir *d, const char *name, size_t len, uint32_t *ino)
{
	int r;

	if (dir_check_name(name, len) != 0)
		return -1;
	if (txlock_enter(&d->txl) != 0)
		return -1;
	r = dir_do_remove(d, name, len, ino);
	return txlock_leave(&d->txl, r == 0 || errno == ENOENT, r);
}

/* sg_dir_remove_slot -- removes the entry in slot */
int sg_dir_remove_slot(sg_dir *d, uint32_t slot, uint32_t *ino)
{
	const struct sg_dirent *e;
	int r;

	if (txlock_enter(&d->txl) != 0)
		return -1;
	e = slot < dir_nslots(d) ? dir_slot(d, slot) : NULL;
	if (!e || !e->ino || !e->name_len || e->name_len > SG_NAME_MAX)
		r = sg_err(ENOENT, "directory: slot %u holds no entry", slot);
	else
		r = dir_clear(d, slot, dir_hash(d, e->name, e->name_len), ino);
	return txlock_leave(&d->txl, r == 0 || errno == ENOENT, r);
}

/* sg_dir_next -- the next entry from *cursor on */
int sg_dir_next(sg_dir *d, uint32_t *cursor, struct sg_dirent *out)
{
	for (uint32_t s = *cursor; s < dir_nslots(d); s++) {
		const struct sg_dirent *e = dir_slot(d, s);

		if (e->ino) {
			*out = *e;
			*cursor = s + 1;
			return 1;
		}
	}
	*cursor = dir_nslots(d);
	return 0;
}

/* sg_dir_foreach -- every entry in slot order */
int sg_dir_foreach(sg_dir *d, int (*fn)(const struct sg_dirent *e, uint32_t slot,
		void *arg), void *arg)
{
	for (uint32_t s = 0; s < dir_nslots(d); s++) {
		const struct sg_dirent *e = dir_slot(d, s);
		int r;

		if (e->ino && (r = fn(e, s, arg)) != 0)
			return r;
	}
	return 0;
}

/* sg_dir_count -- entries */
uint32_t sg_dir_count(const sg_dir *d)
{
	return d->count;
}

/* sg_dir_kind_name -- "linear", "gather-free" */
const char *sg_dir_kind_name(enum sg_dir_kind k)
{
	return k == SG_DIR_LINEAR ? "linear" : k == SG_DIR_GATHER_FREE ? "gather-free" : "?";
}

/* sg_dir_kind_parse -- a kind by name */
enum sg_dir_kind sg_dir_kind_parse(const char *name)
{
	if (name && !strcmp(name, "linear"))
		return SG_DIR_LINEAR;
	if (name && !strcmp(name, "gather-free"))
		return SG_DIR_GATHER_FREE;
	return 0;
}
