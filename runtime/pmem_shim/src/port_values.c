/*
 * port_values.c -- value roots of the port API: globals whose bytes are
 * persistent state (a hash seed, arrays of list heads), copied into the pool
 * when an operation changed them and back at a warm start.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "pmem_shim/port.h"
#include "port_internal.h"

/*
 * Value roots: globals whose bytes are persistent state (a hash seed, arrays of list heads).
 * Registered before main by constructors the rewriter adds; saved into a pool copy when the cold
 * load completes and whenever an operation changed them; copied back at a warm pms_port_open.
 */
#define PORT_VALUE_PREFIX "pms.v."
#define PORT_MAX_VALUES 32

struct port_value {
	char root[PMS_ROOT_NAME_MAX + 1];
	void *addr;
	size_t size;
	void *copy; /* the pool copy, once there is one */
	int tracked; /* its stores say what they change (pms_value_touch) */
	/* Lines some thread stored into outside an operation, one bit a line (NULL
	 * until the first such store): each is listed in outside_v once. */
	uint64_t *outside;
};

static struct port_value port_values[PORT_MAX_VALUES];
static int port_nvalues;
/* Where each root lives, apart from the rest: the searches below read 16
 * bytes a root instead of a whole struct port_value. */
static struct value_span { uintptr_t addr; size_t size; } value_spans[PORT_MAX_VALUES];
/* The roots by address (roots do not overlap), for a binary search: a store
 * outside an operation, and an operation's end, find the roots of a line.
 * Sorted at pms_port_open, when the constructors have registered every root. */
static int value_sorted[PORT_MAX_VALUES];
static int value_nsorted;
static char port_tracked[PORT_MAX_VALUES][PMS_ROOT_NAME_MAX + 1];
static int port_ntracked;
/* Roots some file said escape there (pms_port_value_untracked): never tracked. With more of
 * them than fit, none is tracked. */
static char port_untracked[PORT_MAX_VALUES][PMS_ROOT_NAME_MAX + 1];
static int port_nuntracked, port_untracked_lost;

/* Cache lines of the tracked roots' span (pms_values_base_ .. + size, from
 * its first line) that this thread's stores changed since its last operation
 * end: one bit a line, and the list of the bitmap's words with a bit, so that
 * an operation's end visits those only. A store sets a bit and finds no root:
 * the roots of a line are looked up at the end, once a line, not once a store
 * (the binary search at every store was a fifth of the LRU maintainer's
 * instructions under callgrind; bench/move-instructions.sh counts a move).
 * Bits of untracked roots and of other globals in the span are ignored. */
uintptr_t pms_values_line0_;
uintptr_t pms_values_lines_;
__thread uint64_t *pms_touch_map_; /* touched_bits while a store may mark it inline (port.h) */
/* A span wider than this (roots in different mappings) is not tracked: every
 * root is compared whole at each operation's end instead (correct, slower). */
#define VALUE_SPAN_MAX_LINES ((size_t)1 << 22)
static __thread uint64_t *touched_bits; /* on the heap; then the word list */
static __thread uint32_t *touched_words;
static __thread size_t touched_nwords;
static __thread int touched_all; /* no memory for the bits: compare them whole */
/* The roots an operation's end compares whole (untracked at pms_port_open), so
 * that it need not look at every root; values_irregular: since then a root
 * lost its tracking, and every root is looked at again. */
static int value_untracked[PORT_MAX_VALUES], value_nuntracked;
static int values_irregular;
/* The lines of tracked roots stored into outside operations (a root's `outside` bits tell
 * which are listed): every operation's end compares these, and only these, from then on
 * (memcached counts its connections in stats_state outside any operation; walking every
 * root's bits at each end cost more than the end's logging). An entry is written before
 * the store it stands for; an operation's end skips one still being written, whose store
 * has not happened yet. */
#define OUTSIDE_MAX 1024
static struct outside_line { uint32_t root, line_plus1; } outside_v[OUTSIDE_MAX];
static uint32_t outside_n; /* entries taken, up to OUTSIDE_MAX + the threads that overflowed */

