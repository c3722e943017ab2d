/*
 * aerie-test.h -- what the Aerie test programs share: mounting from a
 * "local:POOL" or "tfs:SOCKET" argument, and printing a call's result with
 * its errno name for FileCheck.
 */
#ifndef AERIE_TEST_H
#define AERIE_TEST_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "aerie/kvfs.h"
#include "aerie/pxfs.h"

/* test_mount -- mounts the file system spec names, or exits 1 */
static void test_mount(const char *spec)
{
	int rc = !strncmp(spec, "tfs:", 4) ? aerie_mount_tfs(spec + 4)
		: aerie_mount(!strncmp(spec, "local:", 6) ? spec + 6 : spec);
	if (rc < 0) {
		printf("mount: error: %s\n", aerie_errormsg());
		exit(1);
	}
}

/* SHOW -- "label: result ERRNO-NAME" (or "ok") */
#define SHOW(label, expr) do { \
	errno = 0; \
	long show_r_ = (long)(expr); \
	printf("%s: %ld %s\n", (label), show_r_, show_r_ < 0 ? strerrorname_np(errno) : "ok"); \
	fflush(stdout); \
} while (0)

/* MUST -- a call that has to succeed for the test to go on */
#define MUST(expr) do { \
	if ((long)(expr) < 0) { \
		printf("FAILED %s at line %d: %s\n", #expr, __LINE__, aerie_errormsg()); \
		exit(1); \
	} \
} while (0)

#endif /* AERIE_TEST_H */
