/*
 * ulog.c -- the runtime's own undo log for logged stores on a pmem pool.
 *
 * PMDK's tx_add_range costs about 0.6 us per range here (range tree, entry
 * checksum, its own bookkeeping) and a PMDK transaction about 0.4 us more:
 * most of what a ported Redis MSET or LPUSH paid. This log keeps what undo
 * logging needs and nothing else: one entry (old bytes, offset, checksum)
 * written back and fenced before the store, so one barrier per new range.
 *
 * Layout: a table of UNDO_LANES lane headers (one PMDK object, its offset in
 * the pool header) and, per lane, a log buffer allocated the first time a
 * thread takes the lane. A transaction of lane L has generation
 * G = committed_gen + 1; its entries (ulog_entry.h) carry a checksum over G.
 * It commits by making committed_gen = G durable after its data is: entries
 * of G are then dead. Recovery replays, newest first, the valid entries of G
 * of each lane (a torn last entry fails its checksum; its store never
 * happened).
 *
 * When a transaction also needs PMDK (allocations and frees of PMDK objects,
 * or this log overflows), the store of committed_gen is made inside PMDK's
 * transaction: PMDK's commit is then the one commit point of both logs, and
 * recovery runs PMDK's (at pmemobj_open) before this one, so older values
 * from this log win, as undo needs.
 *
 * On a pool without DAX the write-backs are msyncs of their pages
 * (flush.c), so the same protocol holds there.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "ulog_entry.h"

#define UNDO_LANES 64
/* a lane's log: 1/256 of the pool, within these bounds (a full log hands
 * the rest of a transaction to PMDK) */
#define UNDO_LOG_MIN (64u * 1024u)
#define UNDO_LOG_MAX (1024u * 1024u)
#define UNDO_POOL_MIN ((size_t)32 << 20)
#define UNDO_TABLE_TYPE 0x504d5355u /* "PMSU" */
#define UNDO_LOG_TYPE 0x504d534cu   /* "PMSL" */
#define UNDO_TABLE_MAGIC_V1 0x316f646e55534d50ULL /* "PMSUndo1": ENTRY_V1 entries */
#define UNDO_TABLE_MAGIC_V2 0x326f646e55534d50ULL /* "PMSUndo2": ENTRY_V2 ranges only */
/* "PMSUndo3": ENTRY_V2 entries, words entries among them; a runtime that knows
 * only V2 refuses the table instead of misreading a words entry */
#define UNDO_TABLE_MAGIC 0x336f646e55534d50ULL

struct undo_lane {          /* persistent, one cache line */
	uint64_t committed_gen;
	uint64_t log_off;       /* the lane's buffer, 0 until first used */
	uint64_t log_size;
	uint64_t pad[5];
};

struct undo_table {
	uint64_t magic;
	uint64_t pad[7];
	struct undo_lane lanes[UNDO_LANES];
};

static struct undo_table *table;
static uint64_t lanes_taken;      /* bit per lane, this process */
static unsigned ulog_pool_epoch;  /* bumped at every open: thread lanes go stale */
int ulog_on_;

/* This thread's lane and its open transaction. */
static __thread struct {
	unsigned epoch;         /* ulog_pool_epoch when the lane was taken */
	int lane;               /* -1: none (all taken), use PMDK */
	char *log;
	size_t cap, used;
	uint64_t gen;
} me = { 0, -1, NULL, 0, 0, 0 };

/* Offsets of this transaction's entries in the log: an abort replays them
 * newest first without walking (or allocating) anything. */
static __thread size_t *offs_v;
static __thread size_t offs_n, offs_cap;

/* Lines logged in this transaction, with the bytes of each: a repeated store
 * (a counter bumped per key) finds them and logs nothing. The first SEEN_FEW
 * lines are kept in a short array searched in order: a request logs about a
 * dozen lines, and those 4 cache lines stay hot from one request to the next,
 * where a probe of the 64 KB hash table missed the cache at nearly every
 * lookup (a third of ulog_log's samples in a profile of memcached's sets).
 * A transaction that logs more lines moves them into the hash table. */
