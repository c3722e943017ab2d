/*
 * tfs_client.c -- the backend of a TFS client: the pool mapped read-only at
 * its fixed address, granted blocks and leased files' blocks mapped writable
 * through the descriptor the service passed, and every grant, lease and
 * journal a round trip to aerie-tfs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <pmem_shim.h>

#include "aerie/aerie.h"
#include "mount.h"
#include "tfs_stats.h"
#include "wire.h"

#define MAX_LEASED 256
#define GRANT_BATCH 64  /* blocks asked for at once: fewer round trips per append */

struct leased {
	uint32_t ino;
	uint32_t users;     /* descriptors and calls of this process holding it */
	uint64_t renew_at;  /* ms: renew before the service may pass it over */
};

static struct {
	int sock, ro_fd, rw_fd;
	uintptr_t base;
	size_t size;
	uint32_t lease_ms;
	uint32_t cache_start, cache_len;   /* granted blocks not yet used */
	uint32_t inos[AER_INODE_BATCH];    /* granted inode numbers not yet used */
	uint32_t ninos;
	uint8_t *writable;                 /* per block: mapped writable */
	struct leased leased[MAX_LEASED];
} conn = { .sock = -1, .ro_fd = -1, .rw_fd = -1 };

/* now_ms -- (internal) monotonic milliseconds */
static uint64_t now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* rpc -- (internal) one request, one reply; a refusal becomes errno + message */
static int rpc(struct aer_req *rq, struct aer_rep *rp, int *fds)
{
	uint64_t t0 = aer_wire_now_ns();

	if (aer_wire_send(conn.sock, rq, aer_req_bytes(rq), NULL, 0) < 0)
		return aer_fail(EIO, "the file-system service is gone: %s", strerror(errno));
	ssize_t n = aer_wire_recv_spin(conn.sock, rp, sizeof *rp, fds);
	if (n != (ssize_t)sizeof *rp)
		return aer_fail(EIO, "the file-system service is gone (reply of %zd bytes)", n);
	aer_tfs_stats_add(rq->type, aer_wire_now_ns() - t0, rp->served_ns);
	if (rp->err)
		return aer_fail(rp->err, "aerie-tfs: %s", rp->msg);
	return 0;
}

/* remap -- (internal) makes blocks writable (1) or read-only (0) again: one
 * mapping of the pool whose pages change protection, not a mapping per grant */
static int remap(struct aer_fs *fs, uint32_t start, uint32_t len, int rw)
{
	if (mprotect(aer_block_addr(fs, start), (size_t)len * AER_BLOCK_SIZE,
			rw ? PROT_READ | PROT_WRITE : PROT_READ) < 0)
		return aer_fail(errno, "cannot change the protection of blocks %u+%u: %s", start, len,
				strerror(errno));
	memset(conn.writable + start, rw, len);
	return 0;
}

/* lease_slot -- (internal) this client's record of its lease on ino, or NULL */
static struct leased *lease_slot(uint32_t ino)
{
	for (int i = 0; i < MAX_LEASED; i++)
		if (conn.leased[i].ino == ino)
			return &conn.leased[i];
	return NULL;
}

/* tfs_submit -- a journal to the service */
static int tfs_submit(struct aer_fs *fs, const struct aer_journal *j)
{
	static struct aer_req rq;
	struct aer_rep rp;

	rq.type = AER_MSG_SUBMIT;
	memcpy(&rq.journal, j, aer_journal_bytes(j->nops));
	if (rpc(&rq, &rp, NULL) < 0)
		return -1;
	/* blocks of files this client does not lease (KVFS values) stop being writable */
	for (uint32_t i = 0; i < j->nops; i++)
		if (j->ops[i].kind == AER_OP_EXTENT_ALLOC && !lease_slot(j->ops[i].ino))
			remap(fs, j->ops[i].start, j->ops[i].len, 0);
	return 0;
}

