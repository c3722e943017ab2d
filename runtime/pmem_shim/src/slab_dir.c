/*
 * slab_dir.c -- the persistent directory of slab chunks.
 *
 * Finding the chunks at open: a persistent directory (one PMDK object the pool
 * header's slab_dir points at) lists every chunk's offset and class, so an open
 * reads it (8 bytes a chunk) and touches no chunk: a chunk's free count is
 * counted at the first allocation that looks at it. Touching every chunk cost
 * a page fault each (about 2.6 ms at a million objects, a thousand chunks),
 * walking PMDK's objects as much. A new chunk is published by PMDK, then its
 * entry is written; for that moment the header carries SLAB_DIR_ADDING, and an
 * open that finds it (a crash in between), or a pool without a directory,
 * walks PMDK's objects once and writes a new directory. No slot of a chunk is
 * handed out before its entry is durable. The two bits live in the low bits of
 * the header's offset (objects are 16-byte aligned), so each change of the
 * directory's state is one 8-byte store. A pool without chunks says so with
 * SLAB_DIR_COMPLETE and no offset: its opens walk nothing either.
 *
 * Spare chunks: a close that has PMDK open leaves SLAB_SPARES chunks without
 * a class (entry class SPARE_CLASS), so that a warm start, which maps the
 * pool without PMDK (pool_direct.c), takes new chunks from them instead of
 * opening PMDK for the first one. Giving a spare its class rewrites its header
 * and its entry in place, under the adding bit like a new chunk.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "slab_internal.h"

#define SLAB_DIR_TYPE 0x504d5344u   /* "PMSD" */
#define SLAB_DIR_MAGIC 0x3172694453534d50ULL /* "PMSSDir1" */
#define SLAB_DIR_MIN 1024           /* entries of a first directory */
/* low bits of pool_header.slab_dir */
#define SLAB_DIR_COMPLETE 1u /* every chunk has an entry */
#define SLAB_DIR_ADDING 2u   /* a chunk is being published and entered */
#define SLAB_DIR_BITS 15u

/* the directory: entry i is (chunk offset / 16) << 8 | (class + 1), 0 ends it */
struct chunk_dir {
	uint64_t magic;
	uint64_t cap;
	uint64_t e[];
};

#define SPARE_CLASS 0xfeu      /* entry class of a spare chunk (entries keep cls + 1) */

static struct chunk_dir *dir;  /* the open pool's directory */
static uint64_t dir_n;         /* its entries */
static int dir_orphan;         /* a chunk was published without an entry */
static uint64_t spare_at[SLAB_SPARES]; /* directory indexes of spare chunks */
static unsigned nspare;

/* dir_persist -- makes a header or directory field durable */
static void dir_persist(const void *addr, size_t len)
{
	pool_persist(pool_cur->pop, addr, len);
}

/* dir_entry -- the directory entry of the chunk at pool offset off */
static uint64_t dir_entry(uint64_t off, unsigned cls)
{
	return (off >> 4) << 8 | (cls + 1);
}

struct dir_init { const uint64_t *e; uint64_t n, cap; };

/* dir_construct -- PMDK constructor: a directory holding n entries */
static int dir_construct(PMEMobjpool *pop, void *ptr, void *arg)
{
	struct chunk_dir *d = ptr;
	const struct dir_init *in = arg;

	d->magic = SLAB_DIR_MAGIC;
	d->cap = in->cap;
	if (in->n)
		memcpy(d->e, in->e, in->n * sizeof(d->e[0]));
	memset(d->e + in->n, 0, (in->cap - in->n) * sizeof(d->e[0]));
	pool_persist(pop, d, sizeof(*d) + in->cap * sizeof(d->e[0]));
	return 0;
}

/* dir_new -- a new directory with n entries and room for cap; NULL on failure */
static struct chunk_dir *dir_new(const uint64_t *e, uint64_t n, uint64_t cap)
{
	struct dir_init in = { e, n, cap };
	PMEMoid oid;

	if (!pool_pmdk())
		return NULL;
	if (pmdk.xalloc(pool_cur->pop, &oid, sizeof(struct chunk_dir) + cap * sizeof(e[0]),
			SLAB_DIR_TYPE, 0, dir_construct, &in) != 0) {
		err_pmdk(errno, "pms_malloc (slab directory)");
		return NULL;
	}
	return (struct chunk_dir *)(pms_pool_base_ + oid.off);
}

