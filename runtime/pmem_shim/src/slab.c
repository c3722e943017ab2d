/*
 * slab.c -- small pool objects carved out of chunks, with no persist barrier
 * of their own on allocation or free.
 *
 * PMDK's allocator persists its metadata on every call (a reservation alone
 * writes back and waits for its header): about 1 us per object on this
 * hardware, which made every temporary of a ported program expensive. Here a
 * chunk is one PMDK object of type SLAB_CHUNK_TYPE holding a header, an
 * allocation bitmap and equal slots. The bitmap is the only persistent
 * allocation state. A bit is set when a slot is handed out and cleared when it
 * is freed; its line is written back without waiting, so the next persist
 * barrier (a transaction has several) makes it durable. That is enough:
 *  - a slot that committed state reaches was allocated before the commit that
 *    linked it, so its bit reached persistence at that commit's barriers;
 *  - a slot that committed state reaches is only freed by an operation that
 *    unlinks it, and such frees wait for the commit (slab_free defers them);
 *  - a fresh slot (allocated since this thread's last commit) is reached by no
 *    committed state: stores into it need no undo log, and its whole content
 *    is written back at the next commit (slab_commit).
 * A crash can leave bits set for slots nothing reaches: those allocated by the
 * interrupted operation and the program's temporaries of the moment. That leak
 * is bounded by what one operation allocates; PMDK's own objects would not leak.
 *
 * Volatile state (rebuilt at open from the directory of chunks, slab_dir.c):
 * per size class a list of chunks that may have free slots (a chunk's free
 * slots are counted when an allocation first looks at it), and a page map
 * from pool page to chunk.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "slab_internal.h"

/* The chunk map's grain: no larger than a chunk, so that one region meets at most two chunks
 * (the end of one, the start of the next); a chunk is in three regions, which a warm open
 * fills for each chunk (4 KiB pages: 65 entries a chunk, half of a warm open at a million
 * objects). */
#define REGION_SHIFT 17
_Static_assert((1u << REGION_SHIFT) <= CHUNK_BYTES, "a region meets at most two chunks");
#define FRESH_CAP 4096              /* fresh slots tracked before write-back */

static const uint32_t class_size[] = {
	16, 32, 48, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 448,
	512, 640, 768, 896, 1024, 1280, 1536, 1792, 2048, 2560, 3072, 3584, 4096,
	5120, 6144, 7168, 8192, 10240, 12288, 14336, 16384,
	20480, 24576, 32768, /* a 16 KiB buffer with its header (Redis' query buffer) */
};
#define NCLASSES (sizeof(class_size) / sizeof(class_size[0]))

struct chunk {                /* volatile */
	struct chunk_hdr *hdr;
	char *slots;
	uint32_t slot_size, nslots, nfree, cursor; /* nfree NFREE_UNKNOWN: not counted yet */
	unsigned cls;
	struct chunk *next_avail;
	int avail;
	uint64_t *fresh;        /* slots allocated since their owner's last commit;
				 * NULL until the chunk's first allocation here */
};

/* epoch: the transaction that allocated it (tx_tls.epoch), 0 outside one */
struct fresh_ref { struct chunk *c; uint32_t slot; uint64_t epoch; };

#define NFREE_UNKNOWN UINT32_MAX

static pthread_mutex_t slab_lock = PTHREAD_MUTEX_INITIALIZER;
static struct chunk *avail_head[NCLASSES];
/* Pool region -> the chunks in it: chunks are not aligned, so the region holding the end of
 * one chunk may hold the start of the next (two entries per region). */
static struct chunk *(*region_map)[2];
static size_t region_count;
static struct chunk **all_chunks;
static size_t nchunks, chunks_cap;
int slab_on_;

__thread struct slab_recent slab_recent_[SLAB_RECENT];
static __thread unsigned recent_next;

/* Per thread: fresh slots (written back at commit), frees waiting for it. */
static __thread struct fresh_ref *fresh_v;
static __thread size_t fresh_n, fresh_cap;
static __thread void **deferred_v;
static __thread size_t deferred_n, deferred_cap;