/* tfs_grant_blocks -- blocks from the local batch, asking for a new batch when empty */
static int tfs_grant_blocks(struct aer_fs *fs, uint32_t want, uint32_t *start, uint32_t *len)
{
	if (!conn.cache_len) {
		struct aer_req rq = { .type = AER_MSG_GRANT_BLOCKS, .a = want > GRANT_BATCH ? want : GRANT_BATCH };
		struct aer_rep rp;
		if (rpc(&rq, &rp, NULL) < 0)
			return -1;
		if (!aer_is_data_range(fs, rp.a, rp.b))
			return aer_fail(EPROTO, "the service granted blocks %u+%u outside the data area", rp.a, rp.b);
		if (remap(fs, rp.a, rp.b, 1) < 0)
			return -1;
		conn.cache_start = rp.a;
		conn.cache_len = rp.b;
	}
	*start = conn.cache_start;
	*len = want < conn.cache_len ? want : conn.cache_len;
	conn.cache_start += *len;
	conn.cache_len -= *len;
	return 0;
}

/* tfs_ungrant_blocks -- unclaimed blocks go back, read-only again */
static void tfs_ungrant_blocks(struct aer_fs *fs, uint32_t start, uint32_t len)
{
	struct aer_req rq = { .type = AER_MSG_UNGRANT_BLOCKS, .a = start, .b = len };
	struct aer_rep rp;

	remap(fs, start, len, 0);
	rpc(&rq, &rp, NULL);
}

/* tfs_grant_inode -- an inode number from the local batch, refilled by the service */
static int tfs_grant_inode(struct aer_fs *fs, uint32_t *ino)
{
	struct aer_req rq = { .type = AER_MSG_GRANT_INODE, .a = AER_INODE_BATCH };
	struct aer_rep rp;

	if (!conn.ninos) {
		if (rpc(&rq, &rp, NULL) < 0)
			return -1;
		for (uint32_t i = 0; i < rp.a && i < AER_INODE_BATCH; i++)
			conn.inos[conn.ninos++] = rp.inos[i];
		if (!conn.ninos)
			return aer_fail(EPROTO, "the service granted no inode");
	}
	*ino = conn.inos[--conn.ninos];
	return 0;
}

/* tfs_ungrant_inode -- an unclaimed inode number goes back to the batch */
static void tfs_ungrant_inode(struct aer_fs *fs, uint32_t ino)
{
	struct aer_req rq = { .type = AER_MSG_UNGRANT_INODE, .a = ino };
	struct aer_rep rp;

	if (conn.ninos < AER_INODE_BATCH)
		conn.inos[conn.ninos++] = ino;
	else
		rpc(&rq, &rp, NULL);
}

/* lease_wait -- (internal) asks until the lease is granted or deadline passes */
static int lease_wait(struct aer_req *rq, uint64_t deadline)
{
	struct aer_rep rp;

	while (rpc(rq, &rp, NULL) < 0) {
		if (errno != EAGAIN || now_ms() >= deadline)
			return -1;
		struct timespec ts = { 0, (rp.a < 20 ? rp.a + 1 : 20) * 1000000L };
		nanosleep(&ts, NULL);
	}
	return 0;
}

/* tfs_lease -- asks until the lease is ours or a holder outlives three lease
 * times; the service checks ino is still of generation gen */
static int tfs_lease(struct aer_fs *fs, uint32_t ino, uint32_t gen)
{
	uint64_t deadline = now_ms() + 3ull * conn.lease_ms + 1000;
	struct aer_req rq = { .type = AER_MSG_LEASE, .a = ino, .b = gen };
	struct leased *l = lease_slot(ino);

	if (l) {  /* another descriptor of this process holds it already */
		l->users++;
		return 0;
	}
	if (!(l = lease_slot(0)))
		return aer_fail(ENFILE, "this client holds %d leases", MAX_LEASED);
	if (lease_wait(&rq, deadline) < 0)
		return -1;
	l->ino = ino;
	l->users = 1;
	l->renew_at = now_ms() + conn.lease_ms / 2;
	return 0;
}

/* unmap_file -- (internal) a released file's blocks become read-only again */
static void unmap_file(struct aer_fs *fs, uint32_t ino)
{
	const struct aer_inode *in = aer_inode(fs, ino);

	for (uint32_t i = 0; in && i < in->nextents && i < AER_MAX_EXTENTS; i++) {
		const struct aer_extent *e = aer_extent_at(fs, in, i);
		if (e && aer_is_data_range(fs, e->start, e->len))
			remap(fs, e->start, e->len, 0);
	}
}