/* pms_port_value -- registers a value root */
void pms_port_value(const char *name, void *addr, size_t size)
{
	struct port_value *v;

	if (port_nvalues == PORT_MAX_VALUES)
		port_exit("pms_port_value: more than %d value roots", PORT_MAX_VALUES);
	if (strlen(name) + strlen(PORT_VALUE_PREFIX) > PMS_ROOT_NAME_MAX)
		port_exit("pms_port_value: name '%s' is too long", name);
	v = &port_values[port_nvalues++];
	snprintf(v->root, sizeof(v->root), PORT_VALUE_PREFIX "%s", name);
	v->addr = addr;
	v->size = size;
	value_spans[v - port_values] = (struct value_span){ (uintptr_t)addr, size };
}

/* pms_port_value_tracked -- the rewriter marked every store into this root */
void pms_port_value_tracked(const char *name)
{
	if (port_ntracked < PORT_MAX_VALUES)
		snprintf(port_tracked[port_ntracked++], PMS_ROOT_NAME_MAX + 1, "%s", name);
}

/* pms_port_value_untracked -- some file lets this root's address escape */
void pms_port_value_untracked(const char *name)
{
	for (int i = 0; i < port_nuntracked; i++)
		if (strcmp(port_untracked[i], name) == 0)
			return;
	if (port_nuntracked < PORT_MAX_VALUES)
		snprintf(port_untracked[port_nuntracked++], PMS_ROOT_NAME_MAX + 1, "%s", name);
	else
		port_untracked_lost = 1;
}

/* value_escapes -- a file said root name escapes (or too many did to know) */
static int value_escapes(const char *name)
{
	if (port_untracked_lost)
		return 1;
	for (int i = 0; i < port_nuntracked; i++)
		if (strcmp(port_untracked[i], name) == 0)
			return 1;
	return 0;
}

uintptr_t pms_values_base_;
uintptr_t pms_values_size_;

/* values_resolve_tracked -- which registered roots were marked (constructors
 * of different files run in no set order, so this waits for pms_port_open),
 * and the span of them PMS_LOGGED hands to pms_value_touch */
void values_resolve_tracked(void)
{
	uintptr_t lo = UINTPTR_MAX, hi = 0, line0;

	for (int i = 0; i < port_nvalues; i++)
		for (int j = 0; j < port_ntracked; j++)
			if (strcmp(port_values[i].root + strlen(PORT_VALUE_PREFIX), port_tracked[j]) == 0)
				port_values[i].tracked =
					!value_escapes(port_values[i].root + strlen(PORT_VALUE_PREFIX));
	for (int i = 0; i < port_nvalues; i++) { /* insertion sort: a few dozen roots */
		int j = i;
		for (; j > 0 && value_spans[value_sorted[j - 1]].addr > value_spans[i].addr; j--)
			value_sorted[j] = value_sorted[j - 1];
		value_sorted[j] = i;
	}
	value_nsorted = port_nvalues;
	for (int i = 0; i < port_nvalues; i++) {
		uintptr_t a = (uintptr_t)port_values[i].addr;
		if (!port_values[i].tracked)
			continue;
		lo = a < lo ? a : lo;
		hi = a + port_values[i].size > hi ? a + port_values[i].size : hi;
	}
	line0 = lo & ~(uintptr_t)(PMS_LINE - 1);
	if (hi > lo && (hi - line0 + PMS_LINE - 1) / PMS_LINE > VALUE_SPAN_MAX_LINES) {
		for (int i = 0; i < port_nvalues; i++)
			port_values[i].tracked = 0;
	} else if (hi > lo) {
		pms_values_line0_ = line0;
		pms_values_lines_ = (hi - line0 + PMS_LINE - 1) / PMS_LINE;
		pms_values_base_ = lo;
		pms_values_size_ = hi - lo;
	}
	value_nuntracked = 0;
	for (int i = 0; i < port_nvalues; i++)
		if (!port_values[i].tracked)
			value_untracked[value_nuntracked++] = i;
}

/* values_mark_outside -- a store outside any operation goes to lines [lo, hi)
 * of v: compared at every operation's end from now on (a crawler thread's
 * statistics; before, the whole root went back to comparison) */
