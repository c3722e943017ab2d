/* A filebench file set in memory: the tree layout, entry sizes, and rotation-based picking. */
#include "fileset.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "error.h"

/* filebench's dirgamma: directory widths are gamma(1.5) around the mean width. */
#define DIR_GAMMA 1.5

struct layout {
	struct fsb_fileset *fs;
	struct fsb_rng *rng;
	uint64_t width, placed, dir_cap;
};

/* draw_width -- (internal) one directory's width, at least 1 */
static uint64_t draw_width(struct layout *l)
{
	double w = fsb_rng_gamma(l->rng, DIR_GAMMA, (double)l->width / DIR_GAMMA);
	return w < 1.0 ? 1 : (uint64_t)llround(w);
}

/* add_dir -- (internal) records a directory path; NULL on allocation failure */
static char *add_dir(struct layout *l, const char *parent, uint64_t i)
{
	struct fsb_fileset *fs = l->fs;
	if (fs->ndirs == l->dir_cap) {
		l->dir_cap = l->dir_cap ? 2 * l->dir_cap : 64;
		char **d = realloc(fs->dirs, l->dir_cap * sizeof(*d));
		if (!d)
			return NULL;
		fs->dirs = d;
	}
	char *path;
	if (asprintf(&path, "%s/d%llu", parent, (unsigned long long)i) < 0)
		return NULL;
	return fs->dirs[fs->ndirs++] = path;
}

/* place -- (internal) fills 'dir' (at 'level' below the root) with files or subdirectories;
 * the root has no width limit, so every entry finds a place */
static int place(struct layout *l, const char *dir, unsigned level)
{
	struct fsb_fileset *fs = l->fs;
	uint64_t width = level == 0 ? UINT64_MAX : draw_width(l);
	for (uint64_t i = 0; i < width && l->placed < fs->n; i++) {
		if (level + 1 == fs->depth) {
			struct fsb_entry *e = &fs->entries[l->placed];
			if (asprintf(&e->path, "%s/f%08llu", dir, (unsigned long long)l->placed) < 0)
				return -1;
			l->placed++;
			continue;
		}
		char *sub = add_dir(l, dir, i);
		if (!sub || place(l, sub, level + 1) != 0)
			return -1;
	}
	return 0;
}

/* draw_sizes -- (internal) each entry's size: gamma(shape, mean/shape), or mean when shape is 0 */
static void draw_sizes(struct fsb_fileset *fs, uint64_t mean, double shape, struct fsb_rng *rng)
{
	for (uint64_t i = 0; i < fs->n; i++)
		fs->entries[i].size = shape > 0 ? (uint64_t)llround(fsb_rng_gamma(rng, shape, (double)mean / shape)) : mean;
}

/* fsb_fileset_layout -- draws the tree and each entry's size */
int fsb_fileset_layout(struct fsb_fileset *fs, const char *name, const char *dir, uint64_t n,
		       uint64_t width, uint64_t mean_size, double shape, int flat_keys, unsigned nthreads,
		       struct fsb_rng *rng)
{
	memset(fs, 0, sizeof(*fs));
	fs->name = name;
	fs->n = n;
	fs->flat_keys = flat_keys;
	fs->nthreads = nthreads;
	/* One shared mapping: the state, then the entries, then two rotors per worker. */
	size_t entries_at = (sizeof(struct fsb_fileset_state) + 63) & ~(size_t)63;
	size_t rotors_at = entries_at + n * sizeof(struct fsb_entry);
	fs->shared_size = rotors_at + 2 * (size_t)nthreads * sizeof(uint64_t);
	char *shared = fsb_shared_alloc(fs->shared_size);
	if (!shared)
		return fsb_fail("out of memory laying out %llu entries", (unsigned long long)n);
	fs->state = (struct fsb_fileset_state *)shared;
	fs->entries = (struct fsb_entry *)(shared + entries_at);
	fs->rotor_exists = (uint64_t *)(shared + rotors_at);
	fs->rotor_free = fs->rotor_exists + nthreads;
	fsb_shared_mutex_init(&fs->state->lock);
	fsb_shared_cond_init(&fs->state->released);
	if (asprintf(&fs->root, "%s/%s", dir, name) < 0)
		return fsb_fail("out of memory laying out %llu entries", (unsigned long long)n);
	/* ln(entries) / ln(width) levels, rounded; a width above the entry count gives one flat directory. */
	double depth = width > 1 && n > 1 ? log((double)n) / log((double)width) : 1.0;
	fs->depth = depth < 1.5 ? 1 : (unsigned)llround(depth);
	if (flat_keys) {
		fs->depth = 1;
		for (uint64_t i = 0; i < n; i++)
			if (asprintf(&fs->entries[i].path, "f%08llu", (unsigned long long)i) < 0)
				return fsb_fail("out of memory laying out %llu entries", (unsigned long long)n);
	} else {
		struct layout l = {fs, rng, width, 0, 0};
		if (place(&l, fs->root, 0) != 0)
			return fsb_fail("out of memory laying out %llu entries", (unsigned long long)n);
	}
	draw_sizes(fs, mean_size, shape, rng);
	return 0;
}