/* tfs_release -- drops a lease and the file's write window */
static void tfs_release(struct aer_fs *fs, uint32_t ino)
{
	struct aer_req rq = { .type = AER_MSG_RELEASE, .a = ino };
	struct aer_rep rp;
	struct leased *l = lease_slot(ino);

	if (!l || --l->users)
		return;
	l->ino = 0;
	unmap_file(fs, ino);
	rpc(&rq, &rp, NULL);
}

/* tfs_retake -- another client took over a lease this process still uses
 * (two writers of one file: a shell and the program it runs on the same
 * redirection): asks for it again, and forgets the file's write window,
 * whose blocks the other writer may have changed */
static int tfs_retake(struct aer_fs *fs, uint32_t ino, uint32_t gen)
{
	struct aer_req rq = { .type = AER_MSG_LEASE, .a = ino, .b = gen };
	struct leased *l = lease_slot(ino);

	if (!l)
		return aer_fail(EACCES, "this client holds no write lease on inode %u", ino);
	unmap_file(fs, ino);
	if (lease_wait(&rq, now_ms() + 3ull * conn.lease_ms + 1000) < 0)
		return -1;
	l->renew_at = now_ms() + conn.lease_ms / 2;
	return 0;
}

/* tfs_writable -- a leased file's blocks, mapped writable once the service agrees */
static int tfs_writable(struct aer_fs *fs, uint32_t ino, uint32_t start, uint32_t len)
{
	struct leased *l = lease_slot(ino);
	struct aer_req rq = { .type = AER_MSG_WRITABLE, .a = ino, .b = start, .c = len };
	struct aer_rep rp;
	int all = 1;

	if (!l)
		return aer_fail(EACCES, "this client holds no write lease on inode %u", ino);
	for (uint32_t b = start; b < start + len && all; b++)
		all = conn.writable[b];
	if (all && now_ms() < l->renew_at)
		return 0;
	if (rpc(&rq, &rp, NULL) < 0)  /* also renews the lease */
		return -1;
	l->renew_at = now_ms() + conn.lease_ms / 2;
	return all ? 0 : remap(fs, start, len, 1);
}

/* tfs_note -- (internal) a message the service does not answer: opening and
 * closing a descriptor cost no round trip */
static void tfs_note(uint32_t type, uint32_t ino, uint32_t gen)
{
	struct aer_req rq = { .type = type, .a = ino, .b = gen };

	aer_wire_send(conn.sock, &rq, aer_req_bytes(&rq), NULL, 0);
	aer_tfs_stats_add(type, 0, 0);
}

/* tfs_pin, tfs_unpin -- the service keeps the pins */
static void tfs_pin(struct aer_fs *fs, uint32_t ino, uint32_t gen) { tfs_note(AER_MSG_PIN, ino, gen); }
static void tfs_unpin(struct aer_fs *fs, uint32_t ino) { tfs_note(AER_MSG_UNPIN, ino, 0); }

/* tfs_flush -- cache-line write-back, then msync: this process did not open
 * the pool through pmem_shim, so on a pool file that is not pmem nothing else
 * would carry its stores to the file (on DAX the msync finds nothing to do) */
static void tfs_flush(struct aer_fs *fs, const void *addr, size_t len)
{
	uintptr_t a = (uintptr_t)addr & ~(uintptr_t)(AER_BLOCK_SIZE - 1);

	pms_flush(addr, len);
	msync((void *)a, (uintptr_t)addr + len - a, MS_SYNC);
}

/* tfs_unmount -- returns grants, unmaps, disconnects */
static void tfs_unmount(struct aer_fs *fs)
{
	if (conn.cache_len)
		tfs_ungrant_blocks(fs, conn.cache_start, conn.cache_len);
	conn.cache_len = 0;
	munmap((void *)conn.base, conn.size);
	free(conn.writable);
	close(conn.sock), close(conn.ro_fd), close(conn.rw_fd);
	memset(&conn, 0, sizeof conn);
	conn.sock = conn.ro_fd = conn.rw_fd = -1;
	aer_tfs_stats_report();
}

/* aer_tfs_forget -- the parent's connection, mapping and descriptors leave
 * this (forked) process; the service hears nothing */
