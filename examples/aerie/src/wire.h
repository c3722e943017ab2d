/*
 * wire.h -- the messages between TFS clients and aerie-tfs: one request and
 * one reply per round trip over a Unix SOCK_SEQPACKET socket.
 */
#ifndef AERIE_WIRE_H
#define AERIE_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include "journal.h"

enum aer_msg_type {
	AER_MSG_HELLO = 1,      /* -> addr, size, a = region offset, b = client id, c = lease ms; fds */
	AER_MSG_GRANT_BLOCKS,   /* a = want -> a = start, b = len */
	AER_MSG_UNGRANT_BLOCKS, /* a = start, b = len */
	AER_MSG_GRANT_INODE,    /* a = want -> a = how many, inos[] */
	AER_MSG_UNGRANT_INODE,  /* a = ino */
	AER_MSG_LEASE,          /* a = ino, b = its gen -> 0, ESTALE (removed or reused),
	                           or EAGAIN and a = ms until the holder's expiry */
	AER_MSG_RELEASE,        /* a = ino */
	AER_MSG_WRITABLE,       /* a = ino, b = start, c = len: blocks of a leased file */
	AER_MSG_SUBMIT,         /* payload: a journal */
	AER_MSG_PIN,            /* a = ino, b = its gen: a descriptor opened (no reply;
	                           ignored when the inode was removed or reused) */
	AER_MSG_UNPIN,          /* a = ino: a descriptor closed (no reply) */
};

struct aer_req {
	uint32_t type;
	uint32_t a, b, c;
	struct aer_journal journal;  /* AER_MSG_SUBMIT only; sent up to its last op */
};

/* Most inode numbers one grant carries. */
#define AER_INODE_BATCH 16

struct aer_rep {
	int32_t err;   /* 0, or the errno of a refusal */
	uint32_t a, b, c;
	uint64_t addr, size;
	uint32_t inos[AER_INODE_BATCH];
	uint64_t served_ns; /* the service's time handling the request (tfs_stats.h) */
	char msg[400]; /* the refusal, one line */
};

/* Bytes of a request on the wire. */
static inline size_t aer_req_bytes(const struct aer_req *r)
{
	return r->type == AER_MSG_SUBMIT
		? offsetof(struct aer_req, journal) + aer_journal_bytes(r->journal.nops)
		: offsetof(struct aer_req, journal);
}

/* Sends one message with up to two descriptors; 0 or -1 with errno. */
int aer_wire_send(int sock, const void *buf, size_t len, const int *fds, int nfds);
/* Receives one message into buf (cap bytes), taking up to two descriptors
 * into fds (when not NULL, -1 where none came); bytes received, 0 at EOF,
 * or -1 with errno. */
ssize_t aer_wire_recv(int sock, void *buf, size_t cap, int *fds);
/* aer_wire_recv, after polling for up to aer_wire_spin_ns() without sleeping. */
ssize_t aer_wire_recv_spin(int sock, void *buf, size_t cap, int *fds);
/* How long a waiting side polls before it sleeps: AERIE_SPIN_US (default 100 us; 0 never). */
uint64_t aer_wire_spin_ns(void);
/* CLOCK_MONOTONIC in ns. */
uint64_t aer_wire_now_ns(void);

#endif /* AERIE_WIRE_H */
