/*
 * tfs_server.c -- aerie-tfs's loop: owns the pool, accepts clients on a Unix
 * socket, hands them the pool's descriptors, grants blocks and inodes,
 * leases files, and validates and applies their journals one at a time.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <pmem_shim.h>

#include "aerie/aerie.h"
#include "mount.h"
#include "tfs.h"
#include "tfs_lease.h"
#include "wire.h"

#include "tfs_server.h"

static volatile sig_atomic_t stop_requested;

static void on_stop(int sig) { stop_requested = 1; }

/* say -- (internal) one log line */
static void say(const struct server *s, const char *fmt, ...)
{
	va_list ap;

	if (!s->o->log)
		return;
	va_start(ap, fmt);
	vfprintf(s->o->log, fmt, ap);
	va_end(ap);
	fflush(s->o->log);
}

/* listen_on -- (internal) the service socket, bound under a temporary name
 * and renamed into place once listening: a client that sees the path can
 * connect (bind creates the file before listen would accept) */
static int listen_on(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int s;

	if (strlen(path) + 5 >= sizeof a.sun_path)
		return aer_fail(ENAMETOOLONG, "socket path '%s' is too long", path);
	snprintf(a.sun_path, sizeof a.sun_path, "%s.new", path);
	if ((s = socket(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0)) < 0)
		return aer_fail(errno, "socket: %s", strerror(errno));
	unlink(a.sun_path);  /* left by a killed service */
	if (bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 16) < 0 ||
			rename(a.sun_path, path) < 0) {
		int e = errno;
		close(s);
		unlink(a.sun_path);
		return aer_fail(e, "cannot listen on '%s': %s", path, strerror(e));
	}
	return s;
}

/* accept_one -- (internal) a new client gets a slot and an id */
static void accept_one(struct server *s)
{
	int sock = accept4(s->listen_sock, NULL, NULL, SOCK_CLOEXEC);
	struct ucred cred = { 0 };
	socklen_t len = sizeof cred;

	if (sock < 0)
		return;
	for (int i = 0; i < MAX_CLIENTS; i++) {
		struct client *c = &s->clients[i];
		if (c->sock >= 0)
			continue;
		getsockopt(sock, SOL_SOCKET, SO_PEERCRED, &cred, &len);
		if (++s->next_id == 0)
			s->next_id = 2;  /* 1 is single-process mode's */
		*c = (struct client){ .sock = sock, .id = s->next_id, .pid = cred.pid };
		say(s, "aerie-tfs: client %u connected (pid %ld)\n", c->id, (long)c->pid);
		return;
	}
	close(sock);  /* full: the client sees the connection closed */
}

/* drop_client -- (internal) a client left or died: its grants and leases go */
static void drop_client(struct server *s, struct client *c)
{
	aer_grants_drop(&s->fs, c->id);
	aer_lease_drop_client(c->id);
	aer_tfs_unpin_all(s, c);
	close(c->sock);
	say(s, "aerie-tfs: client %u gone; its grants and leases are released\n", c->id);
	c->sock = -1;
}

/* serve_one -- (internal) one request of c, one reply */
static void serve_one(struct server *s, struct client *c)
{
	static struct aer_req rq;
	static struct aer_rep rp;
	int fds[2] = { s->ro_fd, s->rw_fd };
	ssize_t n = aer_wire_recv(c->sock, &rq, sizeof rq, NULL);

	if (n <= 0) {
		drop_client(s, c);
		return;
	}
	memset(&rp, 0, sizeof rp);
	uint64_t t0 = aer_wire_now_ns();
	if ((size_t)n < offsetof(struct aer_req, journal) ||
			(rq.type == AER_MSG_SUBMIT && ((size_t)n < offsetof(struct aer_req, journal) + 8 ||
			 rq.journal.nops > AER_JOURNAL_MAX_OPS || (size_t)n != aer_req_bytes(&rq)))) {
		rp.err = EPROTO;
		snprintf(rp.msg, sizeof rp.msg, "malformed request of %zd bytes", n);
	} else if (aer_tfs_handle(s, c, &rq, &rp) < 0) {
		rp.err = errno ? errno : EIO;
		snprintf(rp.msg, sizeof rp.msg, "%s", aerie_errormsg());
		say(s, "aerie-tfs: client %u refused: %s\n", c->id, rp.msg);
	}
	if (rq.type == AER_MSG_PIN || rq.type == AER_MSG_UNPIN)
		return;  /* notes: the client does not wait for an answer */
	rp.served_ns = aer_wire_now_ns() - t0;
	if (aer_wire_send(c->sock, &rp, sizeof rp, fds, rq.type == AER_MSG_HELLO && !rp.err ? 2 : 0) < 0)
		drop_client(s, c);
}

