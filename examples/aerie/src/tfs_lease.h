/*
 * tfs_lease.h -- the TFS's lease table: exclusive write leases on inodes
 * that expire, so a client that stops or dies cannot hold a file forever.
 */
#ifndef AERIE_TFS_LEASE_H
#define AERIE_TFS_LEASE_H

#include <stdint.h>

/* Most leases held at once across all clients. */
#define AER_MAX_LEASES 4096

/* Milliseconds on a monotonic clock. */
uint64_t aer_lease_now_ms(void);
/* Sets how long a lease lasts without renewal. */
void aer_lease_init(uint32_t lease_ms);
/* Grants or renews client's lease on ino. 0, or -1: EAGAIN (another
 * client's lease runs *wait_ms more), ENOSPC (table full). */
int aer_lease_acquire(uint32_t ino, uint16_t client, uint32_t *wait_ms);
/* 1 when client is ino's holder and nobody took the lease since it
 * expired; renews it. */
int aer_lease_check(uint32_t ino, uint16_t client);
void aer_lease_release(uint32_t ino, uint16_t client);
/* Drops every lease of client (it disconnected). */
void aer_lease_drop_client(uint16_t client);

#endif /* AERIE_TFS_LEASE_H */
