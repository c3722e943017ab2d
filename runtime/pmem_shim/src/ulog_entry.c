/*
 * ulog_entry.c -- encoding and checking the undo log's entries (ulog_entry.h).
 */
#include <string.h>

#include "ulog_entry.h"

#define V2_SIZE_BITS 16
#define V2_BIG 0xffffu /* the size is in the word after the header */

struct entry_v1 {
	uint64_t gen;
	uint64_t off;
	uint64_t size;
	uint64_t check;
	unsigned char data[];   /* size bytes, padded to 8 */
};

struct entry_v2 {
	uint64_t where;         /* off << 16 | size, or off << 16 | V2_BIG */
	uint64_t check;
	unsigned char body[];   /* [the size word,] size bytes, padded to 8 */
};

static uint64_t round8(uint64_t n)
{
	return (n + 7) & ~(uint64_t)7;
}

/* entry_check -- checksum of an entry's generation, range and bytes */
static uint64_t entry_check(uint64_t gen, uint64_t off, uint64_t size,
		const unsigned char *data)
{
	const uint64_t k = 0x9e3779b97f4a7c15ULL;
	uint64_t a = gen ^ k, b = off * k, c = size + k, d = 0x2545f4914f6cdd1dULL;
	size_t i = 0;

	for (; i + 32 <= size; i += 32) {
		uint64_t w[4];
		memcpy(w, data + i, sizeof(w));
		a = (a ^ w[0]) * k; b = (b ^ w[1]) * k;
		c = (c ^ w[2]) * k; d = (d ^ w[3]) * k;
	}
	for (; i < size; i += 8) {
		uint64_t w = 0;
		if (size - i >= 8) /* a constant size: one load, not a call-like copy */
			memcpy(&w, data + i, 8);
		else
			memcpy(&w, data + i, size - i);
		a = (a ^ w) * k;
		a ^= a >> 29;
	}
	a ^= b >> 17 ^ c >> 31 ^ d >> 43;
	a *= k;
	return a ^ (a >> 32); /* (a zeroed buffer is no entry: generations start at 1) */
}

/* check_v2 -- ENTRY_V1's checksum with the size mixed into the seed as well
 * (V1 mixed in only its high bits; V2 has no separate generation to compare) */
static uint64_t check_v2(uint64_t gen, uint64_t off, uint64_t size,
		const unsigned char *data)
{
	return entry_check(gen ^ (size + 1) * 0x94d049bb133111ebULL, off, size, data);
}

static size_t header_v2(uint64_t size)
{
	return sizeof(struct entry_v2) + (size >= V2_BIG ? sizeof(uint64_t) : 0);
}

size_t entry_bytes(uint64_t size)
{
	return header_v2(size) + round8(size);
}

size_t entry_write(char *at, uint64_t gen, uint64_t off, const void *old, uint64_t size)
{
	struct entry_v2 *e = (struct entry_v2 *)at;
	unsigned char *data = e->body;

	if (size >= V2_BIG) {
		memcpy(data, &size, sizeof(size));
		data += sizeof(size);
	}
	memcpy(data, old, size);
	e->where = off << V2_SIZE_BITS | (size >= V2_BIG ? V2_BIG : size);
	e->check = check_v2(gen, off, size, data);
	return entry_bytes(size);
}

/* A words entry: `where` is n << V2_SIZE_BITS with a size of 0 (no range
 * entry has one), then n pairs of (offset, old word). */
size_t entry_words_bytes(size_t n)
{
	return sizeof(struct entry_v2) + 16 * n;
}

/* check_words -- a words entry's checksum: check_v2 over its pairs, told apart
 * from any range entry's */
static uint64_t check_words(uint64_t gen, uint64_t n, const unsigned char *pairs)
{
	return check_v2(gen, 0, 16 * n, pairs) ^ 0x5851f42d4c957f2dULL;
}

size_t entry_write_words(char *at, uint64_t gen, const uint64_t *offs, size_t n,
		const unsigned char *base)
{
	struct entry_v2 *e = (struct entry_v2 *)at;
	unsigned char *p = e->body;

	for (size_t i = 0; i < n; i++, p += 16) {
		memcpy(p, &offs[i], 8);
		memcpy(p + 8, base + offs[i], 8);
	}
	e->where = (uint64_t)n << V2_SIZE_BITS;
	e->check = check_words(gen, n, e->body);
	return entry_words_bytes(n);
}

size_t entry_write_v1(char *at, uint64_t gen, uint64_t off, const void *old, uint64_t size)
{
	struct entry_v1 *e = (struct entry_v1 *)at;

	e->gen = gen;
	e->off = off;
	e->size = size;
	memcpy(e->data, old, size);
	e->check = entry_check(gen, off, size, e->data);
	return sizeof(*e) + round8(size);
}

/* read_v1 -- the header's fields as they are (checked by entry_read) */
static int read_v1(const char *at, size_t room, uint64_t gen, struct entry_view *v)
{
	const struct entry_v1 *e = (const struct entry_v1 *)at;

	if (room < sizeof(*e) || e->gen != gen || e->size > room - sizeof(*e))
		return 0;
	v->off = e->off;
	v->size = e->size;
	v->data = e->data;
	v->bytes = sizeof(*e) + round8(e->size);
	return e->check == entry_check(e->gen, e->off, e->size, e->data);
}

static int read_v2(const char *at, size_t room, uint64_t gen, struct entry_view *v)
{
	const struct entry_v2 *e = (const struct entry_v2 *)at;
	uint64_t size;

	if (room < sizeof(*e))
		return 0;
	size = e->where & V2_BIG;
	v->words = 0;
	if (size == 0) { /* a words entry */
		uint64_t n = e->where >> V2_SIZE_BITS;
		if (n == 0 || n > (room - sizeof(*e)) / 16)
			return 0;
		v->off = v->size = 0;
		v->words = n;
		v->data = e->body;
		v->bytes = entry_words_bytes(n);
		return e->check == check_words(gen, n, e->body);
	}
	if (size == V2_BIG) {
		if (room < header_v2(V2_BIG))
			return 0;
		memcpy(&size, e->body, sizeof(size));
	}
	if (size > room - header_v2(size))
		return 0;
	v->off = e->where >> V2_SIZE_BITS;
	v->size = size;
	v->data = e->body + (header_v2(size) - sizeof(*e));
	v->bytes = entry_bytes(size);
	return e->check == check_v2(gen, v->off, size, v->data);
}

int entry_read(const char *at, size_t room, enum entry_format f, uint64_t gen,
		uint64_t pool_size, struct entry_view *v)
{
	int ok = f == ENTRY_V1 ? read_v1(at, room, gen, v) : read_v2(at, room, gen, v);

	if (f == ENTRY_V1)
		v->words = 0;
	if (ok && v->words) {
		for (uint64_t i = 0; i < v->words; i++) {
			uint64_t off;
			memcpy(&off, v->data + 16 * i, 8);
			if (off > pool_size || pool_size - off < 8)
				return 0;
		}
		return 1;
	}
	return ok && v->off <= pool_size && v->size <= pool_size - v->off;
}