#define SEEN_FEW 16
#define SEEN_BITS 12
#define SEEN_SLOTS (1u << SEEN_BITS)
struct seen { uintptr_t line; uint64_t bytes; };
/* On the heap, one block a thread, allocated with its first transaction:
 * 72 KB of static TLS in every thread of every program would also keep a
 * library that links the runtime from being dlopen()ed (fio's ioengines). */
struct seen_table {
	struct seen few[SEEN_FEW];
	struct seen v[SEEN_SLOTS];
	uint32_t used[SEEN_SLOTS / 2];
};
static __thread struct seen_table *seen_t;
static __thread uint32_t seen_n;   /* lines remembered */
static __thread int seen_hashed;   /* they are in v (indexed by used), not in few */
static __thread int seen_full; /* a logged line did not fit: the table is partial */
/* One bit per hash of each remembered line: most lookups are of lines not
 * logged yet (a new range), and this answers them without searching the short
 * array or probing the table (which misses the cache in large transactions). */
static __thread uint64_t seen_filter[4];

/* A run of stores logged together (pms_tx_log_run): its entries are written
 * back once and fenced once, at ulog_batch_end, before any of its stores.
 * batch_from is where the run's entries start in the log. */
static __thread int batching;
static __thread size_t batch_from;
static __thread int batch_cached; /* an entry of the run went through the cache */

/* Entries up to this size are built on the stack and streamed into the log
 * (flush_stream): a log line is rewritten by every transaction and its last
 * write-back evicted it (clwb does on this project's CPUs), so a cached write
 * of an entry first read the line back from memory. Streamed, an entry and its
 * fence took 138 ns instead of 195 here (a loop of 80-byte entries). */
#define ENTRY_STREAM_MAX 1040 /* a words entry of ULOG_WORDS_MAX words */

/* seen_slot -- the hash slot of line, or the empty slot where it would go */
static struct seen *seen_slot(uintptr_t line)
{
	/* The top bits of the product: its low bits are those of the line number,
	 * and the lines of objects at one offset of different slab pages agree in
	 * those, so their probes ran through one cluster in a transaction that logs
	 * hundreds of lines (memcached's LRU maintainer). */
	uint32_t h = (uint32_t)(((uint64_t)(line >> 6) * 0x9e3779b97f4a7c15ULL) >> (64 - SEEN_BITS));

	while (seen_t->v[h].line && seen_t->v[h].line != line)
		h = (h + 1) & (SEEN_SLOTS - 1);
	return &seen_t->v[h];
}

static unsigned seen_bit(uintptr_t line)
{
	return (unsigned)(((line >> 6) * 0x9e3779b97f4a7c15ULL) >> 56);
}

/* seen_lookup -- the entry of line, or NULL */
static struct seen *seen_lookup(uintptr_t line)
{
	struct seen *s;
	unsigned b = seen_bit(line);

	if (!(seen_filter[b >> 6] >> (b & 63) & 1))
		return NULL;
	if (!seen_hashed) {
		for (uint32_t i = 0; i < seen_n; i++)
			if (seen_t->few[i].line == line)
				return &seen_t->few[i];
		return NULL;
	}
	s = seen_slot(line);
	return s->line == line ? s : NULL;
}

/* seen_rehash -- moves the short array's lines into the hash table */
static void seen_rehash(void)
{
	for (uint32_t i = 0; i < seen_n; i++) {
		struct seen *s = seen_slot(seen_t->few[i].line);
		*s = seen_t->few[i];
		seen_t->used[i] = (uint32_t)(s - seen_t->v);
	}
	seen_hashed = 1;
}

/* seen_insert -- a new, empty entry for a line not remembered yet, or NULL
 * when the table is full */
static struct seen *seen_insert(uintptr_t line)
{
	struct seen *s;

