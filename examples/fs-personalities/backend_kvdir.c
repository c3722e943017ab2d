/* The kvdir key-value backend of fsbench: each key is a file in one directory, each value its whole content. */
#include "backend.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct kvdir {
	char *root;
};

/* kvdir_path -- (internal) "<root>/<key>" in 'out', or -1 and errno for a bad key */
static int kvdir_path(const struct kvdir *kv, const char *key, char *out, size_t cap)
{
	if (!key[0] || strchr(key, '/') || strcmp(key, ".") == 0 || strcmp(key, "..") == 0) {
		errno = EINVAL;
		return -1;
	}
	if (strlen(key) > NAME_MAX || (size_t)snprintf(out, cap, "%s/%s", kv->root, key) >= cap) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/* kvdir_init -- creates the store's directory, which must not exist yet */
static void *kvdir_init(const char *location)
{
	if (mkdir(location, 0755) != 0)
		return NULL;
	struct kvdir *kv = malloc(sizeof(*kv));
	if (!kv || !(kv->root = strdup(location))) {
		free(kv);
		rmdir(location);
		errno = ENOMEM;
		return NULL;
	}
	return kv;
}

/* kvdir_destroy -- (internal) removes every key file and the directory */
static int kvdir_destroy(struct kvdir *kv)
{
	DIR *d = opendir(kv->root);
	if (!d)
		return -1;
	struct dirent *e;
	char path[PATH_MAX];
	int rc = 0;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (kvdir_path(kv, e->d_name, path, sizeof(path)) != 0 || unlink(path) != 0)
			rc = -1;
	}
	closedir(d);
	if (rmdir(kv->root) != 0)
		rc = -1;
	return rc;
}

/* kvdir_fini -- releases the store, removing it when asked */
static int kvdir_fini(void *ctx, int destroy)
{
	struct kvdir *kv = ctx;
	int rc = destroy ? kvdir_destroy(kv) : 0;
	int saved = errno;
	free(kv->root);
	free(kv);
	errno = saved;
	return rc;
}

/* kvdir_get -- reads the whole value of 'key' */
static int kvdir_get(void *ctx, const char *key, void *buf, size_t cap, size_t *len)
{
	char path[PATH_MAX];
	if (kvdir_path(ctx, key, path, sizeof(path)) != 0)
		return -1;
	int fd = open(path, O_RDONLY);
	if (fd < 0)
		return -1;
	size_t got = 0;
	for (;;) {
		ssize_t n = read(fd, (char *)buf + got, cap - got);
		if (n < 0) {
			int saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
		got += (size_t)n;
		if (n == 0 || got == cap)
			break;
	}
	struct stat st;
	int rc = fstat(fd, &st);
	close(fd);
	if (rc != 0)
		return -1;
	*len = (size_t)st.st_size > got ? (size_t)st.st_size : got;
	return 0;
}

/* kvdir_put -- replaces the whole value of 'key' */
static int kvdir_put(void *ctx, const char *key, const void *buf, size_t len)
{
	char path[PATH_MAX];
	if (kvdir_path(ctx, key, path, sizeof(path)) != 0)
		return -1;
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		return -1;
	size_t done = 0;
	while (done < len) {
		ssize_t n = write(fd, (const char *)buf + done, len - done);
		if (n < 0) {
			int saved = errno;
			close(fd);
			errno = saved;
			return -1;
		}
		done += (size_t)n;
	}
	return close(fd);
}

/* kvdir_del -- removes 'key' */
static int kvdir_del(void *ctx, const char *key)
{
	char path[PATH_MAX];
	if (kvdir_path(ctx, key, path, sizeof(path)) != 0)
		return -1;
	return unlink(path);
}

const struct fsb_kv_ops fsb_kvdir_ops = {
	.name = "kvdir",
	.init = kvdir_init,
	.fini = kvdir_fini,
	.get = kvdir_get,
	.put = kvdir_put,
	.del = kvdir_del,
};
