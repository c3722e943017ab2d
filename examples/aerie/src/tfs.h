/*
 * tfs.h -- the trusted file-system service (what aerie-tfs runs).
 */
#ifndef AERIE_TFS_H
#define AERIE_TFS_H

#include <stdint.h>
#include <stdio.h>

struct aer_tfs_opts {
	const char *pool;     /* pool file the service owns */
	const char *socket;   /* Unix socket path it listens on */
	uint32_t lease_ms;    /* lease time */
	FILE *log;            /* one line per refusal and connection; NULL: none */
};

/* Serves clients until SIGTERM or SIGINT. Returns 0 after a clean shutdown,
 * -1 with a message when the pool or socket cannot be set up. */
int aer_tfs_serve(const struct aer_tfs_opts *o);

#endif /* AERIE_TFS_H */
