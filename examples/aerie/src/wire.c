/*
 * wire.c -- sending and receiving one message, with descriptors attached
 * (SCM_RIGHTS), over a Unix SOCK_SEQPACKET socket.
 */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/types.h>

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

/* aer_wire_recv -- one message and the descriptors that came with it */
ssize_t aer_wire_recv(int sock, void *buf, size_t cap, int *fds)
{
	union { char buf[CMSG_SPACE(2 * sizeof(int))]; struct cmsghdr align; } ctl;
	struct iovec iov = { buf, cap };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl.buf,
		.msg_controllen = sizeof ctl.buf };
	ssize_t n;

	do
		n = recvmsg(sock, &m, MSG_CMSG_CLOEXEC);
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
