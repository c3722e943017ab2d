/*
 * sg_test.h -- what the SanGuo test programs share: opening a pool and
 * failing with the line that found the problem.
 */
#ifndef SG_TEST_H
#define SG_TEST_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pmem_shim.h>

#include "sanguo/alloc.h"

/* CHECK_OR_DIE -- a failed expectation ends the test with its line */
#define CHECK_OR_DIE(cond, ...) do { \
	if (!(cond)) { \
		fprintf(stderr, "FAILED %s:%d: ", __FILE__, __LINE__); \
		fprintf(stderr, __VA_ARGS__); \
		fprintf(stderr, " (%s)\n", sg_errormsg()); \
		exit(1); \
	} \
} while (0)

/* test_open_pool -- opens (creating) the pool at path or dies */
static inline pms_pool *test_open_pool(const char *path)
{
	pms_pool *p = pms_pool_open(path, PMS_CREATE, NULL);

	if (!p) {
		fprintf(stderr, "cannot open pool %s: %s\n", path, pms_errormsg());
		exit(2);
	}
	return p;
}

#endif /* SG_TEST_H */