void aer_tfs_forget(struct aer_fs *fs)
{
	munmap((void *)conn.base, conn.size);
	free(conn.writable);
	close(conn.sock), close(conn.ro_fd), close(conn.rw_fd);
	memset(&conn, 0, sizeof conn);
	conn.sock = conn.ro_fd = conn.rw_fd = -1;
	aer_tfs_stats_clear();
}

const struct aer_backend aer_tfs_backend = {
	"tfs", tfs_submit, tfs_grant_blocks, tfs_ungrant_blocks, tfs_grant_inode,
	tfs_ungrant_inode, tfs_lease, tfs_release, tfs_retake, tfs_writable, tfs_pin, tfs_unpin, tfs_flush,
	tfs_unmount,
};

/* move_high -- (internal) fd moved to a high number: a program that picks
 * its own low numbers (a shell's exec 3> file, dup2(fd, 3)) must not close
 * the connection or the pool's descriptors under the library */
static int move_high(int fd)
{
	struct rlimit rl;
	int min = 512, nfd;

	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur / 2 < 512)
		min = (int)(rl.rlim_cur / 2);
	if (fd < 0 || fd >= min || (nfd = fcntl(fd, F_DUPFD_CLOEXEC, min)) < 0)
		return fd;
	close(fd);
	return nfd;
}

/* connect_to -- (internal) the service's socket */
static int connect_to(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };

	if (strlen(path) >= sizeof a.sun_path)
		return aer_fail(ENAMETOOLONG, "socket path '%s' is too long", path);
	strcpy(a.sun_path, path);
	if ((conn.sock = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0)) < 0)
		return aer_fail(errno, "socket: %s", strerror(errno));
	if (connect(conn.sock, (struct sockaddr *)&a, sizeof a) < 0) {
		int e = errno;
		close(conn.sock);
		conn.sock = -1;
		return aer_fail(e, "cannot reach aerie-tfs at '%s': %s", path, strerror(e));
	}
	conn.sock = move_high(conn.sock);
	return 0;
}

/* aer_tfs_mount -- hello, map the pool read-only, attach as a client */
int aer_tfs_mount(struct aer_fs *fs, const char *socket_path)
{
	struct aer_req rq = { .type = AER_MSG_HELLO };
	struct aer_rep rp;
	int fds[2] = { -1, -1 };

	if (connect_to(socket_path) < 0)
		return -1;
	if (rpc(&rq, &rp, fds) < 0 || fds[0] < 0 || fds[1] < 0)
		goto fail_proto;
	conn.ro_fd = move_high(fds[0]), conn.rw_fd = move_high(fds[1]);
	conn.base = (uintptr_t)rp.addr, conn.size = (size_t)rp.size, conn.lease_ms = rp.c;
	/* through the read-write descriptor, so that granted pages can be made
	 * writable in place; mapped writable and then protected, because tools
	 * that watch a pool's writes (pmem_shim's power-loss shadow) follow the
	 * shared mappings that were writable when made */
	if (mmap((void *)conn.base, conn.size, PROT_READ | PROT_WRITE,
			MAP_SHARED | MAP_FIXED_NOREPLACE, conn.rw_fd, 0) != (void *)conn.base ||
			mprotect((void *)conn.base, conn.size, PROT_READ) < 0) {
		aer_fail(EADDRINUSE, "cannot map the pool at its address %#lx: %s",
				(unsigned long)conn.base, strerror(errno));
		goto fail;
	}
	struct aer_super *sb = (struct aer_super *)(conn.base + rp.a);
	if (rp.a >= conn.size || aer_super_check(sb, conn.size - rp.a) < 0 ||
			aer_fs_attach(fs, sb, AER_ROLE_CLIENT) < 0 ||
			!(conn.writable = calloc(sb->nblocks, 1))) {
		munmap((void *)conn.base, conn.size);
		goto fail;
	}
	fs->backend = &aer_tfs_backend;
	return 0;
fail_proto:
	if (fds[0] < 0 || fds[1] < 0) {
		char why[256];
		snprintf(why, sizeof why, "%s", aerie_errormsg());
		aer_fail(EPROTO, "aerie-tfs at '%s' did not say hello: %s", socket_path, why);
	}
fail:
	{
		int e = errno;
		close(conn.sock), close(conn.ro_fd), close(conn.rw_fd);
		conn.sock = conn.ro_fd = conn.rw_fd = -1;
		errno = e;
	}
	return -1;
}
