/*
 * tfs_server.h -- the service's state shared by its loop (tfs_server.c) and
 * its request handlers (tfs_requests.c).
 */
#ifndef AERIE_TFS_SERVER_H
#define AERIE_TFS_SERVER_H

#include <sys/types.h>

#include "fs.h"
#include "tfs.h"
#include "wire.h"

#define MAX_CLIENTS 64

struct client {
	int sock;       /* -1: free */
	uint16_t id;
	pid_t pid;
	uint32_t *pinned;        /* inodes of its open descriptors, one entry each */
	uint32_t npinned, cap;
};

struct server {
	struct aer_fs fs;
	const struct aer_tfs_opts *o;
	int listen_sock, ro_fd, rw_fd;
	struct client clients[MAX_CLIENTS];
	uint16_t next_id;
};

/* Closes every descriptor c had open (it disconnected). */
void aer_tfs_unpin_all(struct server *s, struct client *c);

/* Answers one request of c into *rp. 0, or -1 with errno and message. */
int aer_tfs_handle(struct server *s, struct client *c, const struct aer_req *rq,
		struct aer_rep *rp);

#endif /* AERIE_TFS_SERVER_H */
