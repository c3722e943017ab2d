/* The kvfs key-value backend of fsbench: keys and values in the KVFS namespace of an Aerie pool (examples/aerie). */
#include "backend.h"

#include "aerie/aerie.h"
#include "aerie/kvfs.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The pool comes from the environment, as the preload library's does: FSBENCH_KVFS_POOL mounts
 * it in this process (single-process mode), FSBENCH_KVFS_SOCKET connects to an aerie-tfs serving
 * it. KVFS has one namespace per file system, so the store's 'location' only names it in
 * messages; the namespace must be empty at init. */
struct kvfs_store {
	int dummy;
};
static struct kvfs_store kvfs_the_store;

/* kvfs_count -- (internal) counts keys for the emptiness check */
static int kvfs_count(const char *key, size_t size, void *arg)
{
	(void)key, (void)size;
	++*(long *)arg;
	return 0;
}

/* kvfs_init -- mounts the pool named by the environment; its KVFS namespace must be empty */
static void *kvfs_init(const char *location)
{
	const char *pool = getenv("FSBENCH_KVFS_POOL"), *sock = getenv("FSBENCH_KVFS_SOCKET");
	long keys = 0;

	if (!!(pool && *pool) == !!(sock && *sock)) {
		fprintf(stderr, "fsbench: kvfs: set exactly one of FSBENCH_KVFS_POOL and FSBENCH_KVFS_SOCKET\n");
		errno = EINVAL;
		return NULL;
	}
	if ((pool && *pool ? aerie_mount(pool) : aerie_mount_tfs(sock)) != 0) {
		int saved = errno;
		fprintf(stderr, "fsbench: kvfs: cannot mount %s: %s\n", pool && *pool ? pool : sock, aerie_errormsg());
		errno = saved;
		return NULL;
	}
	if (kvfs_iterate(kvfs_count, &keys) < 0 || keys != 0) {
		fprintf(stderr, "fsbench: kvfs: the pool's KVFS namespace (store %s) is not empty\n", location);
		aerie_unmount();
		errno = EEXIST;
		return NULL;
	}
	return &kvfs_the_store;
}

/* kvfs_collect -- (internal) gathers every key so they can be deleted after the walk */
struct kvfs_keys {
	char **names;
	size_t n, cap;
};
static int kvfs_collect(const char *key, size_t size, void *arg)
{
	struct kvfs_keys *k = arg;
	(void)size;
	if (k->n == k->cap) {
		size_t cap = k->cap ? 2 * k->cap : 256;
		char **names = realloc(k->names, cap * sizeof(*names));
		if (!names)
			return 1;
		k->names = names, k->cap = cap;
	}
	if (!(k->names[k->n] = strdup(key)))
		return 1;
	k->n++;
	return 0;
}

/* kvfs_fini -- deletes every key when asked, then unmounts */
static int kvfs_fini(void *ctx, int destroy)
{
	struct kvfs_keys k = {0};
	int rc = 0;
	(void)ctx;
	if (destroy) {
		if (kvfs_iterate(kvfs_collect, &k) < 0)
			rc = -1;
		for (size_t i = 0; i < k.n; i++) {
			if (kvfs_delete(k.names[i]) != 0)
				rc = -1;
			free(k.names[i]);
		}
		free(k.names);
	}
	if (aerie_unmount() != 0)
		rc = -1;
	return rc;
}

/* kvfs_after_fork -- a worker process: through aerie-tfs, its own connection (the inherited one
 * stays the parent's); a pool mounted in one process cannot be shared */
static int kvfs_after_fork(void *ctx)
{
	const char *sock = getenv("FSBENCH_KVFS_SOCKET");
	(void)ctx;
	if (!(sock && *sock)) {
		fprintf(stderr, "fsbench: kvfs: a pool mounted by FSBENCH_KVFS_POOL serves one process: "
			"use --threads, or FSBENCH_KVFS_SOCKET for --processes\n");
		errno = ENOTSUP;
		return -1;
	}
	if (aerie_forget() != 0 || aerie_mount_tfs(sock) != 0) {
		int saved = errno;
		fprintf(stderr, "fsbench: kvfs: a worker process cannot mount %s: %s\n", sock, aerie_errormsg());
		errno = saved;
		return -1;
	}
	return 0;
}

/* kvfs_get_op -- copies the value and reports its full length */
static int kvfs_get_op(void *ctx, const char *key, void *buf, size_t cap, size_t *len)
{
	(void)ctx;
	ssize_t n = kvfs_get(key, buf, cap);
	if (n < 0)
		return -1;
	*len = (size_t)n;
	return 0;
}

/* kvfs_put_op -- replaces the whole value atomically */
static int kvfs_put_op(void *ctx, const char *key, const void *buf, size_t len)
{
	(void)ctx;
	return kvfs_put(key, buf, len);
}

/* kvfs_del_op -- removes the key */
static int kvfs_del_op(void *ctx, const char *key)
{
	(void)ctx;
	return kvfs_delete(key);
}

const struct fsb_kv_ops fsb_kvfs_ops = {
	.name = "kvfs",
	.init = kvfs_init,
	.fini = kvfs_fini,
	.after_fork = kvfs_after_fork,
	.get = kvfs_get_op,
	.put = kvfs_put_op,
	.del = kvfs_del_op,
};
