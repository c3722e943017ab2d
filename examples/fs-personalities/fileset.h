/* A filebench file set: its entries and directory tree, and picking entries by per-thread rotors. */
#ifndef FSB_FILESET_H
#define FSB_FILESET_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#include "backend.h"
#include "rng.h"
#include "shared.h"

/* The backend a run talks to: exactly one of fs and kv is set. */
struct fsb_target {
	const struct fsb_fs_ops *fs;
	const struct fsb_kv_ops *kv;
	void *ctx;
};

struct fsb_entry {
	char *path;    /* absolute path; for a key-value set, the key */
	uint64_t size; /* drawn once at layout: what writewholefile and preallocation write */
	unsigned char exists, busy;
};

/* What the threads of every worker process change, in shared memory: entry states, rotors, lock. */
struct fsb_fileset_state {
	pthread_mutex_t lock;
	pthread_cond_t released; /* signalled when a busy entry is released */
	uint64_t nexist;
};

struct fsb_fileset {
	const char *name;
	char *root;
	/* In shared memory, laid out before the workers fork, so each process's copy of the path
	 * pointers is valid; 'exists' and 'busy' change under state->lock. */
	struct fsb_entry *entries;
	uint64_t n;
	struct fsb_fileset_state *state;
	char **dirs; /* parents before children; root not included */
	uint64_t ndirs;
	unsigned depth; /* directory levels from the root to the files */
	int flat_keys;  /* key-value set: entries are keys, no directories */
	int created;    /* the root was made by this run, so removing it loses nothing of the user's */
	unsigned nthreads;                   /* workers over all processes */
	int shared_rotor;                    /* every worker uses rotor 0 (--rotor shared) */
	FILE *trace; /* --trace (one process): picks and releases, written under the lock, in lock order */
	uint64_t *rotor_exists, *rotor_free; /* one rotor of each kind per worker, shared */
	size_t shared_size;                  /* of the one mapping holding state, entries and rotors */
};

/* What a pick looks for. */
enum fsb_pick { FSB_PICK_EXISTS, FSB_PICK_FREE };

/* fsb_fileset_layout -- draws the tree (depth ln(n)/ln(width), widths gamma around the mean)
 * and each entry's size; -1 with fsb_fail() on failure */
int fsb_fileset_layout(struct fsb_fileset *fs, const char *name, const char *dir, uint64_t n,
		       uint64_t width, uint64_t mean_size, double shape, int flat_keys, unsigned nthreads,
		       struct fsb_rng *rng);
/* fsb_fileset_pick -- the next entry after this thread's rotor that is in the wanted state and
 * not busy, marked busy (waiting while all such entries are busy); -1 if none is in that state */
int64_t fsb_fileset_pick(struct fsb_fileset *fs, unsigned tid, enum fsb_pick want);
/* fsb_fileset_release -- ends a pick, recording whether the entry now exists */
void fsb_fileset_release(struct fsb_fileset *fs, uint64_t idx, int exists);
/* fsb_fileset_free -- frees the in-memory description (never touches the file system) */
void fsb_fileset_free(struct fsb_fileset *fs);

/* fsb_fileset_populate -- creates the root (which must not exist), the directories, and each entry
 * with probability prealloc/100, written with its size; -1 with fsb_fail() on failure */
int fsb_fileset_populate(struct fsb_fileset *fs, const struct fsb_target *t, unsigned prealloc,
			 uint64_t iosize, struct fsb_rng *rng);
/* fsb_fileset_remove -- removes the root and everything under it (readdir, so it also removes what
 * a run left); -1 with fsb_fail() on failure */
int fsb_fileset_remove(struct fsb_fileset *fs, const struct fsb_target *t);

#endif