/* dir_publish -- makes d (NULL: no chunk) the pool's directory, with the
 * state bits */
static void dir_publish(struct chunk_dir *d, unsigned bits)
{
	struct pool_header *ph = pool_cur->hdr;

	ph->slab_dir = (d ? (uintptr_t)d - pms_pool_base_ : 0) | bits;
	dir_persist(&ph->slab_dir, sizeof(ph->slab_dir));
}

/* dir_free -- gives a directory object back to PMDK */
static void dir_free(struct chunk_dir *d)
{
	PMEMoid oid;

	if (!pool_pmdk())
		return; /* (left allocated: the next walk frees stray directories) */
	oid = (PMEMoid){ pool_cur->uuid_lo, (uintptr_t)d - pms_pool_base_ };
	pmdk.free(&oid);
}

/* slab_open_walk -- finds the chunks among all of PMDK's objects and writes a
 * new directory of them (a pool without one, or a crash while a chunk was
 * being added); directories left by that crash are freed */
static int slab_open_walk(void)
{
	uint64_t *e = NULL, n = 0, cap = 0;
	struct chunk_dir *d;
	PMEMoid o, next;

	if (!pool_pmdk())
		return -1;
	for (o = pmdk.first(pool_cur->pop); !OID_IS_NULL(o); o = next) {
		struct chunk_hdr *h = (struct chunk_hdr *)(pms_pool_base_ + o.off);
		int cls;
		next = pmdk.next(o);
		if (pmdk.type_num(o) == SLAB_DIR_TYPE) {
			pmdk.free(&o);
			continue;
		}
		if (pmdk.type_num(o) != SLAB_CHUNK_TYPE)
			continue;
		if (h->magic == SLAB_SPARE_MAGIC) {
			if (n == cap && slab_grow((void **)&e, &cap, n, sizeof(*e))) {
				free(e);
				return -1;
			}
			if (nspare < SLAB_SPARES)
				spare_at[nspare++] = n;
			e[n++] = dir_entry(o.off, SPARE_CLASS);
			continue;
		}
		cls = slab_class_of(h->slot_size);
		if (h->magic != SLAB_MAGIC || cls < 0 || slab_class_size((unsigned)cls) != h->slot_size) {
			free(e);
			return err_set(EINVAL, "pool chunk at %p has a bad header", (void *)h);
		}
		if ((n == cap && slab_grow((void **)&e, &cap, n, sizeof(*e))) ||
				slab_track(h, (unsigned)cls) != 0) {
			free(e);
			return -1;
		}
		e[n++] = dir_entry(o.off, (unsigned)cls);
	}
	if (n == 0) { /* no chunk: the first one writes the directory */
		free(e);
		dir_publish(NULL, SLAB_DIR_COMPLETE);
		return 0;
	}
	cap = SLAB_DIR_MIN;
	while (cap < 2 * n)
		cap *= 2;
	d = dir_new(e, n, cap);
	free(e);
	if (!d)
		return -1;
	dir_publish(d, SLAB_DIR_COMPLETE);
	dir = d;
	dir_n = n;
	return 0;
}

/* slab_open_dir -- tracks the chunks the directory lists */
static int slab_open_dir(uint64_t off)
{
	struct chunk_dir *d = (struct chunk_dir *)(pms_pool_base_ + off);
	uint64_t n;

	if (off >= pms_pool_size_ - sizeof(*d) || d->magic != SLAB_DIR_MAGIC ||
			d->cap > (pms_pool_size_ - off - sizeof(*d)) / sizeof(d->e[0]))
		return err_set(EINVAL, "pool's directory of slab chunks is damaged "
			"(at offset 0x%" PRIx64 ")", off);
	for (n = 0; n < d->cap && d->e[n]; n++) {
		uint64_t c_off = (d->e[n] >> 8) << 4;
		unsigned cls = (unsigned)(d->e[n] & 0xff) - 1;
		if (cls == SPARE_CLASS && c_off < pms_pool_size_ - CHUNK_BYTES) {
			if (nspare < SLAB_SPARES)
				spare_at[nspare++] = n;
			continue;
		}
		if (!slab_class_size(cls) || c_off >= pms_pool_size_ - CHUNK_BYTES)
			return err_set(EINVAL, "pool's directory of slab chunks is damaged "
				"(entry %" PRIu64 ")", n);
		if (slab_track((struct chunk_hdr *)(pms_pool_base_ + c_off), cls) != 0)
			return -1;
	}
	dir = d;
	dir_n = n;
	return 0;
}

