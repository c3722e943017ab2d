/*
 * tfs_lease.c -- exclusive write leases on inodes with an expiry. An expired
 * lease stays its holder's until another client asks for it: a slow client
 * keeps working, a stopped or killed one is passed over after the lease time.
 */
#include <errno.h>
#include <time.h>

#include "fs.h"
#include "tfs_lease.h"

struct lease {
	uint32_t ino;      /* 0: free entry */
	uint16_t client;
	uint64_t expires;  /* aer_lease_now_ms() */
};

static struct lease leases[AER_MAX_LEASES];
static uint32_t lease_ms = 2000;

/* aer_lease_now_ms -- monotonic milliseconds */
uint64_t aer_lease_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

/* aer_lease_init -- the lease time */
void aer_lease_init(uint32_t ms)
{
	lease_ms = ms;
}

/* find -- (internal) the entry of ino, or NULL */
static struct lease *find(uint32_t ino)
{
	for (uint32_t i = 0; i < AER_MAX_LEASES; i++)
		if (leases[i].ino == ino)
			return &leases[i];
	return NULL;
}

/* aer_lease_acquire -- grants, renews, or says how long to wait */
int aer_lease_acquire(uint32_t ino, uint16_t client, uint32_t *wait_ms)
{
	uint64_t now = aer_lease_now_ms();
	struct lease *l = find(ino);

	if (l && l->client != client && l->expires > now) {
		*wait_ms = (uint32_t)(l->expires - now);
		return aer_fail(EAGAIN, "inode %u is leased by client %u for %u ms more", ino,
				l->client, *wait_ms);
	}
	if (!l && !(l = find(0)))
		return aer_fail(ENOSPC, "%u leases are held", AER_MAX_LEASES);
	l->ino = ino;
	l->client = client;
	l->expires = now + lease_ms;
	return 0;
}

/* aer_lease_check -- client still holds ino (renewing it) */
int aer_lease_check(uint32_t ino, uint16_t client)
{
	struct lease *l = find(ino);

	if (!l || l->client != client)
		return 0;
	l->expires = aer_lease_now_ms() + lease_ms;
	return 1;
}

/* aer_lease_release -- the holder gives ino up */
void aer_lease_release(uint32_t ino, uint16_t client)
{
	struct lease *l = find(ino);
	if (l && l->client == client)
		l->ino = 0;
}

/* aer_lease_drop_client -- a client left: all its leases go */
void aer_lease_drop_client(uint16_t client)
{
	for (uint32_t i = 0; i < AER_MAX_LEASES; i++)
		if (leases[i].ino && leases[i].client == client)
			leases[i].ino = 0;
}
