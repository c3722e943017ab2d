/*
 * flush.c -- cache-line write-back and persist barriers with the best
 * instruction the CPU offers, chosen once by CPUID; no write-back at all on a
 * platform whose caches are persistent (eADR), where only the fences remain.
 */
#include <cpuid.h>
#include <errno.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"
#include "port_internal.h"

enum flush_kind { FLUSH_NONE, FLUSH_CLFLUSH, FLUSH_CLFLUSHOPT, FLUSH_CLWB };

static const char *const flush_names[] = { "none", "clflush", "clflushopt", "clwb" };
static enum flush_kind flush_kind = FLUSH_CLFLUSH;

/* caches_are_persistent -- whether every NVDIMM region of the machine says its
 * persistence domain is the CPU cache (eADR: the platform writes the caches back
 * on power loss), the sysfs test libpmem's pmem_has_auto_flush makes; 0 on a
 * machine without regions */
static int caches_are_persistent(void)
{
	glob_t g;
	size_t i, yes = 0;

	if (glob("/sys/bus/nd/devices/region*/persistence_domain", 0, NULL, &g) != 0)
		return 0;
	for (i = 0; i < g.gl_pathc; i++) {
		char buf[32] = "";
		FILE *f = fopen(g.gl_pathv[i], "r");

		if (f && fgets(buf, sizeof(buf), f) && strncmp(buf, "cpu_cache", 9) == 0)
			yes++;
		if (f)
			fclose(f);
	}
	i = g.gl_pathc;
	globfree(&g);
	return i > 0 && yes == i;
}

/* flush_detect -- best supported instruction; none where the caches are in the
 * persistence domain, and as PMS_FLUSH or PMDK's PMEM_NO_FLUSH ask */
static enum flush_kind flush_detect(void)
{
	unsigned a, b, c, d;
	enum flush_kind k = FLUSH_CLFLUSH;
	const char *force = getenv("PMS_FLUSH");
	const char *no_flush = getenv("PMEM_NO_FLUSH");

	if (__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
		if (b & (1u << 24))
			k = FLUSH_CLWB;
		else if (b & (1u << 23))
			k = FLUSH_CLFLUSHOPT;
	}
	if (force && *force) {
		if (strcmp(force, "none") == 0)
			return FLUSH_NONE;
		if (strcmp(force, "clflush") == 0)
			return FLUSH_CLFLUSH;
		if (strcmp(force, "clflushopt") == 0 && k >= FLUSH_CLFLUSHOPT)
			return FLUSH_CLFLUSHOPT;
		if (strcmp(force, "clwb") != 0 && strcmp(force, "clflushopt") != 0)
			fprintf(stderr, "pmem_shim: PMS_FLUSH='%s' is not none, clflush, "
				"clflushopt or clwb; using %s\n", force, flush_names[k]);
		return k;
	}
	/* PMDK's own switch, so that one variable sets the pool's PMDK part and ours */
	if (no_flush && strcmp(no_flush, "1") == 0)
		return FLUSH_NONE;
	if (no_flush && strcmp(no_flush, "0") == 0)
		return k;
	return caches_are_persistent() ? FLUSH_NONE : k;
}

/* PMS_STREAM=0: undo-log entries go through the cache and are written back like
 * any other line (to measure what streaming them buys) */
static int flush_stream_off;

/* flush_init -- runs before main */
__attribute__((constructor)) static void flush_init(void)
{
	const char *stream = getenv("PMS_STREAM");

	flush_kind = flush_detect();
	flush_stream_off = stream && strcmp(stream, "0") == 0;
	if (stream && *stream && !flush_stream_off && strcmp(stream, "1") != 0)
		fprintf(stderr, "pmem_shim: PMS_STREAM='%s' is not 0 or 1; streaming "
			"undo-log entries\n", stream);
}

/* pms_flush_insn -- name of the instruction in use */
const char *pms_flush_insn(void)
{
	return flush_names[flush_kind];
}

/* A pool on a file system without DAX: a line's write-back does not reach the
 * file, an msync of its page does. Write-backs into such a pool are gathered
 * per thread and msync'd at its next fence (persist_fence): the order pmem has
 * (nothing stored after a fence is durable before what was written back before
 * it), by pages. The page cache may write any dirty page back earlier, as a
 * cache may evict a line: the protocols above never rely on it not doing so. */
int flush_msync_;
#define SYNC_RANGES 32
struct sync_range { uintptr_t lo, hi; };
static __thread struct sync_range *sync_v; /* SYNC_RANGES, on the heap: static TLS is scarce */
static __thread unsigned sync_n;

/* sync_drain -- msyncs this thread's gathered pages */
static void sync_drain(void)
{
	for (unsigned i = 0; i < sync_n; i++)
		if (msync((void *)sync_v[i].lo, sync_v[i].hi - sync_v[i].lo, MS_SYNC) != 0 &&
				errno != ENOMEM) /* unmapped since: nothing left to sync */
			port_abort("msync of the pool failed: %s", strerror(errno));
	sync_n = 0;
}