static void values_mark_outside(struct port_value *v, size_t lo, size_t hi)
{
	uint64_t *bits = __atomic_load_n(&v->outside, __ATOMIC_ACQUIRE);

	if (!bits) {
		uint64_t *fresh = calloc((v->size / PMS_LINE + 64) / 64, sizeof(*fresh));
		uint64_t *none = NULL;
		if (!fresh) {
			__atomic_store_n(&v->tracked, 0, __ATOMIC_RELAXED); /* compare it whole */
			__atomic_store_n(&values_irregular, 1, __ATOMIC_RELEASE);
			return;
		}
		if (!__atomic_compare_exchange_n(&v->outside, &none, fresh, 0, __ATOMIC_ACQ_REL,
				__ATOMIC_ACQUIRE)) {
			free(fresh);
			bits = none;
		} else {
			bits = fresh;
		}
	}
	for (size_t line = lo / PMS_LINE; line * PMS_LINE < hi; line++) {
		uint64_t bit = (uint64_t)1 << (line % 64);
		uint32_t i;
		if (__atomic_load_n(&bits[line / 64], __ATOMIC_RELAXED) & bit ||
				__atomic_fetch_or(&bits[line / 64], bit, __ATOMIC_ACQ_REL) & bit)
			continue; /* listed already */
		i = __atomic_fetch_add(&outside_n, 1, __ATOMIC_ACQ_REL);
		if (i >= OUTSIDE_MAX) { /* too many lines to list: compare the root whole */
			__atomic_store_n(&v->tracked, 0, __ATOMIC_RELAXED);
			__atomic_store_n(&values_irregular, 1, __ATOMIC_RELEASE);
			break;
		}
		outside_v[i].root = (uint32_t)(v - port_values);
		__atomic_store_n(&outside_v[i].line_plus1, (uint32_t)line + 1, __ATOMIC_RELEASE);
	}
}