/* fsb_fileset_pick -- the next entry after this thread's rotor in the wanted state and not busy;
 * when every such entry is busy it waits for one to be released, as filebench does, so only a set
 * with no entry in that state gives -1 */
int64_t fsb_fileset_pick(struct fsb_fileset *fs, unsigned tid, enum fsb_pick want)
{
	int64_t found = -1;
	pthread_mutex_lock(&fs->state->lock);
	unsigned r = fs->shared_rotor ? 0 : tid;
	uint64_t *rotor = want == FSB_PICK_EXISTS ? &fs->rotor_exists[r] : &fs->rotor_free[r];
	for (;;) {
		int busy_match = 0;
		uint64_t candidates = want == FSB_PICK_EXISTS ? fs->state->nexist : fs->n - fs->state->nexist;
		for (uint64_t k = 0; candidates && k < fs->n; k++) {
			uint64_t i = (*rotor + k) % fs->n;
			struct fsb_entry *e = &fs->entries[i];
			if (e->exists != (want == FSB_PICK_EXISTS))
				continue;
			if (e->busy) {
				busy_match = 1;
				continue;
			}
			e->busy = 1;
			*rotor = (i + 1) % fs->n;
			found = (int64_t)i;
			break;
		}
		if (found >= 0 || !busy_match)
			break;
		if (fs->trace)
			fprintf(fs->trace, "w %u %s %c\n", tid, fs->name, want == FSB_PICK_EXISTS ? 'e' : 'a');
		pthread_cond_wait(&fs->state->released, &fs->state->lock);
	}
	if (fs->trace)
		fprintf(fs->trace, "p %u %s %c %lld\n", tid, fs->name, want == FSB_PICK_EXISTS ? 'e' : 'a', (long long)found);
	pthread_mutex_unlock(&fs->state->lock);
	return found;
}

/* fsb_fileset_release -- ends a pick, recording whether the entry now exists */
void fsb_fileset_release(struct fsb_fileset *fs, uint64_t idx, int exists)
{
	pthread_mutex_lock(&fs->state->lock);
	struct fsb_entry *e = &fs->entries[idx];
	if (e->exists != !!exists)
		fs->state->nexist += exists ? 1 : (uint64_t)-1;
	e->exists = !!exists;
	e->busy = 0;
	if (fs->trace)
		fprintf(fs->trace, "r %s %llu %d\n", fs->name, (unsigned long long)idx, e->exists);
	pthread_cond_broadcast(&fs->state->released);
	pthread_mutex_unlock(&fs->state->lock);
}

/* fsb_fileset_free -- frees the in-memory description (in the process that laid it out) */
void fsb_fileset_free(struct fsb_fileset *fs)
{
	for (uint64_t i = 0; fs->entries && i < fs->n; i++)
		free(fs->entries[i].path);
	for (uint64_t i = 0; i < fs->ndirs; i++)
		free(fs->dirs[i]);
	free(fs->dirs);
	free(fs->root);
	if (fs->state) {
		pthread_mutex_destroy(&fs->state->lock);
		pthread_cond_destroy(&fs->state->released);
	}
	fsb_shared_free(fs->state, fs->shared_size);
	memset(fs, 0, sizeof(*fs));
}
