/*
 * tfs_stats.h -- what a TFS client's round trips to aerie-tfs cost, by
 * message type: how many, the time the client waited for each answer, and
 * the part of it the service spent handling the request (it reports that in
 * the reply). With AERIE_TFS_STATS=FILE, unmounting appends one line per
 * message type to FILE ('-': standard error).
 */
#ifndef AERIE_TFS_STATS_H
#define AERIE_TFS_STATS_H

#include <stdint.h>

/* One answered request of type (AER_MSG_*), or one unanswered note
 * (rtt_ns and served_ns 0). */
void aer_tfs_stats_add(uint32_t type, uint64_t rtt_ns, uint64_t served_ns);

/* Appends the counts to AERIE_TFS_STATS's file, if set, and starts over. */
void aer_tfs_stats_report(void);

/* Starts over without a report (a forked child drops its parent's counts). */
void aer_tfs_stats_clear(void);

#endif /* AERIE_TFS_STATS_H */
