// 20,000 random inserts, removes and lookups over 3,000 names agree with a
// model (a sorted array of name -> inode) at every step: same results and
// errno, and every 500 steps the same entries in iteration and a clean
// self-check (Gather-free: free list sorted, merged, every free slot once,
// block map right, tree balanced). Operations inside an aborted transaction
// leave no trace in slots or DRAM indexes; reopening rebuilds an identical
// directory. Linear, Gather-free, and Gather-free keyed on 3 hash bits (so
// almost every lookup goes through a collision list).
//
// RUN: %sg-cc %s -o %t %sg-ldflags
// RUN: rm -f %t.pool && %t %t.pool linear 64 | FileCheck %s
// RUN: rm -f %t.pool && %t %t.pool gather-free 64 | FileCheck %s
// RUN: rm -f %t.pool && %t %t.pool gather-free 3 | FileCheck %s
//
// CHECK: 20000 operations agree with the model
// CHECK-NEXT: aborted transaction left no trace
// CHECK-NEXT: reopened: same entries, check clean
// CHECK-NEXT: bad names: ENAMETOOLONG EINVAL EINVAL

#include "sg_test.h"
#include "sanguo/dir.h"
#include "sanguo/dir_pstore.h"

#define NAMES 3000u
#define OPS 20000u

static uint32_t model[NAMES];   /* by name number: inode, 0 when absent */
static uint32_t nmodel;
static uint64_t rnd = 11;

static uint32_t draw(uint32_t n)
{
	rnd ^= rnd << 13; rnd ^= rnd >> 7; rnd ^= rnd << 17;
	return (uint32_t)(rnd % n);
}

/* name_of -- a name of 1 to 100 bytes that encodes its number */
static size_t name_of(uint32_t i, char *buf)
{
	int n = sprintf(buf, "file-%u-", i);

	for (uint32_t k = 0; k < (i * 7) % 93; k++)
		buf[n++] = (char)('a' + (i + k) % 26);
	return (size_t)n;
}

struct seen { uint32_t n; uint32_t ino[NAMES]; };

/* collect -- what iteration finds, by name number */
static int collect(const struct sg_dirent *e, uint32_t slot, void *arg)
{
	struct seen *s = arg;
	unsigned i;

	CHECK_OR_DIE(sscanf(e->name, "file-%u-", &i) == 1 && i < NAMES, "name %s", e->name);
	CHECK_OR_DIE(!s->ino[i], "name %u twice", i);
	s->ino[i] = e->ino;
	s->n++;
	return 0;
}

/* same_as_model -- iteration, count and self-check agree with the model */
static void same_as_model(sg_dir *d, uint32_t step)
{
	static struct seen s;

	memset(&s, 0, sizeof s);
	CHECK_OR_DIE(sg_dir_check(d) == 0, "check at step %u", step);
	sg_dir_foreach(d, collect, &s);
	CHECK_OR_DIE(s.n == nmodel && sg_dir_count(d) == nmodel, "%u entries, model %u at %u",
		s.n, nmodel, step);
	CHECK_OR_DIE(!memcmp(s.ino, model, sizeof model), "entries differ at step %u", step);
}

/* one_op -- a random operation, its result checked against the model */
static void one_op(sg_dir *d, uint32_t step, int apply)
{
	char name[128];
	uint32_t i = draw(NAMES), ino = 0, kind = draw(3);
	size_t len = name_of(i, name);
	int r;

	if (kind == 0) {
		r = sg_dir_insert(d, name, len, 1000 + step);
		CHECK_OR_DIE(model[i] ? r == -1 && errno == EEXIST : r == 0, "insert %u", i);
		if (!model[i] && apply) {
			model[i] = 1000 + step;
			nmodel++;
		}
	} else if (kind == 1) {
		r = sg_dir_remove(d, name, len, &ino);
		CHECK_OR_DIE(model[i] ? r == 0 && ino == model[i] : r == -1 && errno == ENOENT,
			"remove %u", i);
		if (model[i] && apply) {
			model[i] = 0;
			nmodel--;
		}
	} else {
		r = sg_dir_lookup(d, name, len, &ino);
		CHECK_OR_DIE(model[i] ? r == 0 && ino == model[i] : r == -1 && errno == ENOENT,
			"lookup %u", i);
	}
}

int main(int argc, char **argv)
{
	struct sg_dir_opts o = { sg_dir_kind_parse(argv[2]), (unsigned)atoi(argv[3]) };
	struct sg_dir_store st;
	char big[200];

	test_open_pool(argv[1]);
	struct sg_dir_pstore *ps = sg_dir_pstore_create("dir", 1024);
	CHECK_OR_DIE(ps, "store");
	sg_dir_pstore_ops(ps, &st);
	sg_dir *d = sg_dir_open(&st, &o);
	CHECK_OR_DIE(d, "open");
	for (uint32_t k = 0; k < OPS; k++) {
		one_op(d, k, 1);
		if (k % 500 == 499)
			same_as_model(d, k);
	}
	printf("%u operations agree with the model\n", OPS);

	pms_tx_begin();
	for (uint32_t k = 0; k < 40; k++)   /* model untouched: the abort undoes them */
		one_op(d, OPS + k, 0);
	pms_tx_abort();
	same_as_model(d, OPS + 40);
	printf("aborted transaction left no trace\n");

	sg_dir_close(d);
	d = sg_dir_open(&st, &o);
	CHECK_OR_DIE(d, "reopen");
	same_as_model(d, OPS + 41);
	printf("reopened: same entries, check clean\n");

	memset(big, 'x', sizeof big);
	CHECK_OR_DIE(sg_dir_insert(d, big, SG_NAME_MAX + 1, 5) == -1, "long");
	printf("bad names: %s", errno == ENAMETOOLONG ? "ENAMETOOLONG" : "?");
	CHECK_OR_DIE(sg_dir_insert(d, big, 3, 0) == -1, "ino 0");
	printf(" %s", errno == EINVAL ? "EINVAL" : "?");
	CHECK_OR_DIE(sg_dir_insert(d, big, 0, 5) == -1, "empty");
	printf(" %s\n", errno == EINVAL ? "EINVAL" : "?");
	same_as_model(d, OPS + 42);
	sg_dir_close(d);
	return 0;
}