/* value_find -- the root holding address a, or port_nvalues */
static int value_find(uintptr_t a)
{
	int lo = 0, hi = value_nsorted;

	if (value_nsorted != port_nvalues) { /* a root registered after the open */
		for (int i = 0; i < port_nvalues; i++)
			if (a - value_spans[i].addr < value_spans[i].size)
				return i;
		return port_nvalues;
	}
	while (lo < hi) { /* the last root starting at or below a */
		int mid = (lo + hi) / 2;
		if (value_spans[value_sorted[mid]].addr <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (int k = lo - 1; k >= 0; k--) { /* roots do not overlap; empty ones may share an address */
		const struct value_span *v = &value_spans[value_sorted[k]];
		if (a - v->addr < v->size)
			return value_sorted[k];
		if (v->size)
			break;
	}
	return port_nvalues;
}

/* value_touch_outside -- a store into [a, +size) of the span outside any
 * operation: marked in its root, if that root is tracked */
__attribute__((noinline, cold)) static void value_touch_outside(uintptr_t a, size_t size)
{
	int i = value_find(a);
	struct port_value *v;
	size_t lo, hi;

	if (i == port_nvalues || !__atomic_load_n(&port_values[i].tracked, __ATOMIC_RELAXED))
		return;
	v = &port_values[i];
	lo = (a - (uintptr_t)v->addr) & ~(size_t)(PMS_LINE - 1);
	hi = a - (uintptr_t)v->addr + size;
	values_mark_outside(v, lo, hi > v->size ? v->size : hi);
}

/* touched_alloc -- this thread's bitmap and word list */
__attribute__((noinline, cold)) static int touched_alloc(void)
{
	size_t words = (pms_values_lines_ + 63) / 64;

	touched_bits = calloc(words, sizeof(uint64_t) + sizeof(uint32_t));
	if (touched_bits)
		touched_words = (uint32_t *)(touched_bits + words);
	return touched_bits != NULL;
}

/* pms_value_touch -- a store into [addr, +size) follows: remembered when it
 * lands in the tracked roots' span */
void *pms_value_touch(void *addr, size_t size)
{
	uintptr_t a = (uintptr_t)addr;
	size_t first, last;

	if (a - pms_values_base_ >= pms_values_size_ || size == 0 || port_loading)
		return addr;
	if (!port_in_op) {
		value_touch_outside(a, size);
		return addr;
	}
	if (!touched_bits && !touched_alloc()) {
		touched_all = 1;
		return addr;
	}
	first = (a - pms_values_line0_) / PMS_LINE;
	last = (a + size - 1 - pms_values_line0_) / PMS_LINE;
	if (last >= pms_values_lines_)
		last = pms_values_lines_ - 1;
	for (size_t l = first; l <= last; l++) {
		uint64_t *w = &touched_bits[l / 64];
		if (!*w)
			touched_words[touched_nwords++] = (uint32_t)(l / 64);
		*w |= 1ULL << (l % 64);
	}
	pms_touch_map_ = touched_bits; /* until the operation ends (pms_op_end) */
	return addr;
}

/* pms_value_memset -- memset marked like PMS_VALUE_STORE (and logged in the pool) */
void *pms_value_memset(void *dst, int c, size_t n)
{
	return pms_tx_memset(pms_value_touch(dst, n), c, n);
}

void *pms_value_memcpy(void *dst, const void *src, size_t n)
{
	return pms_port_memcpy(pms_value_touch(dst, n), src, n);
}

void *pms_value_memmove(void *dst, const void *src, size_t n)
{
	return pms_tx_memmove(pms_value_touch(dst, n), src, n);
}

/* values_restore -- warm start: the globals take their saved bytes */
void values_restore(void)
{
	for (int i = 0; i < port_nvalues; i++) {
		struct port_value *v = &port_values[i];
		v->copy = pms_root_get(v->root);
		if (!v->copy)
			continue; /* registered after the pool was loaded: keeps its own value */
		if (pms_malloc_usable_size(v->copy) < v->size)
			port_exit("value root '%s' has %zu bytes in the pool, the program "
				"has %zu: was it rebuilt with another layout?", v->root + 6,
				pms_malloc_usable_size(v->copy), v->size);
		memcpy(v->addr, v->copy, v->size);
	}
}

/* values_save -- inside the loading transaction: first pool copies of every value */
int values_save(void)
{
	for (int i = 0; i < port_nvalues; i++) {
		struct port_value *v = &port_values[i];
		if (!v->copy && !(v->copy = pms_malloc(v->size)))
			return -1;
		if (pms_tx_add_range(v->copy, v->size) != 0)
			return -1;
		memcpy(v->copy, v->addr, v->size);
		if (pms_root_set(v->root, v->copy) != 0)
			return -1;
	}
	return 0;
}

/* The ranges an operation's end logged and has yet to copy: all of them are
 * logged as one run (one write-back, one barrier) before any is copied. */
#define SYNC_PENDING 32
struct sync_pending {
	struct port_value *v;
	size_t lo, hi;
};
/* On the heap: static TLS is scarce for a runtime that may be dlopen()ed. */
static __thread struct sync_pending *pending;
static __thread unsigned pending_n;

/* The whole words of an operation's value changes, logged as one entry at its
 * end (a set in memcached changes about ten: sizes, heads, tails, slabclass,
 * cas_id; ten entries were a third of its log) */
static __thread void **words_v; /* ULOG_WORDS_MAX, on the heap */
static __thread size_t words_n;

/* values_log_words -- logs the words gathered so far */
static void values_log_words(void)
{
	if (words_n && tx_add_words(words_v, words_n) != 0)
		port_abort("value roots: %s", pms_errormsg());
	words_n = 0;
}

/* values_copy_pending -- ends the run of logged ranges, then copies them */
static void values_copy_pending(void)
{
	values_log_words();
	if (ulog_batch_end() && pms_lat_active_)
		lat_barrier();
	for (unsigned i = 0; i < pending_n; i++) {
		struct sync_pending *p = &pending[i];
		memcpy((char *)p->v->copy + p->lo, (char *)p->v->addr + p->lo, p->hi - p->lo);
	}
	pending_n = 0;
}

/* values_log_bytes -- logs bytes [lo, hi) of a value root's pool copy, to be
 * copied by values_copy_pending */
static void values_log_bytes(struct port_value *v, size_t lo, size_t hi)
{
	if (!pending && !(pending = malloc(SYNC_PENDING * sizeof(*pending))))
		port_abort("value root '%s': out of memory", v->root + 6);
	if (pending_n == SYNC_PENDING) {
		values_copy_pending();
		ulog_batch_begin();
	}
	if (((uintptr_t)v->copy + lo) % 8 == 0 && (hi - lo) % 8 == 0 && hi - lo <= 32 &&
			(words_v || (words_v = malloc(ULOG_WORDS_MAX * sizeof(*words_v))))) {
		for (size_t w = lo; w < hi; w += 8) {
			if (words_n == ULOG_WORDS_MAX)
				values_log_words();
			words_v[words_n++] = (char *)v->copy + w;
		}
	} else if (tx_add_exact((char *)v->copy + lo, hi - lo) != 0) {
		port_abort("value root '%s': %s", v->root + 6, pms_errormsg());
	}
	pending[pending_n++] = (struct sync_pending){ v, lo, hi };
}

/* Words closer than this are logged as one range: an entry's header costs as
 * much as the bytes between them. */
#define SYNC_GAP 32

/* values_sync_range -- logs the bytes of lines [lo, hi) of a value root that
 * differ from its pool copy, word by word (an operation changes a counter or a
 * list head of a line: an entry of 8 bytes, not of the line's 64) */
static void values_sync_range(struct port_value *v, size_t lo, size_t hi)
{
	const char *copy = v->copy, *cur = v->addr;
	size_t from = 0, to = 0; /* the open run of differing bytes, if to > from */

	for (size_t off = lo; off < hi; off += 8) {
		size_t n = hi - off < 8 ? hi - off : 8;
		if (n == 8) {
			uint64_t x, y;
			memcpy(&x, copy + off, 8);
			memcpy(&y, cur + off, 8);
			if (x == y)
				continue;
		} else if (memcmp(copy + off, cur + off, n) == 0) {
			continue;
		}
		if (to > from && off - to >= SYNC_GAP) {
			values_log_bytes(v, from, to);
			from = to;
		}
		if (to <= from)
			from = off;
		to = off + n;
	}
	if (to > from)
		values_log_bytes(v, from, to);
}

/* values_sync_span -- copies the lines of [from, to) that differ (runs of
 * them as one logged range) */
static void values_sync_span(struct port_value *v, size_t from, size_t to)
{
	size_t run = 0, off;
	int in_run = 0;

	for (off = from; off < to; off += PMS_LINE) {
		size_t n = to - off < PMS_LINE ? to - off : PMS_LINE;
		int differs = memcmp((char *)v->copy + off, (char *)v->addr + off, n) != 0;
		if (differs && !in_run)
			run = off;
		else if (!differs && in_run)
			values_sync_range(v, run, off);
		in_run = differs;
	}
	if (in_run)
		values_sync_range(v, run, to);
}

/* values_sync_changed -- values_sync_span after one compare of the whole span */
static void values_sync_changed(struct port_value *v, size_t from, size_t to)
{
	if (memcmp((char *)v->copy + from, (char *)v->addr + from, to - from) != 0)
		values_sync_span(v, from, to);
}

/* values_sync_lines -- syncs the tracked roots' bytes in span lines
 * [from, to), root by root */
static void values_sync_lines(size_t from, size_t to)
{
	uintptr_t lo = pms_values_line0_ + from * PMS_LINE, hi = pms_values_line0_ + to * PMS_LINE;
	int k = 0, n = value_nsorted;

	while (k < n) { /* the first root ending after lo (ends ascend too) */
		int mid = (k + n) / 2;
		const struct value_span *s = &value_spans[value_sorted[mid]];
		if (s->addr + s->size <= lo)
			k = mid + 1;
		else
			n = mid;
	}
	for (; k < value_nsorted; k++) {
		struct port_value *v = &port_values[value_sorted[k]];
		uintptr_t a = (uintptr_t)v->addr, b = a + v->size;
		if (a >= hi)
			break;
		/* untracked roots (some lie in the span) were compared whole; a touched
		 * line has changed more often than not: compared word by word at once */
		if (__atomic_load_n(&v->tracked, __ATOMIC_RELAXED) && v->copy && b > a)
			values_sync_range(v, (lo > a ? lo : a) - a, (hi < b ? hi : b) - a);
	}
}

/* values_sync_touched -- the runs of set bits of this thread's touched words,
 * each synced as a span; the bits are cleared */
static void values_sync_touched(void)
{
	for (size_t k = 0; k < touched_nwords; k++) {
		size_t w = touched_words[k];
		uint64_t word = touched_bits[w];
		touched_bits[w] = 0;
		while (word) {
			int b = __builtin_ctzll(word);
			uint64_t rest = ~(word >> b); /* the run of ones from bit b */
			int run = rest ? __builtin_ctzll(rest) : 64 - b;
			values_sync_lines(w * 64 + b, w * 64 + b + run);
			word &= run + b == 64 ? 0 : ~0ULL << (b + run);
		}
	}
	touched_nwords = 0;
}

/* touched_all_of -- 1 when this thread's stores touched every span line of [a, a + n) */
static int touched_all_of(uintptr_t a, size_t n)
{
	if (!touched_bits || n == 0)
		return 0;
	for (size_t l = (a - pms_values_line0_) / PMS_LINE;
			l <= (a + n - 1 - pms_values_line0_) / PMS_LINE; l++)
		if (l >= pms_values_lines_ || !(touched_bits[l / 64] >> (l % 64) & 1))
			return 0;
	return 1;
}

/* listed_line -- entry i of the list as its root and that root's bytes [*lo, *hi): 0 while
 * it is still being written (its store has not happened yet), or when the root has no pool
 * copy or is compared whole */
static int listed_line(uint32_t i, struct port_value **v, size_t *lo, size_t *hi)
{
	uint32_t lp = __atomic_load_n(&outside_v[i].line_plus1, __ATOMIC_ACQUIRE);

	*v = &port_values[outside_v[i].root];
	if (lp == 0 || !(*v)->copy || !__atomic_load_n(&(*v)->tracked, __ATOMIC_RELAXED))
		return 0;
	*lo = (size_t)(lp - 1) * PMS_LINE;
	*hi = *lo + PMS_LINE < (*v)->size ? *lo + PMS_LINE : (*v)->size;
	return 1;
}

/* listed_count -- how many entries of the list are taken */
static uint32_t listed_count(void)
{
	uint32_t n = __atomic_load_n(&outside_n, __ATOMIC_ACQUIRE);

	return n < OUTSIDE_MAX ? n : OUTSIDE_MAX;
}

/* values_sync_listed -- the listed lines stored into outside operations (outside_v), but
 * those this thread's stores touched: values_sync_touched compares them after (once) */
static void values_sync_listed(void)
{
	struct port_value *v;
	size_t lo, hi;

	for (uint32_t i = 0, n = listed_count(); i < n; i++)
		if (listed_line(i, &v, &lo, &hi) && !touched_all_of((uintptr_t)v->addr + lo, hi - lo))
			values_sync_changed(v, lo, hi);
}

/* values_listed_differ -- 1 when a listed line differs from its pool copy */
static int values_listed_differ(void)
{
	struct port_value *v;
	size_t lo, hi;

	for (uint32_t i = 0, n = listed_count(); i < n; i++)
		if (listed_line(i, &v, &lo, &hi) &&
				memcmp((const char *)v->copy + lo, (const char *)v->addr + lo, hi - lo) != 0)
			return 1;
	return 0;
}

/* values_sync -- before an operation commits: copies the values it changed,
 * only the cache lines that differ: an operation changes one list head of an
 * array of hundreds. A tracked root is looked at only where this thread's
 * stores went; the others are compared whole. */
void values_sync(void)
{
	/* every root tracked and no line touched: an operation that changed no root (a get's
	 * release in memcached) costs a few loads */
	if (!touched_all && touched_nwords == 0 && value_nuntracked == 0 &&
			value_nsorted == port_nvalues &&
			!__atomic_load_n(&values_irregular, __ATOMIC_ACQUIRE) &&
			!values_listed_differ())
		return;
	ulog_batch_begin();
	if (touched_all || value_nsorted != port_nvalues ||
			__atomic_load_n(&values_irregular, __ATOMIC_ACQUIRE)) {
		for (int i = 0; i < port_nvalues; i++) {
			struct port_value *v = &port_values[i];
			if (!v->copy)
				continue;
			if (!__atomic_load_n(&v->tracked, __ATOMIC_RELAXED) || touched_all)
				values_sync_changed(v, 0, v->size);
		}
	} else {
		for (int k = 0; k < value_nuntracked; k++) {
			struct port_value *v = &port_values[value_untracked[k]];
			if (v->copy)
				values_sync_changed(v, 0, v->size);
		}
	}
	if (!touched_all) /* (else every root was compared whole) */
		values_sync_listed();
	if (touched_bits)
		values_sync_touched();
	values_copy_pending();
	touched_all = 0;
}
