/*
 * exe_identity.c -- what the pointers a program stores into its pool depend on: the build of
 * its executable (the GNU build-id note, else the file's size and modification time) and the
 * address the executable is loaded at (0 for a non-PIE executable).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dl_iterate_phdr */
#endif
#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/stat.h>

#include "internal.h"

struct exe_scan {
	uint64_t hash;
	uint64_t base;
	int found; /* the main program was seen */
	int has_id;
};

/* fnv1a -- folds n bytes into h */
static uint64_t fnv1a(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

/* scan_notes -- hashes the NT_GNU_BUILD_ID note of one PT_NOTE segment, if it has one */
static int scan_notes(struct exe_scan *s, const char *p, size_t size)
{
	size_t off = 0;

	while (off + sizeof(ElfW(Nhdr)) <= size) {
		const ElfW(Nhdr) *n = (const ElfW(Nhdr) *)(p + off);
		size_t name = (n->n_namesz + 3) & ~(size_t)3;
		size_t desc = (n->n_descsz + 3) & ~(size_t)3;
		const char *d = p + off + sizeof(*n) + name;

		if (off + sizeof(*n) + name + desc > size)
			return 0;
		if (n->n_type == NT_GNU_BUILD_ID && n->n_namesz == 4 &&
		    memcmp(p + off + sizeof(*n), "GNU", 4) == 0) {
			s->hash = fnv1a(s->hash, d, n->n_descsz);
			return 1;
		}
		off += sizeof(*n) + name + desc;
	}
	return 0;
}

/* scan_main -- dl_iterate_phdr callback: the first object is the main program */
static int scan_main(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct exe_scan *s = arg;

	(void)size;
	s->found = 1;
	s->base = (uint64_t)info->dlpi_addr;
	for (int i = 0; i < info->dlpi_phnum && !s->has_id; i++)
		if (info->dlpi_phdr[i].p_type == PT_NOTE)
			s->has_id = scan_notes(s, (const char *)(info->dlpi_addr +
					info->dlpi_phdr[i].p_vaddr),
				info->dlpi_phdr[i].p_memsz);
	return 1; /* stop after the main program */
}

/* exe_identity -- *build: a nonzero fingerprint of the executable's build; *base: its load
 * address. 0, or -1 when neither can be found. */
int exe_identity(uint64_t *build, uint64_t *base)
{
	struct exe_scan s = { .hash = 14695981039346656037ull };
	struct stat st;

	dl_iterate_phdr(scan_main, &s);
	if (!s.found)
		return -1;
	if (!s.has_id) {
		if (stat("/proc/self/exe", &st) != 0)
			return -1;
		s.hash = fnv1a(s.hash, &st.st_size, sizeof(st.st_size));
		s.hash = fnv1a(s.hash, &st.st_mtim, sizeof(st.st_mtim));
	}
	*build = s.hash | 1;
	*base = s.base;
	return 0;
}