	if (!seen_hashed && seen_n < SEEN_FEW) {
		s = &seen_t->few[seen_n++];
	} else {
		if (seen_n >= SEEN_SLOTS / 2)
			return NULL;
		if (!seen_hashed)
			seen_rehash();
		s = seen_slot(line);
		seen_t->used[seen_n++] = (uint32_t)(s - seen_t->v);
	}
	*s = (struct seen){ line, 0 };
	seen_filter[seen_bit(line) >> 6] |= 1ULL << (seen_bit(line) & 63);
	return s;
}

/* seen_line -- the i-th line remembered */
static uintptr_t seen_line(uint32_t i)
{
	return seen_hashed ? seen_t->v[seen_t->used[i]].line : seen_t->few[i].line;
}

/* line_mask -- bytes [lo, hi) of the line at base, as a bit mask */
static uint64_t line_mask(uintptr_t base, uintptr_t lo, uintptr_t hi)
{
	unsigned a = lo > base ? (unsigned)(lo - base) : 0;
	unsigned b = hi < base + PMS_LINE ? (unsigned)(hi - base) : PMS_LINE;
	uint64_t upto_b = b == 64 ? ~0ULL : (1ULL << b) - 1;
	return upto_b & ~((1ULL << a) - 1);
}

/* seen_covers -- 1 when every byte of the range was logged already */
static int seen_covers(uintptr_t a, size_t size)
{
	for (uintptr_t l = a & ~(uintptr_t)(PMS_LINE - 1); l < a + size; l += PMS_LINE) {
		struct seen *s = seen_lookup(l);
		uint64_t m = line_mask(l, a, a + size);
		if (!s || (s->bytes & m) != m)
			return 0;
	}
	return 1;
}

/* seen_add -- remembers a logged range (while the table has room) */
static void seen_add(uintptr_t a, size_t size)
{
	for (uintptr_t l = a & ~(uintptr_t)(PMS_LINE - 1); l < a + size; l += PMS_LINE) {
		struct seen *s = seen_lookup(l);
		if (!s && !(s = seen_insert(l))) {
			seen_full = 1;
			return;
		}
		s->bytes |= line_mask(l, a, a + size);
	}
}

static void seen_clear(void)
{
	if (!seen_t)
		return;
	if (seen_hashed)
		while (seen_n > 0)
			seen_t->v[seen_t->used[--seen_n]] = (struct seen){ 0, 0 };
	seen_n = 0;
	seen_hashed = 0;
	seen_full = 0;
	memset(seen_filter, 0, sizeof(seen_filter));
}

/* A thread's lane goes back to the free set when the thread exits. */
static pthread_key_t lane_key;
static pthread_once_t lane_key_once = PTHREAD_ONCE_INIT;
static void lane_release(void *arg)
{
	int lane = (int)(uintptr_t)arg - 1;

	if (lane >= 0 && me.epoch == ulog_pool_epoch)
		__atomic_fetch_and(&lanes_taken, ~(1ULL << lane), __ATOMIC_ACQ_REL);
}
static void lane_key_make(void)
{
	pthread_key_create(&lane_key, lane_release);
}