/* slab_grow -- makes room for one more element of a vector */
int slab_grow(void **v, size_t *cap, size_t n, size_t elem)
{
	size_t c;
	void *nv;

	if (n < *cap)
		return 0;
	c = *cap ? 2 * *cap : 256;
	nv = realloc(*v, c * elem);
	if (!nv)
		return err_set(ENOMEM, "pmem_shim: out of memory (slab bookkeeping)");
	*v = nv;
	*cap = c;
	return 0;
}

/* slab_class_of -- smallest class holding size bytes, or -1 (a PMDK object) */
int slab_class_of(size_t size)
{
	unsigned lo = 0, hi = NCLASSES;

	if (size > class_size[NCLASSES - 1])
		return -1;
	while (lo < hi) {
		unsigned mid = (lo + hi) / 2;
		if (class_size[mid] < size)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (int)lo;
}

/* layout -- slot count and first-slot offset of a chunk of slot_size slots */
static void layout(uint32_t slot_size, uint32_t *nslots, uint32_t *off)
{
	uint32_t n = (CHUNK_BYTES - sizeof(struct chunk_hdr)) / slot_size;

	for (;; n--) {
		uint32_t o = sizeof(struct chunk_hdr) + (n + 63) / 64 * 8;
		o = (o + PMS_LINE - 1) & ~(PMS_LINE - 1);
		if (o + n * slot_size <= CHUNK_BYTES) {
			*nslots = n;
			*off = o;
			return;
		}
	}
}

/* slab_chunk_format -- header and empty bitmap of a chunk of class cls at h,
 * made durable before its magic is (pop: NULL or PMDK's, for pool_persist) */
void slab_chunk_format(struct chunk_hdr *h, unsigned cls, PMEMobjpool *pop)
{
	h->slot_size = class_size[cls];
	layout(h->slot_size, &h->nslots, &h->slots_off);
	memset(h->pad, 0, sizeof(h->pad));
	memset(h->bits, 0, (h->nslots + 63) / 64 * 8);
	pool_persist(pop, h, sizeof(*h) + (h->nslots + 63) / 64 * 8);
	h->magic = SLAB_MAGIC;
	pool_persist(pop, &h->magic, sizeof(h->magic));
}

/* chunk_construct -- PMDK constructor: a chunk of class *arg, durable before
 * PMDK publishes it */
static int chunk_construct(PMEMobjpool *pop, void *ptr, void *arg)
{
	slab_chunk_format(ptr, *(unsigned *)arg, pop);
	return 0;
}

/* slab_spare_construct -- PMDK constructor of a spare chunk (no class yet) */
int slab_spare_construct(PMEMobjpool *pop, void *ptr, void *arg)
{
	struct chunk_hdr *h = ptr;

	memset(h, 0, sizeof(*h));
	h->magic = SLAB_SPARE_MAGIC;
	pool_persist(pop, h, sizeof(*h));
	return 0;
}

/* chunk_track -- volatile state of the chunk at h of class cls (new or found
 * at open), without reading it: its layout follows from its class, its free
 * count is taken at first use (chunk_count) */
static struct chunk *chunk_track(struct chunk_hdr *h, unsigned cls)
{
	struct chunk *c = calloc(1, sizeof(*c));
	uintptr_t first, last;
	uint32_t off;

	if (!c || (nchunks == chunks_cap && slab_grow((void **)&all_chunks,
			&chunks_cap, nchunks, sizeof(*all_chunks)))) {
		free(c);
		err_set(ENOMEM, "pmem_shim: out of memory (slab chunks)");
		return NULL;
	}
	c->slot_size = class_size[cls];
	layout(c->slot_size, &c->nslots, &off);
	c->hdr = h;
	c->slots = (char *)h + off;
	c->cls = cls;
	c->nfree = NFREE_UNKNOWN;
	first = ((uintptr_t)h - pms_pool_base_) >> REGION_SHIFT;
	last = ((uintptr_t)h + CHUNK_BYTES - 1 - pms_pool_base_) >> REGION_SHIFT;
	for (uintptr_t p = first; p <= last && p < region_count; p++)
		region_map[p][region_map[p][0] != NULL] = c;
	all_chunks[nchunks++] = c;
	c->avail = 1;
	c->next_avail = avail_head[cls];
	avail_head[cls] = c;
	return c;
}

/* slab_class_size -- the slot size of class cls, 0 when there is no such class */
uint32_t slab_class_size(unsigned cls)
{
	return cls < NCLASSES ? class_size[cls] : 0;
}

/* slab_track -- chunk_track for the directory's open: 0, or -1 with a message */
int slab_track(struct chunk_hdr *h, unsigned cls)
{
	return chunk_track(h, cls) ? 0 : -1;
}

/* chunk_count -- checks a chunk's header and counts its free slots, at its
 * first use (slab_lock held); -1 when the header is not what its entry says */
static int chunk_count(struct chunk *c)
{
	struct chunk_hdr *h = c->hdr;
	uint32_t used = 0;

	if (h->magic != SLAB_MAGIC || h->slot_size != c->slot_size ||
			h->nslots != c->nslots || (char *)h + h->slots_off != c->slots)
		return err_set(EINVAL, "pool chunk at %p has a bad header", (void *)h);
	for (uint32_t w = 0; w < (c->nslots + 63) / 64; w++)
		used += (uint32_t)__builtin_popcountll(h->bits[w]);
	c->nfree = c->nslots - used;
	return 0;
}

/* chunk_of -- the chunk holding addr, or NULL (a PMDK object or no slab) */
static inline struct chunk *chunk_of(const void *addr)
{
	uintptr_t off = (uintptr_t)addr - pms_pool_base_;
	struct chunk *c;

	if (!region_map || off >= pms_pool_size_)
		return NULL;
	for (int i = 0; i < 2; i++) {
		c = region_map[off >> REGION_SHIFT][i];
		if (c && (const char *)addr >= c->slots &&
				(const char *)addr < c->slots + (size_t)c->nslots * c->slot_size)
			return c;
	}
	return NULL;
}

static inline uint32_t slot_of(const struct chunk *c, const void *addr)
{
	return (uint32_t)(((const char *)addr - c->slots) / c->slot_size);
}

static inline int bit_test(const uint64_t *v, uint32_t i)
{
	return (v[i / 64] >> (i % 64)) & 1;
}

/* fresh_test -- 1 when slot of c is fresh (a chunk never allocated from in
 * this process has no fresh slot, nor a map of them) */
static inline int fresh_test(const struct chunk *c, uint32_t slot)
{
	return c->fresh && bit_test(c->fresh, slot);
}

/* Bitmap lines this thread changed since its last commit. Their write-back
 * is started at the commit, with the fresh slots, not at each allocation: a
 * write-back still in flight makes the next locked instruction (the slab
 * lock) wait for it, which cost a persist barrier per allocation and free. */
#define BITS_PENDING 16
static __thread const void *bits_pending[BITS_PENDING];
static __thread unsigned bits_pending_n;

/* bits_writeback -- starts the write-back of the pending bitmap lines */
static void bits_writeback(void)
{
	for (unsigned i = 0; i < bits_pending_n; i++)
		flush_lines(bits_pending[i], 1);
	bits_pending_n = 0;
}

/* write_back -- a bitmap line to write back by the next commit */
static inline void write_back(const void *p)
{
	const void *line = (const void *)((uintptr_t)p & ~(uintptr_t)(PMS_LINE - 1));

	for (unsigned i = 0; i < bits_pending_n; i++)
		if (bits_pending[i] == line)
			return;
	if (bits_pending_n == BITS_PENDING)
		bits_writeback();
	bits_pending[bits_pending_n++] = line;
}

static int slab_asked = -1; /* slab_want: -1 not asked, 0 no, 1 yes */

/* slab_want -- the port asks for the slab (before it opens its pool) */
void slab_want(int on)
{
	slab_asked = on;
}

/* slab_wanted -- PMS_SLAB=0/1 decides; else on for a port (on a pool without
 * DAX its write-backs are msyncs, flush.c) */
int slab_wanted(void)
{
	const char *e = getenv("PMS_SLAB");

	if (e && *e)
		return strcmp(e, "0") != 0;
	return slab_asked == 1;
}

/* slab_has_chunks -- 1 when the open pool holds slab chunks */
int slab_has_chunks(void)
{
	return nchunks > 0;
}

/* slab_open -- volatile state for the open pool, from its directory */
int slab_open(void)
{
	region_count = (pms_pool_size_ + (1u << REGION_SHIFT) - 1) >> REGION_SHIFT;
	region_map = calloc(region_count, sizeof(*region_map));
	if (!region_map)
		return err_set(ENOMEM, "pmem_shim: out of memory (slab region map)");
	return slab_dir_open();
}

/* slab_close -- forgets the volatile state (the bitmaps are persistent) */
void slab_close(void)
{
	for (size_t i = 0; i < nchunks; i++) {
		free(all_chunks[i]->fresh);
		free(all_chunks[i]);
	}
	free(all_chunks);
	free(region_map);
	all_chunks = NULL;
	region_map = NULL;
	nchunks = chunks_cap = region_count = 0;
	memset(avail_head, 0, sizeof(avail_head));
	fresh_n = deferred_n = 0;
	slab_dir_close();
}

/* chunk_new -- a new chunk of class cls (slab_lock held): a spare one when
 * there is (no PMDK needed), else a new PMDK object */
static struct chunk *chunk_new(int cls)
{
	PMEMoid oid;
	unsigned ucls = (unsigned)cls;
	struct chunk_hdr *spare = slab_dir_take_spare(ucls);
	struct chunk *c;

	if (spare) {
		c = chunk_track(spare, ucls);
		if (c)
			c->nfree = c->nslots;
		return c;
	}
	if (!pool_pmdk())
		return NULL;
	slab_dir_adding();
	if (pmdk.xalloc(pool_cur->pop, &oid, CHUNK_BYTES, SLAB_CHUNK_TYPE, 0,
			chunk_construct, &ucls) != 0) {
		err_pmdk(errno, "pms_malloc");
		slab_dir_added(); /* nothing was published */
		return NULL;
	}
	/* a chunk without an entry keeps the adding bit: the next open walks */
	if (slab_dir_enter(oid.off, (unsigned)cls) != 0)
		return NULL;
	slab_dir_added();
	c = chunk_track((struct chunk_hdr *)(pms_pool_base_ + oid.off), (unsigned)cls);
	if (c)
		c->nfree = c->nslots; /* new: every slot is free */
	return c;
}

/* fresh_writeback -- writes back every tracked fresh slot and forgets them */
static void fresh_writeback(size_t keep)
{
	size_t n = fresh_n > keep ? fresh_n - keep : 0;

	bits_writeback();
	memset(slab_recent_, 0, sizeof(slab_recent_));
	for (size_t i = 0; i < n; i++) {
		struct fresh_ref *f = &fresh_v[i];
		if (!fresh_test(f->c, f->slot))
			continue;
		f->c->fresh[f->slot / 64] &= ~(1ULL << (f->slot % 64));
		flush_lines(f->c->slots + (size_t)f->slot * f->c->slot_size, f->c->slot_size);
	}
	memmove(fresh_v, fresh_v + n, (fresh_n - n) * sizeof(*fresh_v));
	fresh_n -= n;
}

/* fresh_add -- remembers a slot this thread just allocated */
static void fresh_add(struct chunk *c, uint32_t slot)
{
	if (fresh_n == FRESH_CAP) {
		/* Drop the slots freed since, then write back the older half: they
		 * stop being fresh (stores into them are logged again). */
		size_t j = 0;
		for (size_t i = 0; i < fresh_n; i++)
			if (fresh_test(fresh_v[i].c, fresh_v[i].slot))
				fresh_v[j++] = fresh_v[i];
		fresh_n = j;
		if (fresh_n > FRESH_CAP / 2)
			fresh_writeback(FRESH_CAP / 2);
	}
	if (slab_grow((void **)&fresh_v, &fresh_cap, fresh_n, sizeof(*fresh_v)) != 0)
		return; /* not tracked: stores into it are logged, still safe */
	c->fresh[slot / 64] |= 1ULL << (slot % 64);
	slab_recent_[recent_next].lo = (uintptr_t)c->slots + (uintptr_t)slot * c->slot_size;
	slab_recent_[recent_next].hi = slab_recent_[recent_next].lo + c->slot_size;
	recent_next = (recent_next + 1) % SLAB_RECENT;
	fresh_v[fresh_n].c = c;
	fresh_v[fresh_n].slot = slot;
	fresh_v[fresh_n].epoch = tx_tls.depth > 0 ? tx_tls.epoch : 0;
	fresh_n++;
}

/* chunk_free_word -- in *w, the first word of c's bitmap from its cursor on
 * with a free slot; 0 when there is none */
static int chunk_free_word(const struct chunk *c, uint32_t *w)
{
	uint32_t words = (c->nslots + 63) / 64;

	for (uint32_t n = 0, i = c->cursor; n < words; n++, i = (i + 1) % words)
		if (~c->hdr->bits[i] != 0 &&
				i * 64 + (uint32_t)__builtin_ctzll(~c->hdr->bits[i]) < c->nslots) {
			*w = i;
			return 1;
		}
	return 0;
}

/* slab_alloc -- a slot of at least size bytes; NULL with errno 0 when size
 * is for PMDK, NULL with errno set on failure */
void *slab_alloc(size_t size, int zero)
{
	int cls = slab_class_of(size ? size : 1);
	struct chunk *c;
	uint32_t w, slot;
	uint64_t word;
	char *p;

	if (cls < 0) {
		errno = 0;
		return NULL;
	}
	pthread_mutex_lock(&slab_lock);
again:
	/* chunks found at open are counted when first looked at */
	while ((c = avail_head[cls]) && c->nfree == NFREE_UNKNOWN) {
		if (chunk_count(c) != 0) {
			pthread_mutex_unlock(&slab_lock);
			return NULL;
		}
		if (c->nfree)
			break;
		avail_head[cls] = c->next_avail;
		c->avail = 0;
	}
	if (!c && !(c = chunk_new(cls))) {
		pthread_mutex_unlock(&slab_lock);
		return NULL;
	}
	if (!c->fresh && !(c->fresh = calloc((c->nslots + 63) / 64, 8))) {
		pthread_mutex_unlock(&slab_lock);
		err_set(ENOMEM, "pmem_shim: out of memory (slab chunks)");
		return NULL;
	}
	if (!chunk_free_word(c, &w)) {
		/* The count said free, the bitmap full: a forked child whose parent
		 * allocated from this chunk between the fork and the child's first
		 * look at the pool (docs/pmem_shim.md). The chunk is full. */
		c->nfree = 0;
		avail_head[cls] = c->next_avail;
		c->avail = 0;
		goto again;
	}
	word = c->hdr->bits[w];
	slot = w * 64 + (uint32_t)__builtin_ctzll(~word);
	c->hdr->bits[w] = word | (1ULL << (slot % 64));
	c->cursor = w;
	if (--c->nfree == 0) {
		avail_head[cls] = c->next_avail;
		c->avail = 0;
	}
	pthread_mutex_unlock(&slab_lock);
	write_back(&c->hdr->bits[w]);
	p = c->slots + (size_t)slot * c->slot_size;
	if (zero)
		memset(p, 0, c->slot_size);
	fresh_add(c, slot);
	stats_mine()->allocs++;
	return p;
}

/* release -- clears a slot's bit and makes it available again */
static void release(struct chunk *c, uint32_t slot)
{
	unsigned cls = c->cls;

	if (c->fresh)
		c->fresh[slot / 64] &= ~(1ULL << (slot % 64));
	memset(slab_recent_, 0, sizeof(slab_recent_));
	pthread_mutex_lock(&slab_lock);
	if (!bit_test(c->hdr->bits, slot)) {
		pthread_mutex_unlock(&slab_lock);
		return;
	}
	c->hdr->bits[slot / 64] &= ~(1ULL << (slot % 64));
	if (c->nfree != NFREE_UNKNOWN)
		c->nfree++;
	if (!c->avail) {
		c->avail = 1;
		c->next_avail = avail_head[cls];
		avail_head[cls] = c;
	}
	pthread_mutex_unlock(&slab_lock);
	write_back(&c->hdr->bits[slot / 64]);
	stats_mine()->frees++;
}

/* slab_free -- frees a slot now, or at the commit when committed state may
 * still reach it; 0 when ptr is not a slot (a PMDK object) */
int slab_free(void *ptr)
{
	struct chunk *c = chunk_of(ptr);
	uint32_t slot;

	if (!c)
		return 0;
	slot = slot_of(c, ptr);
	if (!fresh_test(c, slot) && ((tx_tls.depth > 0 && !tx_tls.aborted) ||
			tx_tls.lazy > 0)) {
		if (slab_grow((void **)&deferred_v, &deferred_cap, deferred_n,
				sizeof(*deferred_v)) == 0)
			deferred_v[deferred_n++] = ptr;
		/* else: leaked, never freed while something may reach it */
		return 1;
	}
	release(c, slot);
	return 1;
}

/* slab_usable -- the slot size of a slot, 0 for anything else */
size_t slab_usable(const void *ptr)
{
	struct chunk *c = chunk_of(ptr);

	return c ? c->slot_size : 0;
}

/* slab_slot_find -- the slot holding addr (its bounds, whether it is fresh), or
 * 0 outside slab slots: one lookup and one division for a logged range's two
 * questions (fresh? its whole lines?) */
int slab_slot_find(const void *addr, struct slab_slot *s)
{
	struct chunk *c = chunk_of(addr);
	uint32_t slot;

	if (!c)
		return 0;
	slot = slot_of(c, addr);
	s->lo = c->slots + (size_t)slot * c->slot_size;
	s->size = c->slot_size;
	s->fresh = fresh_test(c, slot);
	return 1;
}

/* slab_is_fresh -- 1 when [addr, addr+size) lies in a fresh slot: no undo log */
int slab_is_fresh(const void *addr, size_t size)
{
	struct slab_slot s;

	return slab_slot_find(addr, &s) && slab_slot_holds_fresh(&s, addr, size);
}

/* slab_spares_replenish -- at a clean close: spare chunks for the next warm
 * start (slab_dir.c) */
void slab_spares_replenish(void)
{
	pthread_mutex_lock(&slab_lock);
	slab_dir_replenish();
	pthread_mutex_unlock(&slab_lock);
}

/* slab_commit -- before the outermost commit: fresh slots written back (the
 * commit's barrier orders them before it), then they are ordinary */
void slab_commit(void)
{
	fresh_writeback(0);
}

/* slab_committed -- after the commit: the deferred frees happen */
void slab_committed(void)
{
	while (deferred_n > 0) {
		void *p = deferred_v[--deferred_n];
		struct chunk *c = chunk_of(p);
		if (c)
			release(c, slot_of(c, p));
	}
}

/* slab_aborted -- after an abort: slots of the transaction freed, deferred
 * frees forgotten */
void slab_aborted(void)
{
	size_t j = 0;

	deferred_n = 0;
	for (size_t i = 0; i < fresh_n; i++) {
		struct fresh_ref *f = &fresh_v[i];
		if (f->epoch == tx_tls.epoch) {
			if (fresh_test(f->c, f->slot))
				release(f->c, f->slot);
		} else {
			fresh_v[j++] = *f;
		}
	}
	fresh_n = j;
}

/* slab_flush_all -- writes back every slot of every chunk (end of a cold load,
 * whose stores were not tracked) */
void slab_flush_all(void)
{
	pthread_mutex_lock(&slab_lock);
	for (size_t i = 0; i < nchunks; i++) {
		struct chunk *c = all_chunks[i];
		flush_lines(c->hdr, c->hdr->slots_off + (size_t)c->nslots * c->slot_size);
	}
	pthread_mutex_unlock(&slab_lock);
	fresh_writeback(0);
}

/* slab_walk -- calls fn on every allocated slot */
long slab_walk(void (*fn)(void *obj, size_t size, void *arg), void *arg)
{
	long n = 0;

	for (size_t i = 0; i < nchunks; i++) {
		struct chunk *c = all_chunks[i];
		for (uint32_t s = 0; s < c->nslots; s++) {
			if (!bit_test(c->hdr->bits, s))
				continue;
			if (fn)
				fn(c->slots + (size_t)s * c->slot_size, c->slot_size, arg);
			n++;
		}
	}
	return n;
}

/* slab_chunk_type -- the PMDK type number of chunks (heap walks skip them) */
uint64_t slab_chunk_type(void)
{
	return SLAB_CHUNK_TYPE;
}
