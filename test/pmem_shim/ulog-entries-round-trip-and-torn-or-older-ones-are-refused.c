// RUN: %pms-cc -I%pms-src/src %s %pms-src/src/ulog_entry.c -o %t.exe
// RUN: %t.exe | FileCheck %s

// The undo log's entries (runtime/pmem_shim/src/ulog_entry.c). ENTRY_V2, which the runtime
// writes since issue 11's seventh round, has a 16-byte header (24 bytes for ranges of 64 KiB and
// more) instead of ENTRY_V1's 32: a one-field store logs 24 bytes, not 40. Recovery must read
// back exactly what was written, in both formats (a pool an older runtime left is recovered
// from its V1 log), and refuse an entry of another generation, a torn one (any byte of the
// header or the data changed), one the log's end cuts, and one whose range leaves the pool.
// CHECK: v2 sizes 1 8 13 24 65534 65535 70000: round trip 7 of 7, bytes 24 24 32 40 65552 65560 70024
// CHECK-NEXT: v1 sizes 1 8 13 24 65534 65535 70000: round trip 7 of 7
// CHECK-NEXT: refused: other generation 14 of 14, torn header 14 of 14, torn data 14 of 14, cut 14 of 14, outside the pool 14 of 14
// A words entry (issue 11, eleventh round: an operation's value-root words, scattered over the
// pool, under one header and checksum) reads back its 1, 2, 10 and 64 (offset, old word) pairs
// and is refused like the others; a range entry is never taken for one.
// CHECK-NEXT: words 1 2 10 64: round trip 4 of 4, bytes 32 48 176 1040; refused: other generation 4 of 4, torn pair 4 of 4, torn count 4 of 4, cut 4 of 4, outside the pool 4 of 4

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ulog_entry.h"

#define POOL (1u << 20)
static const uint64_t sizes[] = { 1, 8, 13, 24, 65534, 65535, 70000 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

static unsigned char old[80000];
static char log_buf[160000];

/* write -- one entry of size bytes at offset 4096 of a pool, generation 7 */
static size_t write(enum entry_format f, uint64_t size)
{
	memset(log_buf, 0, sizeof(log_buf));
	return f == ENTRY_V2 ? entry_write(log_buf, 7, 4096, old, size)
			     : entry_write_v1(log_buf, 7, 4096, old, size);
}

static int reads_back(enum entry_format f, uint64_t size, size_t bytes)
{
	struct entry_view v;
	return entry_read(log_buf, bytes, f, 7, POOL * 2, &v) && v.off == 4096 &&
	       v.size == size && v.bytes == bytes && memcmp(v.data, old, size) == 0;
}

/* words_entries -- words entries of n pairs, the offsets scattered over the pool */
static void words_entries(void)
{
	static const size_t counts[] = { 1, 2, 10, 64 };
	uint64_t offs[64];
	int trips = 0, refused[5] = { 0 };
	char bytes_text[100] = "", *p = bytes_text;
	struct entry_view v;

	for (size_t c = 0; c < 4; c++) {
		size_t n = counts[c], bytes, ok = 1;
		for (size_t i = 0; i < n; i++)
			offs[i] = (i * 1048 + 16) % (sizeof(old) - 8) / 8 * 8;
		memset(log_buf, 0, sizeof(log_buf));
		bytes = entry_write_words(log_buf, 7, offs, n, old);
		p += sprintf(p, " %zu", bytes);
		ok = entry_read(log_buf, bytes, ENTRY_V2, 7, POOL, &v) && v.words == n &&
		     v.bytes == bytes;
		for (size_t i = 0; ok && i < n; i++) {
			uint64_t off;
			memcpy(&off, v.data + 16 * i, 8);
			ok = off == offs[i] && memcmp(v.data + 16 * i + 8, old + offs[i], 8) == 0;
		}
		trips += ok;
		refused[0] += !entry_read(log_buf, bytes, ENTRY_V2, 8, POOL, &v);
		refused[3] += !entry_read(log_buf, bytes - 16, ENTRY_V2, 7, POOL, &v);
		refused[4] += !entry_read(log_buf, bytes, ENTRY_V2, 7, offs[n - 1] + 7, &v);
		log_buf[16 + 16 * (n - 1) + 9] ^= 0x10; /* the last pair's old word */
		refused[1] += !entry_read(log_buf, bytes, ENTRY_V2, 7, POOL, &v);
		log_buf[16 + 16 * (n - 1) + 9] ^= 0x10;
		log_buf[2] ^= 0x01; /* the count */
		refused[2] += !entry_read(log_buf, sizeof(log_buf), ENTRY_V2, 7, POOL, &v);
	}
	printf("words 1 2 10 64: round trip %d of 4, bytes%s; refused: other generation %d of 4, "
	       "torn pair %d of 4, torn count %d of 4, cut %d of 4, outside the pool %d of 4\n",
	       trips, bytes_text, refused[0], refused[1], refused[2], refused[3], refused[4]);
}

int main(void)
{
	int refused[5] = { 0 }, trips[2] = { 0 };
	struct entry_view v;

	for (size_t i = 0; i < sizeof(old); i++)
		old[i] = (unsigned char)(i * 7 + 3);
	printf("v2 sizes 1 8 13 24 65534 65535 70000: round trip ");
	char bytes_text[200] = "", *p = bytes_text;
	for (enum entry_format f = ENTRY_V1; f <= ENTRY_V2; f++) {
		for (size_t i = 0; i < NSIZES; i++) {
			uint64_t size = sizes[i];
			size_t bytes = write(f, size);
			trips[f] += reads_back(f, size, bytes);
			if (f == ENTRY_V2)
				p += sprintf(p, " %zu", bytes);
			refused[0] += !entry_read(log_buf, bytes, f, 8, POOL * 2, &v);
			refused[3] += !entry_read(log_buf, bytes - 8, f, 7, POOL * 2, &v);
			refused[4] += !entry_read(log_buf, bytes, f, 7, 4096 + size - 1, &v);
			log_buf[3] ^= 1; /* the offset (V1: the generation) */
			refused[1] += !entry_read(log_buf, bytes, f, 7, POOL * 2, &v);
			log_buf[3] ^= 1;
			log_buf[bytes - ((size + 7) / 8 * 8 - size) - 1] ^= 0x40; /* its last byte */
			refused[2] += !entry_read(log_buf, bytes, f, 7, POOL * 2, &v);
		}
	}
	printf("%d of %zu, bytes%s\n", trips[ENTRY_V2], NSIZES, bytes_text);
	printf("v1 sizes 1 8 13 24 65534 65535 70000: round trip %d of %zu\n", trips[ENTRY_V1],
	       NSIZES);
	printf("refused: other generation %d of %zu, torn header %d of %zu, torn data %d of %zu, "
	       "cut %d of %zu, outside the pool %d of %zu\n", refused[0], 2 * NSIZES, refused[1],
	       2 * NSIZES, refused[2], 2 * NSIZES, refused[3], 2 * NSIZES, refused[4], 2 * NSIZES);
	words_entries();
	return 0;
}