/* setup -- (internal) pool, descriptors for clients, socket, signals */
static int setup(struct server *s)
{
	struct sigaction sa = { .sa_handler = on_stop };

	if (aer_open_owner(&s->fs, s->o->pool) < 0)
		return -1;
	if (aer_orphans_sweep(&s->fs) < 0) {
		aer_close_owner(&s->fs);
		return -1;
	}
	s->fs.publish_seq = 1;
	s->ro_fd = open(s->o->pool, O_RDONLY | O_CLOEXEC);
	s->rw_fd = open(s->o->pool, O_RDWR | O_CLOEXEC);
	if (s->ro_fd < 0 || s->rw_fd < 0) {
		aer_close_owner(&s->fs);
		return aer_fail(errno, "cannot open '%s' for clients: %s", s->o->pool, strerror(errno));
	}
	if ((s->listen_sock = listen_on(s->o->socket)) < 0) {
		aer_close_owner(&s->fs);
		return -1;
	}
	for (int i = 0; i < MAX_CLIENTS; i++)
		s->clients[i].sock = -1;
	s->next_id = 1;
	aer_lease_init(s->o->lease_ms);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
	return 0;
}

/* aer_tfs_serve -- the service loop */
int aer_tfs_serve(const struct aer_tfs_opts *o)
{
	static struct server s;
	struct pollfd pf[MAX_CLIENTS + 1];

	s.o = o;
	if (setup(&s) < 0)
		return -1;
	say(&s, "aerie-tfs: serving %s on %s\n", o->pool, o->socket);
	/* After a request the loop polls without sleeping for AERIE_SPIN_US: a
	 * client's next request usually follows within that time, and waking an
	 * idle CPU costs more than the round trip itself (wire.c) */
	uint64_t spin = aer_wire_spin_ns(), busy_until = 0;
	while (!stop_requested) {
		int n = 0, wait;
		pf[n++] = (struct pollfd){ s.listen_sock, POLLIN, 0 };
		for (int i = 0; i < MAX_CLIENTS; i++)
			if (s.clients[i].sock >= 0)
				pf[n++] = (struct pollfd){ s.clients[i].sock, POLLIN, 0 };
		wait = spin && aer_wire_now_ns() < busy_until ? 0 : 1000;
		int ready = poll(pf, (nfds_t)n, wait);
		if (ready < 0)
			continue;  /* EINTR: maybe a stop */
		if (ready == 0) {
			if (wait == 0)
				sched_yield();  /* a client may be waiting for this CPU */
			continue;
		}
		busy_until = aer_wire_now_ns() + spin;
		for (int i = 1, k = 0; i < n; i++) {
			while (s.clients[k].sock != pf[i].fd)
				k++;
			if (pf[i].revents)
				serve_one(&s, &s.clients[k]);
		}
		if (pf[0].revents & POLLIN)
			accept_one(&s);
	}
	for (int i = 0; i < MAX_CLIENTS; i++)
		if (s.clients[i].sock >= 0)
			drop_client(&s, &s.clients[i]);
	close(s.listen_sock);
	unlink(o->socket);
	aer_close_owner(&s.fs);
	return 0;
}