/* lane_take -- this thread's lane for the open pool, or -1 */
static int lane_take(void)
{
	struct undo_lane *l;
	PMEMoid oid;
	int i;

	if (me.epoch == ulog_pool_epoch && me.lane >= 0)
		return me.lane;
	me.epoch = ulog_pool_epoch;
	me.lane = -1;
	for (i = 0; i < UNDO_LANES; i++) {
		uint64_t bit = 1ULL << i;
		if (!(__atomic_fetch_or(&lanes_taken, bit, __ATOMIC_ACQ_REL) & bit))
			break;
	}
	if (i == UNDO_LANES)
		return -1;
	l = &table->lanes[i];
	if (!l->log_off) {
		/* atomic allocation, then published with one 8-byte store */
		if (!pool_pmdk()) {
			__atomic_fetch_and(&lanes_taken, ~(1ULL << i), __ATOMIC_ACQ_REL);
			return -1;
		}
		size_t bytes = pms_pool_size_ / 256;
		bytes = bytes < UNDO_LOG_MIN ? UNDO_LOG_MIN : bytes > UNDO_LOG_MAX ? UNDO_LOG_MAX : bytes;
		if (pmdk.xalloc(pool_cur->pop, &oid, bytes, UNDO_LOG_TYPE,
				POBJ_XALLOC_ZERO, NULL, NULL) != 0) {
			__atomic_fetch_and(&lanes_taken, ~(1ULL << i), __ATOMIC_ACQ_REL);
			return -1;
		}
		l->log_size = pmdk.usable_size(oid);
		pool_persist(pool_cur->pop, &l->log_size, sizeof(l->log_size));
		l->log_off = oid.off;
		pool_persist(pool_cur->pop, &l->log_off, sizeof(l->log_off));
	}
	me.lane = i;
	me.log = (char *)(pms_pool_base_ + l->log_off);
	me.cap = l->log_size;
	pthread_once(&lane_key_once, lane_key_make);
	pthread_setspecific(lane_key, (void *)(uintptr_t)(i + 1));
	return i;
}

/* ulog_begin -- a new outermost transaction: 1 when this log takes it */
int ulog_begin(void)
{
	if (!seen_t && !(seen_t = calloc(1, sizeof(*seen_t))))
		return 0; /* no memory for the table: PMDK logs this transaction */
	if (!ulog_on_ || !table || lane_take() < 0)
		return 0;
	me.used = 0;
	me.gen = table->lanes[me.lane].committed_gen + 1;
	return 1;
}

/* offs_grow -- room for more entry offsets; 0 when there is no memory */
static int offs_grow(void)
{
	size_t cap = offs_cap ? 2 * offs_cap : 256;
	size_t *v = realloc(offs_v, cap * sizeof(*v));

	if (!v)
		return 0;
	offs_v = v;
	offs_cap = cap;
	return 1;
}

/* entry_at -- where the next entry (need bytes) is written: stage, to be
 * streamed into the log by entry_done (ENTRY_STREAM_MAX), or the log's end */
static char *entry_at(size_t need, uint64_t *stage)
{
	if (need <= ENTRY_STREAM_MAX && flush_streams() &&
			((uintptr_t)(me.log + me.used) & 7) == 0)
		return (char *)stage;
	return me.log + me.used;
}

/* entry_done -- the entry just written at `at` (entry_at, need bytes) is at
 * the log's end, durable before any store it covers (or at the end of the
 * batch), and counted; its offset remembered for an abort */
static void entry_done(const char *at, size_t need)
{
	int streamed = at != me.log + me.used;

	if (streamed)
		flush_stream(me.log + me.used, at, need);
	if (!batching) {
		if (!streamed)
			flush_lines_uncharged(me.log + me.used, need);
		persist_fence_counted();
	} else if (!streamed) {
		batch_cached = 1;
	}
	offs_v[offs_n++] = me.used;
	me.used += need;
	stats_mine();
	stats_tls.x.log_entries++;
}

/* ulog_log -- logs [addr, +size) before a store: ULOG_DONE, ULOG_SEEN (the
 * transaction logged every byte already: no entry), ULOG_FULL (the caller
 * logs it with PMDK) */
