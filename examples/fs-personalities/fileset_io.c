/* Creating a file set on a backend (directories and preallocated entries) and removing it afterwards. */
#include "fileset.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

/* fsb_write_full -- (internal to fsbench) writes 'len' bytes of 'buf' in 'chunk'-sized writes;
 * -1 and errno on failure */
ssize_t fsb_write_full(const struct fsb_target *t, int fd, const char *buf, uint64_t len, uint64_t chunk)
{
	uint64_t done = 0;
	while (done < len) {
		uint64_t want = len - done < chunk ? len - done : chunk;
		ssize_t n = t->fs->write(t->ctx, fd, buf, want);
		if (n < 0)
			return -1;
		if (n == 0) {
			errno = EIO;
			return -1;
		}
		done += (uint64_t)n;
	}
	return (ssize_t)done;
}

/* prealloc_file -- (internal) creates one entry's file with its size */
static int prealloc_file(const struct fsb_target *t, struct fsb_entry *e, const char *buf, uint64_t iosize)
{
	int fd = t->fs->open(t->ctx, e->path, O_RDWR | O_CREAT | O_EXCL, 0644);
	if (fd < 0)
		return fsb_fail("cannot create '%s': %s", e->path, strerror(errno));
	if (fsb_write_full(t, fd, buf, e->size, iosize) < 0) {
		int saved = errno;
		t->fs->close(t->ctx, fd);
		return fsb_fail("cannot write '%s': %s", e->path, strerror(saved));
	}
	if (t->fs->close(t->ctx, fd) != 0)
		return fsb_fail("cannot close '%s': %s", e->path, strerror(errno));
	return 0;
}

/* max_size -- (internal) the largest entry size, which sizes the buffer */
static uint64_t max_size(const struct fsb_fileset *fs, uint64_t floor)
{
	uint64_t m = floor;
	for (uint64_t i = 0; i < fs->n; i++)
		if (fs->entries[i].size > m)
			m = fs->entries[i].size;
	return m;
}

/* populate_entries -- (internal) each entry exists with probability prealloc / 100 */
static int populate_entries(struct fsb_fileset *fs, const struct fsb_target *t, unsigned prealloc,
			    uint64_t iosize, struct fsb_rng *rng)
{
	uint64_t bufsize = t->kv ? max_size(fs, 1) : iosize;
	char *buf = malloc(bufsize);
	if (!buf)
		return fsb_fail("out of memory for a %llu-byte buffer", (unsigned long long)bufsize);
	memset(buf, 'p', bufsize);
	int rc = 0;
	for (uint64_t i = 0; i < fs->n && rc == 0; i++) {
		struct fsb_entry *e = &fs->entries[i];
		if (fsb_rng_below(rng, 100) >= prealloc)
			continue;
		if (t->kv)
			rc = t->kv->put(t->ctx, e->path, buf, e->size) == 0
				     ? 0
				     : fsb_fail("cannot put '%s' in '%s': %s", e->path, fs->root, strerror(errno));
		else
			rc = prealloc_file(t, e, buf, iosize);
		if (rc == 0) {
			e->exists = 1;
			fs->state->nexist++;
		}
	}
	free(buf);
	return rc;
}

/* fsb_fileset_populate -- creates the root (which must not exist), the directories, and the entries */
int fsb_fileset_populate(struct fsb_fileset *fs, const struct fsb_target *t, unsigned prealloc,
			 uint64_t iosize, struct fsb_rng *rng)
{
	if (!t->kv) {
		if (t->fs->mkdir(t->ctx, fs->root, 0755) != 0) {
			if (errno == EEXIST)
				return fsb_fail("'%s' already exists; fsbench only works in a file set it creates: remove it or pick another --dir", fs->root);
			return fsb_fail("cannot create '%s': %s", fs->root, strerror(errno));
		}
		fs->created = 1;
		for (uint64_t i = 0; i < fs->ndirs; i++)
			if (t->fs->mkdir(t->ctx, fs->dirs[i], 0755) != 0)
				return fsb_fail("cannot create '%s': %s", fs->dirs[i], strerror(errno));
	}
	return populate_entries(fs, t, prealloc, iosize, rng);
}

/* remove_tree -- (internal) removes 'path' and everything under it, reading each directory first */
static int remove_tree(const struct fsb_target *t, const char *path)
{
	void *d = t->fs->opendir(t->ctx, path);
	if (!d)
		return fsb_fail("cannot open directory '%s': %s", path, strerror(errno));
	char name[NAME_MAX + 1], **names = NULL;
	size_t n = 0, cap = 0;
	int r, rc = 0;
	while ((r = t->fs->readdir(t->ctx, d, name, sizeof(name))) == 1) {
		if (n == cap) {
			cap = cap ? 2 * cap : 64;
			char **grown = realloc(names, cap * sizeof(*names));
			if (!grown) {
				rc = fsb_fail("out of memory reading '%s'", path);
				break;
			}
			names = grown;
		}
		if (asprintf(&names[n], "%s/%s", path, name) < 0) {
			rc = fsb_fail("out of memory reading '%s'", path);
			break;
		}
		n++;
	}
	if (r < 0 && rc == 0)
		rc = fsb_fail("cannot read directory '%s': %s", path, strerror(errno));
	t->fs->closedir(t->ctx, d);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (rc == 0 && t->fs->stat(t->ctx, names[i], &st) != 0)
			rc = fsb_fail("cannot stat '%s': %s", names[i], strerror(errno));
		else if (rc == 0 && S_ISDIR(st.st_mode))
			rc = remove_tree(t, names[i]);
		else if (rc == 0 && t->fs->unlink(t->ctx, names[i]) != 0)
			rc = fsb_fail("cannot remove '%s': %s", names[i], strerror(errno));
		free(names[i]);
	}
	free(names);
	if (rc == 0 && t->fs->rmdir(t->ctx, path) != 0)
		rc = fsb_fail("cannot remove directory '%s': %s", path, strerror(errno));
	return rc;
}

/* fsb_fileset_remove -- removes the root and everything under it */
int fsb_fileset_remove(struct fsb_fileset *fs, const struct fsb_target *t)
{
	if (t->kv)
		return 0; /* the key-value store removes itself in fini(ctx, 1) */
	return remove_tree(t, fs->root);
}
