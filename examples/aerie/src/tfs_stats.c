/*
 * tfs_stats.c -- per-message-type counts of a TFS client's round trips
 * (tfs_stats.h). One line per type, key=value, so that scripts can sum runs:
 *   aerie-tfs-stats pid=P type=submit count=N round_trip_us=R service_us=S
 * round_trip_us is the mean wait for an answer (send, the service's work,
 * the answer); service_us the mean of the service's own handling time.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tfs_stats.h"
#include "wire.h"

#define NTYPES (AER_MSG_UNPIN + 1)

static struct {
	uint64_t count, rtt_ns, served_ns;
} by_type[NTYPES];

static const char *const type_name[NTYPES] = {
	[AER_MSG_HELLO] = "hello", [AER_MSG_GRANT_BLOCKS] = "grant_blocks",
	[AER_MSG_UNGRANT_BLOCKS] = "ungrant_blocks", [AER_MSG_GRANT_INODE] = "grant_inode",
	[AER_MSG_UNGRANT_INODE] = "ungrant_inode", [AER_MSG_LEASE] = "lease",
	[AER_MSG_RELEASE] = "release", [AER_MSG_WRITABLE] = "writable",
	[AER_MSG_SUBMIT] = "submit", [AER_MSG_PIN] = "pin", [AER_MSG_UNPIN] = "unpin",
};

void aer_tfs_stats_add(uint32_t type, uint64_t rtt_ns, uint64_t served_ns)
{
	if (type >= NTYPES)
		return;
	by_type[type].count++;
	by_type[type].rtt_ns += rtt_ns;
	by_type[type].served_ns += served_ns;
}

void aer_tfs_stats_report(void)
{
	const char *path = getenv("AERIE_TFS_STATS");
	FILE *f;

	if (!path || !*path)
		goto clear;
	f = strcmp(path, "-") == 0 ? stderr : fopen(path, "a");
	if (!f) {
		fprintf(stderr, "aerie: warning: cannot append the TFS round-trip counts to "
			"AERIE_TFS_STATS '%s': %s\n", path, strerror(errno));
		goto clear;
	}
	for (int t = 1; t < NTYPES; t++) {
		if (!by_type[t].count || !type_name[t])
			continue;
		/* a note has no answer: a count, no time */
		if (t == AER_MSG_PIN || t == AER_MSG_UNPIN)
			fprintf(f, "aerie-tfs-stats pid=%d type=%s count=%llu\n", (int)getpid(),
				type_name[t], (unsigned long long)by_type[t].count);
		else
			fprintf(f, "aerie-tfs-stats pid=%d type=%s count=%llu round_trip_us=%.2f "
				"service_us=%.2f\n", (int)getpid(), type_name[t],
				(unsigned long long)by_type[t].count,
				by_type[t].rtt_ns / 1e3 / by_type[t].count,
				by_type[t].served_ns / 1e3 / by_type[t].count);
	}
	if (f != stderr)
		fclose(f);
clear:
	aer_tfs_stats_clear();
}

void aer_tfs_stats_clear(void)
{
	memset(by_type, 0, sizeof by_type);
}