/* sync_note -- pages [addr, +len) to msync at this thread's next fence */
static void sync_note(const void *addr, size_t len)
{
	static uintptr_t page;
	uintptr_t lo, hi;

	if (!page)
		page = (uintptr_t)sysconf(_SC_PAGESIZE);
	lo = (uintptr_t)addr & ~(page - 1);
	hi = ((uintptr_t)addr + len + page - 1) & ~(page - 1);
	for (unsigned i = sync_n; i > 0 && i + 4 > sync_n; i--)
		if (lo <= sync_v[i - 1].hi && hi >= sync_v[i - 1].lo) {
			sync_v[i - 1].lo = lo < sync_v[i - 1].lo ? lo : sync_v[i - 1].lo;
			sync_v[i - 1].hi = hi > sync_v[i - 1].hi ? hi : sync_v[i - 1].hi;
			return;
		}
	if (!sync_v && !(sync_v = malloc(SYNC_RANGES * sizeof(*sync_v)))) {
		if (msync((void *)lo, hi - lo, MS_SYNC) != 0) /* now: never wrong */
			port_abort("msync of the pool failed: %s", strerror(errno));
		return;
	}
	if (sync_n == SYNC_RANGES)
		sync_drain(); /* earlier than asked: never wrong */
	sync_v[sync_n].lo = lo;
	sync_v[sync_n++].hi = hi;
}

/* persist_fence -- the barrier after write-backs: sfence, and on a pool
 * without DAX the msync of what this thread wrote back (not counted here) */
void persist_fence(void)
{
	__asm__ volatile("sfence" ::: "memory");
	if (sync_n)
		sync_drain();
}

/* persist_fence_counted -- persist_fence, counted as a barrier and a fence
 * and never charged by the latency model: the runtime's own barrier after its
 * uncharged write-backs (undo-log entries, metadata) */
void persist_fence_counted(void)
{
	persist_fence();
	stats_mine()->barriers++;
	stats_tls.x.fences++;
}

/* flush_lines_uncharged -- starts the write-back of every cache line of
 * [addr, addr+len) with the CPU's instruction (on a pool without DAX: notes
 * its pages for the next fence's msync); counted, not charged by the latency
 * model; returns the lines */
size_t flush_lines_uncharged(const void *addr, size_t len)
{
	uintptr_t p, end;
	size_t lines;

	if (len == 0)
		return 0;
	p = (uintptr_t)addr & ~(uintptr_t)(PMS_LINE - 1);
	end = (uintptr_t)addr + len;
	lines = (end - p + PMS_LINE - 1) / PMS_LINE;
	if (flush_msync_ && pms_is_persistent(addr))
		sync_note(addr, len);
	else if (flush_kind == FLUSH_NONE)
		return 0;
	else switch (flush_kind) {
	case FLUSH_CLWB:
		for (; p < end; p += PMS_LINE)
			__asm__ volatile("clwb %0" : "+m"(*(volatile char *)p));
		break;
	case FLUSH_CLFLUSHOPT:
		for (; p < end; p += PMS_LINE)
			__asm__ volatile("clflushopt %0"
				: "+m"(*(volatile char *)p));
		break;
	default:
		for (; p < end; p += PMS_LINE)
			__asm__ volatile("clflush %0" : "+m"(*(volatile char *)p));
		break;
	}
	stats_mine()->flushes += lines;
	stats_tls.x.writebacks += lines;
	if (wear_counts_)
		wear_note(addr, len);
	return lines;
}

/* flush_streams -- 1 when data bound for the pool may go there by non-temporal
 * stores: the CPU writes lines back by instruction (not eADR, where cached
 * stores are durable as they are, nor a pool without DAX, whose pages msync) */
int flush_streams(void)
{
	return flush_kind != FLUSH_NONE && !flush_msync_ && !flush_stream_off;
}

/* flush_stream -- copies len bytes (a multiple of 8; dst 8-byte aligned) to
 * dst with non-temporal stores: they bypass the cache, so the next fence
 * makes them durable without a write-back (flush_streams() must be 1) */
void flush_stream(void *dst, const void *src, size_t len)
{
	long long *d = dst;
	const long long *s = src;

	for (size_t i = 0; i < len / 8; i++)
		__builtin_ia32_movnti64(&d[i], s[i]);
}

/* flush_lines -- flush_lines_uncharged, charged by the latency model */
void flush_lines(const void *addr, size_t len)
{
	size_t lines = flush_lines_uncharged(addr, len);

	if (pms_lat_active_ && lines)
		lat_charge_flush(lines);
}

/* pms_flush -- writes back every cache line of [addr, addr+len) */
void pms_flush(const void *addr, size_t len)
{
	if (len == 0)
		return;
	flush_lines(addr, len);
	/* A page of a pool without DAX is durable when pms_flush returns, as
	 * pmemobj_persist's msync made it before */
	if (flush_msync_ && sync_n)
		sync_drain();
}

/* pms_fence -- store fence ordering earlier flushes */
void pms_fence(void)
{
	persist_fence_counted();
	if (pms_lat_active_)
		lat_charge_barrier();
}

/* pms_persist -- flush then fence */
void pms_persist(const void *addr, size_t len)
{
	pms_flush(addr, len);
	pms_fence();
}
