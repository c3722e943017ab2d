/*
 * wire.c -- sending and receiving one message, with descriptors attached
 * (SCM_RIGHTS), over a Unix SOCK_SEQPACKET socket.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <time.h>

#include "wire.h"

/* aer_wire_send -- one message and up to two descriptors */
int aer_wire_send(int sock, const void *buf, size_t len, const int *fds, int nfds)
{
	union { char buf[CMSG_SPACE(2 * sizeof(int))]; struct cmsghdr align; } ctl;
	struct iovec iov = { (void *)buf, len };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };

	if (nfds > 0) {
		memset(&ctl, 0, sizeof ctl);
		m.msg_control = ctl.buf;
		m.msg_controllen = CMSG_SPACE((size_t)nfds * sizeof(int));
		struct cmsghdr *c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN((size_t)nfds * sizeof(int));
		memcpy(CMSG_DATA(c), fds, (size_t)nfds * sizeof(int));
	}
	for (;;) {
		ssize_t n = sendmsg(sock, &m, MSG_NOSIGNAL);
		if (n >= 0)
			return 0;
		if (errno != EINTR)
			return -1;
	}
}

/* recv_one -- (internal) aer_wire_recv with recvmsg's flags */
static ssize_t recv_one(int sock, void *buf, size_t cap, int *fds, int flags)
{
	union { char buf[CMSG_SPACE(2 * sizeof(int))]; struct cmsghdr align; } ctl;
	struct iovec iov = { buf, cap };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
		.msg_controllen = sizeof ctl.buf };
	ssize_t n;

	do
		n = recvmsg(sock, &m, MSG_CMSG_CLOEXEC | flags);
	while (n < 0 && errno == EINTR);
	if (fds)
		fds[0] = fds[1] = -1;
	if (n < 0)
		return -1;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c)) {
		if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
			continue;
		int got[2] = { -1, -1 };
		size_t k = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
		memcpy(got, CMSG_DATA(c), (k > 2 ? 2 : k) * sizeof(int));
		if (fds)
			fds[0] = got[0], fds[1] = got[1];
	}
	if (m.msg_flags & MSG_TRUNC)
		return errno = EMSGSIZE, -1;
	return n;
}

/* aer_wire_recv -- one message and the descriptors that came with it */
ssize_t aer_wire_recv(int sock, void *buf, size_t cap, int *fds)
{
	return recv_one(sock, buf, cap, fds, 0);
}

/* aer_wire_spin_ns -- AERIE_SPIN_US in ns (default 100 us, 0: never spin);
 * a value that is not a number of microseconds is named once on stderr */
uint64_t aer_wire_spin_ns(void)
{
	static int64_t spin = -1;

	if (spin < 0) {
		const char *e = getenv("AERIE_SPIN_US");
		char *end = NULL;
		long v = e && *e ? strtol(e, &end, 10) : 100;
		if (end && (*end || v < 0 || v > 1000000)) {
			fprintf(stderr, "aerie: warning: AERIE_SPIN_US '%s' is not a number of "
				"microseconds from 0 to 1000000; polling 100 us\n", e);
			v = 100;
		}
		spin = (int64_t)v * 1000;
	}
	return (uint64_t)spin;
}

/* aer_wire_now_ns -- CLOCK_MONOTONIC in ns */
uint64_t aer_wire_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* aer_wire_recv_spin -- aer_wire_recv, polling without sleeping for up to
 * aer_wire_spin_ns() first: the answer to a request usually comes within
 * that time, and a CPU that went idle meanwhile takes far longer to wake
 * (60-90 us a round trip in this project's VMs, against 11-15 us when the
 * receiver's CPU is still running) */
ssize_t aer_wire_recv_spin(int sock, void *buf, size_t cap, int *fds)
{
	uint64_t spin = aer_wire_spin_ns(), until = spin ? aer_wire_now_ns() + spin : 0;
	int saved = errno;  /* a caller's errno survives the polls that found nothing */

	while (spin) {
		ssize_t n = recv_one(sock, buf, cap, fds, MSG_DONTWAIT);
		if (n >= 0)
			errno = saved;
		if (n >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK))
			return n;
		if (aer_wire_now_ns() >= until)
			break;
		sched_yield();  /* the service may be waiting for this CPU */
	}
	errno = saved;
	return aer_wire_recv(sock, buf, cap, fds);
}
