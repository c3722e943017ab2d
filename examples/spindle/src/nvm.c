/*
 * nvm.c -- the NVM side of the caches: one region in the runtime's pool,
 * and writes and reads of it counted and charged by the runtime's latency
 * model (the spindle preset: +50 ns per line read, +180 ns per line written).
 */
#include <errno.h>
#include <string.h>

#include "internal.h"

uint64_t nvm_bytes_written, nvm_bytes_read;
static uint64_t nvm_read_ns, nvm_write_ns;

/* nvm_model_load -- per-line costs of the model in force (PMS_NVM_MODEL) */
void nvm_model_load(void)
{
	struct pms_lat_model m;

	pms_lat_get_model(&m);
	nvm_read_ns = m.read_ns;
	nvm_write_ns = m.write_ns;
}

/* nvm_lines -- cache lines [p, p+n) touches */
static uint64_t nvm_lines(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)63;

	return n ? ((uintptr_t)p + n - a + 63) / 64 : 0;
}

/* nvm_write -- copies n bytes into NVM and pays the write latency per line */
void nvm_write(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	nvm_bytes_written += n;
	if (nvm_write_ns)
		pms_lat_delay_ns(nvm_lines(dst, n) * nvm_write_ns);
}

/* nvm_store64 -- one 8-byte store into NVM (atomic on x86), charged */
void nvm_store64(uint64_t *dst, uint64_t v)
{
	__atomic_store_n(dst, v, __ATOMIC_RELEASE);
	nvm_bytes_written += 8;
	if (nvm_write_ns)
		pms_lat_delay_ns(nvm_write_ns);
}

/* nvm_read -- copies n bytes out of NVM and pays the read latency per line */
void nvm_read(void *dst, const void *src, size_t n)
{
	memcpy(dst, src, n);
	nvm_bytes_read += n;
	if (nvm_read_ns)
		pms_lat_delay_ns(nvm_lines(src, n) * nvm_read_ns);
}

/* nvm_flush -- the runtime's write-back; noted for the power-loss image */
void nvm_flush(const void *p, size_t n)
{
	pms_flush(p, n);
	if (powerloss_armed())
		powerloss_flushed(p, n);
}

/* nvm_fence -- the runtime's persist barrier, counted for fault injection */
void nvm_fence(void)
{
	debug_barrier();
	pms_fence();
	if (powerloss_armed())
		powerloss_fenced();
}

/* nvm_persist -- write-back then fence */
void nvm_persist(const void *p, size_t n)
{
	nvm_flush(p, n);
	nvm_fence();
}

/* nvm_region -- opens the pool at path (create: makes it, with a zeroed
 * region of bytes under root) and returns the region, or NULL */
void *nvm_region(const char *path, int create, const char *root, size_t bytes,
		int *created)
{
	struct pms_pool_opts o = { 0, 0, 0 };
	void *p;

	*created = 0;
	o.size = bytes + bytes / 8 + ((size_t)24 << 20);
	if (!pms_pool_open(path, create ? PMS_CREATE | PMS_EXCL : 0, &o)) {
		spd_err(errno, "%s", pms_errormsg());  /* it names the pool */
		return NULL;
	}
	if (!create) {
		p = pms_root_get(root);
		if (!p) {
			pms_pool_close(pms_pool_current());
			spd_err(EINVAL, "NVM pool '%s' holds no %s cache", path, root);
		}
		return p;
	}
	if (pms_tx_begin())
		goto fail;
	p = pms_calloc(1, bytes);
	if (!p || pms_root_set(root, p)) {
		pms_tx_abort();
		goto fail;
	}
	if (pms_tx_commit())
		goto fail;
	*created = 1;
	return p;
fail:
	spd_err(ENOSPC, "NVM pool '%s': cannot allocate a %zu-byte cache: %s", path,
		bytes, pms_errormsg());
	pms_pool_close(pms_pool_current());
	return NULL;
}