int ulog_log(void *addr, size_t size)
{
	size_t need = entry_bytes(size);
	uint64_t stage[ENTRY_STREAM_MAX / 8];
	uintptr_t a = (uintptr_t)addr, line = a & ~(uintptr_t)(PMS_LINE - 1);
	/* Most ranges are (widened to) one line: its entry in the table is looked
	 * up once, for the check and for the note after the entry. */
	int one_line = size > 0 && a + size <= line + PMS_LINE;
	uint64_t mask = one_line ? line_mask(line, a, a + size) : 0;
	struct seen *s = NULL;
	char *at;

	if (one_line) {
		s = seen_lookup(line);
		if (s && (s->bytes & mask) == mask)
			return ULOG_SEEN;
	} else if (seen_covers(a, size)) {
		return ULOG_SEEN;
	}
	if (me.used + need > me.cap)
		return ULOG_FULL;
	if (offs_n == offs_cap && !offs_grow())
		return ULOG_FULL; /* no room to remember it: PMDK logs it */
	at = entry_at(need, stage);
	entry_write(at, me.gen, a - pms_pool_base_, addr, size);
	entry_done(at, need);
	if (!one_line)
		seen_add(a, size);
	else if (s || (s = seen_insert(line)))
		s->bytes |= mask;
	else
		seen_full = 1;
	return ULOG_DONE;
}

/* ulog_log_words -- logs the n 8-byte words at addrs (in the pool, 8-byte
 * aligned) in one words entry, leaving out those logged already: ULOG_DONE,
 * ULOG_SEEN (every word was) or ULOG_FULL (nothing logged: the caller logs
 * them one by one) */
int ulog_log_words(void *const *addrs, size_t n)
{
	uint64_t offs[ULOG_WORDS_MAX], stage[ENTRY_STREAM_MAX / 8];
	size_t k = 0, need;
	char *at;

	/* The words come line by line (a value root's changed words): a line's
	 * entry in the table is looked up once for its run of words. An insert can
	 * move entries (seen_rehash): s is only kept while no insert happened. */
	uintptr_t line = 0;
	struct seen *s = NULL;

	if (n > ULOG_WORDS_MAX)
		return ULOG_FULL;
	for (size_t i = 0; i < n; i++) {
		uintptr_t a = (uintptr_t)addrs[i], l = a & ~(uintptr_t)(PMS_LINE - 1);
		uint64_t m = line_mask(l, a, a + 8);
		if (l != line)
			s = seen_lookup(line = l);
		if (a % 8 || !s || (s->bytes & m) != m) /* (only an aligned word is in one line) */
			offs[k++] = a - pms_pool_base_;
	}
	if (k == 0)
		return ULOG_SEEN;
	need = entry_words_bytes(k);
	if (me.used + need > me.cap || (offs_n == offs_cap && !offs_grow()))
		return ULOG_FULL;
	at = entry_at(need, stage);
	entry_write_words(at, me.gen, offs, k, (const unsigned char *)pms_pool_base_);
	entry_done(at, need);
	line = 0;
	for (size_t i = 0; i < k; i++) {
		uintptr_t a = pms_pool_base_ + offs[i];
		if (a % 8) { /* (not what callers pass, but remembered right) */
			seen_add(a, 8);
			line = 0;
			continue;
		}
		if ((a & ~(uintptr_t)(PMS_LINE - 1)) != line) {
			line = a & ~(uintptr_t)(PMS_LINE - 1);
			if (!(s = seen_lookup(line)) && !(s = seen_insert(line))) {
				seen_full = 1;
				break;
			}
		}
		s->bytes |= line_mask(line, a, a + 8);
	}
	return ULOG_DONE;
}

/* ulog_covers -- 1 when this thread's open transaction has logged every byte of
 * [addr, +size) already (a run's stores after the run, a field stored twice) */
int ulog_covers(const void *addr, size_t size)
{
	return seen_n > 0 && size > 0 && seen_covers((uintptr_t)addr, size);
}

/* ulog_batch_begin -- the entries logged until ulog_batch_end share one
 * write-back and one barrier. No store of the run may happen before that end:
 * a crash in between can tear any of them, and recovery stops at the first
 * torn one, which is harmless only because none of their stores happened. */
void ulog_batch_begin(void)
{
	batching = 1;
	batch_from = me.used; /* 0 outside a transaction, as ulog_begin sets it */
}

/* ulog_batching -- 1 between ulog_batch_begin and ulog_batch_end */
int ulog_batching(void)
{
	return batching;
}

