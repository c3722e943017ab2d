/*
 * bench_dir.c -- sanguo-bench dir: create, lookup and delete per second in
 * aged directories of 8 K, 16 K and 32 K entries, linear against
 * Gather-free, and the time to rebuild the Gather-free index at open.
 *
 * Both kinds share one slot format, so each size is filled once (through
 * the Gather-free index, which is fast) and aged (a fifth more names
 * inserted, then that many random ones removed: free slots scattered over
 * the directory), then opened as each kind in turn.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>

#include "bench.h"
#include "sanguo/dir.h"
#include "sanguo/dir_pstore.h"

/* dir_name -- the name of entry i of a set */
static size_t dir_name(char *buf, const char *prefix, uint32_t i)
{
	return (size_t)sprintf(buf, "%s-%08u.eml", prefix, i);
}

/* dir_fill -- size entries left after aging; *present marks them */
static int dir_fill(sg_dir *d, uint32_t size, unsigned char *present)
{
	uint32_t extra = size / 5, total = size + extra;
	char name[64];

	for (uint32_t i = 0; i < total; i++) {
		if (sg_dir_insert(d, name, dir_name(name, "file", i), i + 1) != 0)
			return -1;
		present[i] = 1;
	}
	for (uint32_t k = 0; k < extra;) {
		uint32_t i = bench_below(total);

		if (!present[i])
			continue;
		if (sg_dir_remove(d, name, dir_name(name, "file", i), NULL) != 0)
			return -1;
		present[i] = 0;
		k++;
	}
	return 0;
}

/* dir_rate -- operations per second of n operations taking ns */
static double dir_rate(uint32_t n, uint64_t ns)
{
	return ns ? n * 1e9 / (double)ns : 0;
}

/* dir_pick_present -- n distinct present entries in random order */
static uint32_t *dir_pick_present(const unsigned char *present, uint32_t total, uint32_t n)
{
	uint32_t *all = malloc(total * sizeof *all), m = 0;

	if (!all)
		return NULL;
	for (uint32_t i = 0; i < total; i++)
		if (present[i])
			all[m++] = i;
	for (uint32_t i = 0; i < n && i < m; i++) {
		uint32_t j = i + bench_below(m - i), t = all[i];

		all[i] = all[j];
		all[j] = t;
	}
	return all;
}

/* dir_measure -- creates, lookups, deletes on d; prints one row */
static int dir_measure(sg_dir *d, const char *kind, uint32_t size, uint32_t ops,
		const unsigned char *present, const double *open_ms)
{
	uint32_t total = size + size / 5, ino;
	char name[64];
	uint64_t t0, tc, tl, td;
	uint32_t *gone;

	if (ops > size)
		ops = size;
	gone = dir_pick_present(present, total, ops);

	if (!gone)
		return -1;
	t0 = bench_now_ns();
	for (uint32_t i = 0; i < ops; i++)
		if (sg_dir_insert(d, name, dir_name(name, "new", i), 1) != 0)
			return -1;
	tc = bench_now_ns() - t0;
	t0 = bench_now_ns();
	for (uint32_t k = 0; k < ops;) {
		uint32_t i = bench_below(total);

		if (!present[i])
			continue;
		if (sg_dir_lookup(d, name, dir_name(name, "file", i), &ino) != 0 || ino != i + 1)
			return -1;
		k++;
	}
	tl = bench_now_ns() - t0;
	/* Deletes take random old names (the new ones sit in the lowest free
	 * slots, where a linear scan finds them at once); put back untimed. */
	t0 = bench_now_ns();
	for (uint32_t k = 0; k < ops; k++)
		if (sg_dir_remove(d, name, dir_name(name, "file", gone[k]), NULL) != 0)
			return -1;
	td = bench_now_ns() - t0;
	for (uint32_t k = 0; k < ops; k++)
		if (sg_dir_insert(d, name, dir_name(name, "file", gone[k]), gone[k] + 1) != 0 ||
		    sg_dir_remove(d, name, dir_name(name, "new", k), NULL) != 0)
			return -1;
	printf("%-11s %7u %12.0f %12.0f %12.0f %8.3f %8.3f\n", kind, size, dir_rate(ops, tc),
		dir_rate(ops, tl), dir_rate(ops, td), open_ms[0], open_ms[1]);
	free(gone);
	return 0;
}

#define DIR_OPENS 11

/* dir_open_timed -- opens d as kind; the minimum and median of DIR_OPENS
 * opens in ms[0], ms[1] (the machine may be shared: the minimum is the
 * cost, the median what a run sees) */
static sg_dir *dir_open_timed(const struct sg_dir_store *st, enum sg_dir_kind kind,
		double *ms)
{
	struct sg_dir_opts o = { kind, 0 };
	double t[DIR_OPENS];
	sg_dir *d = NULL;

	for (int k = 0; k < DIR_OPENS; k++) {
		uint64_t t0 = bench_now_ns();

		sg_dir_close(d);
		if (!(d = sg_dir_open(st, &o)))
			return NULL;
		t[k] = (bench_now_ns() - t0) / 1e6;
	}
	for (int i = 0; i < DIR_OPENS; i++)
		for (int j = i + 1; j < DIR_OPENS; j++)
			if (t[j] < t[i]) {
				double x = t[i];
				t[i] = t[j];
				t[j] = x;
			}
	ms[0] = t[0];
	ms[1] = t[DIR_OPENS / 2];
	return d;
}

/* bench_dir -- every size, both kinds */
int bench_dir(const struct bench_opts *o)
{
	static const uint32_t sizes[] = { 8192, 16384, 32768 };

	printf("# dir: aged directories, %u operations timed per kind, size and "
		"operation, one transaction each, seed %llu\n", o->dir_ops,
		(unsigned long long)o->seed);
	printf("%-11s %7s %12s %12s %12s %8s %8s\n", "kind", "entries", "create/s", "lookup/s",
		"delete/s", "open_min", "open_med");
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		uint32_t size = sizes[i];
		unsigned char *present = calloc(size + size / 5, 1);
		struct sg_dir_opts fill = { SG_DIR_GATHER_FREE, 0 };
		struct sg_dir_store st;
		struct sg_dir_pstore *ps;
		char root[32];
		sg_dir *d;
		double ms[2];

		snprintf(root, sizeof root, "dir-%u", size);
		bench_seed(o->seed);
		if (!present || !(ps = sg_dir_pstore_create(root, size / 16)))
			goto fail;
		sg_dir_pstore_ops(ps, &st);
		if (!(d = sg_dir_open(&st, &fill)) || dir_fill(d, size, present) != 0)
			goto fail;
		sg_dir_close(d);
		for (int k = 0; k < 2; k++) {
			enum sg_dir_kind kind = k ? SG_DIR_GATHER_FREE : SG_DIR_LINEAR;

			if (!(d = dir_open_timed(&st, kind, ms)) ||
			    dir_measure(d, sg_dir_kind_name(kind), size, o->dir_ops, present, ms) != 0 ||
			    sg_dir_check(d) != 0)
				goto fail;
			sg_dir_close(d);
		}
		free(present);
		continue;
fail:
		fprintf(stderr, "sanguo-bench: error: directory of %u entries: %s\n", size,
			sg_errormsg());
		return 1;
	}
	return 0;
}
