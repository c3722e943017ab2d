/*
 * ulog_entry.h -- the entries of the runtime's undo log (ulog.c): the old
 * bytes of one logged range, where they go back to, and a checksum over both
 * and the transaction's generation.
 *
 * Two formats. ENTRY_V1 (tables "PMSUndo1", before issue 11's seventh round):
 * a 32-byte header (generation, offset, size, checksum). ENTRY_V2 (tables
 * "PMSUndo2"): a 16-byte header, the offset and the size in one word (the size
 * in its low 16 bits; a range of 64 KiB or more has 0xffff there and its size
 * in the next word) and the checksum, which alone tells a current entry from
 * one an older generation left (it is computed over the generation). A store
 * of one field logs 24 bytes instead of 40. New entries are always ENTRY_V2;
 * ENTRY_V1 is read to recover a pool an older runtime left.
 */
#ifndef PMS_ULOG_ENTRY_H
#define PMS_ULOG_ENTRY_H

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(hidden) /* internal.h */

enum entry_format { ENTRY_V1, ENTRY_V2 };

/* One decoded entry: bytes is its whole length in the log. A words entry
 * (words > 0) holds that many (offset, old 8 bytes) pairs at data instead of
 * one range; off and size are 0. */
struct entry_view {
	uint64_t off, size;
	const unsigned char *data;
	size_t bytes;
	uint64_t words;
};

/* entry_bytes -- the log bytes an ENTRY_V2 entry of size bytes takes */
size_t entry_bytes(uint64_t size);

/* entry_write -- writes at `at` the ENTRY_V2 entry of generation gen for the
 * range [off, +size) from the pool base, whose old bytes are at old; returns
 * its length */
size_t entry_write(char *at, uint64_t gen, uint64_t off, const void *old, uint64_t size);

/* entry_words_bytes -- the log bytes a words entry of n words takes */
size_t entry_words_bytes(size_t n);

/* entry_write_words -- writes at `at` the ENTRY_V2 words entry of generation
 * gen for the n 8-byte words at offsets offs (from the pool base; their old
 * bytes at base + offs[i]): one header and checksum for words scattered over
 * the pool (an operation's value roots); returns its length */
size_t entry_write_words(char *at, uint64_t gen, const uint64_t *offs, size_t n,
		const unsigned char *base);

/* entry_write_v1 -- the same in ENTRY_V1, as runtimes before issue 11's
 * seventh round wrote it (tests make the logs an older runtime left with it) */
size_t entry_write_v1(char *at, uint64_t gen, uint64_t off, const void *old, uint64_t size);

/* entry_read -- decodes the entry at `at` (room bytes of log left): 1 when it
 * is whole, of generation gen, and its range lies in a pool of pool_size
 * bytes; 0 for anything else (a torn entry, an older one, garbage) */
int entry_read(const char *at, size_t room, enum entry_format f, uint64_t gen,
		uint64_t pool_size, struct entry_view *v);

#pragma GCC visibility pop

#endif