/* ulog_batch_end -- the run's entries durable: 1 when there were any */
int ulog_batch_end(void)
{
	int any = me.used > batch_from;

	batching = 0;
	if (any) {
		if (batch_cached)
			flush_lines_uncharged(me.log + batch_from, me.used - batch_from);
		persist_fence_counted();
	}
	batch_cached = 0;
	return any;
}

/* ulog_logged -- 1 when this transaction has entries */
int ulog_logged(void)
{
	return me.used > 0;
}

/* ulog_flush_data -- starts the write-back of every range the transaction
 * logged (its stores are in them) */
void ulog_flush_data(void)
{
	/* Each logged line once (a header's fields are ranges of one line), from
	 * the table of logged lines while it holds them all. */
	if (!seen_full && seen_t) {
		for (uint32_t i = 0; i < seen_n; i++)
			flush_lines_uncharged((void *)seen_line(i), PMS_LINE);
		return;
	}
	for (size_t at = 0; at < me.used;) {
		struct entry_view e;
		if (!entry_read(me.log + at, me.used - at, ENTRY_V2, me.gen, pms_pool_size_, &e))
			break; /* (never: the transaction's own entries) */
		flush_lines_uncharged((void *)(pms_pool_base_ + e.off), e.size);
		at += e.bytes;
	}
}

/* ulog_gen_word -- the lane word whose store of ulog_gen() commits the log */
uint64_t *ulog_gen_word(void)
{
	return &table->lanes[me.lane].committed_gen;
}

uint64_t ulog_gen(void)
{
	return me.gen;
}

/* ulog_commit_alone -- commit point without PMDK: data (flushed by the
 * caller) ordered first, then the generation */
void ulog_commit_alone(void)
{
	uint64_t *w = ulog_gen_word();

	persist_fence_counted();
	if (me.used == 0)
		return;
	*w = me.gen;
	flush_lines_uncharged(w, sizeof(*w));
	persist_fence_counted();
}

/* ulog_end -- the transaction is over (committed in PMDK or alone) */
void ulog_end(void)
{
	me.used = 0;
	offs_n = 0;
	seen_clear();
}

/* restore -- the old bytes of [off, +size) back in the pool, written back */
static void restore(uint64_t off, const void *old, size_t size)
{
	memcpy((void *)(pms_pool_base_ + off), old, size);
	flush_lines_uncharged((void *)(pms_pool_base_ + off), size);
}

/* replay -- writes back the old bytes of the entries (of format f) at
 * offs[0..n) of log, newest first, and retires generation gen */
static void replay(struct undo_lane *l, const char *log, enum entry_format f,
		const size_t *offs, size_t n, uint64_t gen)
{
	if (n == 0)
		return; /* nothing of gen: the next transaction reuses it */
	while (n > 0) {
		struct entry_view e;
		size_t at = offs[--n];
		if (!entry_read(log + at, l->log_size - at, f, gen, pms_pool_size_, &e))
			continue; /* (never: read valid before) */
		for (uint64_t w = 0; w < e.words; w++) {
			uint64_t off;
			memcpy(&off, e.data + 16 * w, 8);
			restore(off, e.data + 16 * w + 8, 8);
		}
		if (!e.words)
			restore(e.off, e.data, e.size);
	}
	persist_fence_counted();
	l->committed_gen = gen;
	flush_lines_uncharged(&l->committed_gen, sizeof(l->committed_gen));
	persist_fence_counted();
}

/* recover_lane -- after a crash: the valid entries of the lane's next
 * generation (checked from the start, the first bad one ends the log; a torn
 * last entry fails its checksum) replayed; -1 when there is no memory to
 * list them, before anything is written */
