/*
 * header.c -- the shim's header inside PMDK's root object: writing a fresh
 * one and validating an existing one (also straight from the file, before
 * PMDK maps it).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>

#include "internal.h"

/* pool_header_init -- writes a fresh header; magic last so a crash leaves zeros */
void pool_header_init(PMEMobjpool *pop, struct pool_header *h,
		uintptr_t addr, size_t size)
{
	memset(h, 0, sizeof(*h));
	h->version = PMS_LAYOUT_VERSION;
	h->header_size = sizeof(*h);
	h->base = addr;
	h->size = size;
	h->generation = 1;
	h->open = 1;
	pool_persist(pop, h, sizeof(*h));
	h->magic = PMS_MAGIC;
	pool_persist(pop, &h->magic, sizeof(h->magic));
}

/* pool_header_check -- validates an existing header; -1 with a message */
int pool_header_check(const char *path, uint64_t root_size,
		const struct pool_header *h, uintptr_t addr, uint64_t fsize)
{
	if (root_size < offsetof(struct pool_header, roots))
		return err_set(EPROTO, "pool '%s': shim header is missing or "
			"too small (%" PRIu64 " bytes)", path, root_size);
	if (h->magic != PMS_MAGIC)
		return err_set(EPROTO, "pool '%s' is not a pmem_shim pool "
			"(bad header magic)", path);
	if (h->version != PMS_LAYOUT_VERSION || h->header_size != sizeof(*h))
		return err_set(EPROTO, "pool '%s' has layout version %u (header "
			"%u bytes); this library reads version %u", path,
			h->version, h->header_size, PMS_LAYOUT_VERSION);
	if (h->base != addr)
		return err_set(EADDRNOTAVAIL, "pool '%s' was created at 0x%"
			PRIx64 " but this process maps pools at 0x%" PRIxPTR
			"; set PMS_POOL_ADDR=0x%" PRIx64, path, h->base, addr,
			h->base);
	if (h->size != fsize)
		return err_set(EPROTO, "pool '%s' is %" PRIu64 " bytes but "
			"was created with %" PRIu64 " (truncated or extended)",
			path, fsize, h->size);
	return 0;
}

/* pool_roots_empty -- 1 when no root was ever named (header never used) */
int pool_roots_empty(const struct pool_header *h)
{
	for (int i = 0; i < PMS_MAX_ROOTS; i++)
		if (h->roots[i].name[0])
			return 0;
	return 1;
}

/*
 * pool_precheck -- validates the shim header straight from the file, before
 * PMDK maps it: even a refused pmemobj_open bumps PMDK's run id, and a pool we
 * refuse must stay byte-for-byte unchanged. It reads PMDK 1.x's on-media
 * object-pool descriptor (root_offset at 6144, root_size at 6160: the fixed
 * 4 KiB pool header plus the 2 KiB checksummed descriptor). Those two fields
 * are outside PMDK's checksum, so implausible values are refused here.
 * *settled is set to 1 when the header says the last process closed the pool,
 * or stopped with no PMDK operation in flight (pmdk_busy.c): PMDK then has
 * nothing to recover and its heap is as a clean close leaves it.
 */
int pool_precheck(const char *path, uintptr_t addr, uint64_t fsize, int *settled)
{
	uint64_t root[3];
	struct pool_header h;
	int fd = open(path, O_RDONLY), r = 0;

	*settled = 0;
	if (fd < 0)
		return 0;
	if (pread(fd, root, sizeof(root), 6144) != (ssize_t)sizeof(root))
		r = err_set(EPROTO, "pool '%s': cannot read the object pool "
			"descriptor", path);
	else if ((root[0] == 0) != (root[2] == 0) || root[0] >= fsize ||
			(root[0] && fsize - root[0] < sizeof(h)))
		r = err_set(EPROTO, "pool '%s': damaged object pool descriptor "
			"(root object at %" PRIu64 ", %" PRIu64 " bytes)", path,
			root[0], root[2]);
	else if (root[0] && pread(fd, &h, sizeof(h), (off_t)root[0]) ==
			(ssize_t)sizeof(h) && h.magic != 0) {
		r = pool_header_check(path, root[2], &h, addr, fsize);
		*settled = r == 0 && (h.open & ~(uint64_t)POOL_OPEN) == 0;
	}
	close(fd);
	return r;
}