/* slab_dir_open -- tracks the chunks of the open pool: from its directory, or
 * by a walk that writes one */
int slab_dir_open(void)
{
	uint64_t v = pool_cur->hdr->slab_dir, off = v & ~(uint64_t)SLAB_DIR_BITS;

	if (v == SLAB_DIR_COMPLETE)
		return 0; /* no chunk */
	/* no directory yet (a pool from before it, or one whose header points
	 * at its newest chunk instead), or an interrupted add: walk */
	if ((v & SLAB_DIR_BITS) != SLAB_DIR_COMPLETE || (off < pms_pool_size_ - 8 &&
			*(uint64_t *)(pms_pool_base_ + off) == SLAB_MAGIC))
		return slab_open_walk();
	return slab_open_dir(off);
}

/* slab_dir_close -- forgets the open pool's directory */
void slab_dir_close(void)
{
	dir = NULL;
	dir_n = 0;
	dir_orphan = 0;
	nspare = 0;
}

/* slab_dir_adding -- a chunk is about to be published: until its entry is
 * durable, an open must walk */
void slab_dir_adding(void)
{
	dir_publish(dir, dir ? SLAB_DIR_COMPLETE | SLAB_DIR_ADDING : SLAB_DIR_ADDING);
}

/* slab_dir_enter -- the entry of a chunk just published (a first or a larger
 * directory when needed: the old one is freed once the new one is published,
 * under the adding bit); -1 when it could not be written */
int slab_dir_enter(uint64_t off, unsigned cls)
{
	struct chunk_dir *d = dir, *nd;

	if (d && dir_n + 1 < d->cap) {
		d->e[dir_n] = dir_entry(off, cls);
		dir_persist(&d->e[dir_n], sizeof(d->e[0]));
		dir_n++;
		return 0;
	}
	nd = dir_new(d ? d->e : NULL, dir_n, d ? 2 * d->cap : SLAB_DIR_MIN);
	if (!nd) {
		dir_orphan = 1; /* the adding bit stays for the rest of this process */
		return -1;
	}
	nd->e[dir_n] = dir_entry(off, cls);
	dir_persist(&nd->e[dir_n], sizeof(nd->e[0]));
	dir_publish(nd, SLAB_DIR_COMPLETE | SLAB_DIR_ADDING);
	if (d)
		dir_free(d);
	dir = nd;
	dir_n++;
	return 0;
}

/* slab_dir_added -- every published chunk has its entry again */
void slab_dir_added(void)
{
	if (!dir_orphan)
		dir_publish(dir, SLAB_DIR_COMPLETE);
}

/* slab_dir_take_spare -- a spare chunk made a chunk of class cls (header and
 * entry rewritten under the adding bit); NULL when there is none */
struct chunk_hdr *slab_dir_take_spare(unsigned cls)
{
	uint64_t i, off;
	struct chunk_hdr *h;

	while (nspare > 0) {
		i = spare_at[--nspare];
		off = (dir->e[i] >> 8) << 4;
		h = (struct chunk_hdr *)(pms_pool_base_ + off);
		if (h->magic != SLAB_SPARE_MAGIC)
			continue; /* (not what the entry says: left for the next walk) */
		slab_dir_adding();
		slab_chunk_format(h, cls, pool_cur->pop);
		dir->e[i] = dir_entry(off, cls);
		dir_persist(&dir->e[i], sizeof(dir->e[i]));
		slab_dir_added();
		return h;
	}
	return NULL;
}

/* slab_dir_replenish -- at a clean close with PMDK open: spare chunks again
 * for the next warm start (failures only leave fewer) */
void slab_dir_replenish(void)
{
	PMEMoid oid;

	while (pool_cur->pop && nspare < SLAB_SPARES && !dir_orphan) {
		slab_dir_adding();
		if (pmdk.xalloc(pool_cur->pop, &oid, CHUNK_BYTES, SLAB_CHUNK_TYPE, 0,
				slab_spare_construct, NULL) != 0) {
			slab_dir_added();
			return;
		}
		if (slab_dir_enter(oid.off, SPARE_CLASS) != 0)
			return;
		slab_dir_added();
		spare_at[nspare++] = dir_n - 1;
	}
}