static int recover_lane(struct undo_lane *l, int i, enum entry_format f)
{
	const char *log = (const char *)(pms_pool_base_ + l->log_off);
	uint64_t gen = l->committed_gen + 1;
	size_t n = 0, cap = 0, at = 0, *offs = NULL;
	struct entry_view e;

	while (at < l->log_size &&
			entry_read(log + at, l->log_size - at, f, gen, pms_pool_size_, &e)) {
		if (n == cap) {
			size_t *v = realloc(offs, (cap = cap ? 2 * cap : 64) * sizeof(*offs));
			if (!v) {
				free(offs);
				return err_set(ENOMEM, "pool '%s': out of memory recovering "
					"undo lane %d", pool_cur->path, i);
			}
			offs = v;
		}
		offs[n++] = at;
		at += e.bytes;
	}
	replay(l, log, f, offs, n, gen);
	free(offs);
	return 0;
}

/* ulog_rollback -- an abort: this transaction's stores undone in memory */
void ulog_rollback(void)
{
	if (me.lane >= 0)
		replay(&table->lanes[me.lane], me.log, ENTRY_V2, offs_v, offs_n, me.gen);
	ulog_end();
}

/* ulog_open -- at pool open: finds or makes the lane table, replays what a
 * crash left (PMDK has recovered its own log by now) */
int ulog_open(void)
{
	struct pool_header *h = pool_cur->hdr;
	const char *e = getenv("PMS_UNDO");
	PMEMoid oid;

	ulog_pool_epoch++;
	lanes_taken = 0;
	table = NULL;
	if (h->undo_table) {
		enum entry_format f;
		table = (struct undo_table *)(pms_pool_base_ + h->undo_table);
		if (h->undo_table + sizeof(*table) > pms_pool_size_ ||
				(table->magic != UNDO_TABLE_MAGIC &&
				 table->magic != UNDO_TABLE_MAGIC_V2 &&
				 table->magic != UNDO_TABLE_MAGIC_V1))
			return err_set(EPROTO, "pool '%s': the undo-log table is "
				"damaged", pool_cur->path);
		f = table->magic == UNDO_TABLE_MAGIC_V1 ? ENTRY_V1 : ENTRY_V2;
		for (int i = 0; i < UNDO_LANES; i++) {
			struct undo_lane *l = &table->lanes[i];
			if (!l->log_off)
				continue;
			if (l->log_off + l->log_size > pms_pool_size_)
				return err_set(EPROTO, "pool '%s': undo lane %d is "
					"out of range", pool_cur->path, i);
			if (recover_lane(l, i, f) != 0)
				return -1;
		}
		/* An older runtime's log, recovered: no entry of it is live any
		 * more, and the next ones are written in the new format. */
		if (table->magic != UNDO_TABLE_MAGIC) {
			table->magic = UNDO_TABLE_MAGIC;
			pool_persist(pool_cur->pop, &table->magic, sizeof(table->magic));
		}
	}
	/* PMS_UNDO=pmdk: PMDK's log for every range, for comparison. Pools
	 * under UNDO_POOL_MIN keep PMDK's log: their heap has no room to spare. */
	ulog_on_ = pms_pool_size_ >= UNDO_POOL_MIN &&
		!(e && strcmp(e, "pmdk") == 0);
	if (!ulog_on_ || table)
		return 0;
	if (!pool_pmdk())
		return -1;
	if (pmdk.xalloc(pool_cur->pop, &oid, sizeof(*table), UNDO_TABLE_TYPE,
			POBJ_XALLOC_ZERO, NULL, NULL) != 0)
		return err_pmdk(errno, "cannot allocate the undo-log table");
	table = (struct undo_table *)(pms_pool_base_ + oid.off);
	table->magic = UNDO_TABLE_MAGIC;
	pool_persist(pool_cur->pop, &table->magic, sizeof(table->magic));
	h->undo_table = oid.off;
	pool_persist(pool_cur->pop, &h->undo_table, sizeof(h->undo_table));
	return 0;
}

/* ulog_close -- the pool is going away */
void ulog_close(void)
{
	table = NULL;
	ulog_on_ = 0;
	ulog_pool_epoch++;
}
