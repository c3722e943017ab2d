/*
 * strict_report.c -- PMS_STRICT_TX=report: the unlogged stores into the pool outside any
 * operation, counted per place in the program and listed at exit by source location
 * (addr2line), so that one run of a port's tests shows every place an operation is missing.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* dladdr */
#endif
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define REPORT_PLACES 256

struct place { const void *ra; unsigned long count; };

static pthread_mutex_t report_lock = PTHREAD_MUTEX_INITIALIZER;
static struct place places[REPORT_PLACES];
static int nplaces;
static unsigned long nstores, nlost; /* lost: places beyond the table */

/* strict_report_note -- counts one unlogged store made by the code at return address ra */
void strict_report_note(const void *ra)
{
	int i;

	pthread_mutex_lock(&report_lock);
	nstores++;
	for (i = 0; i < nplaces && places[i].ra != ra; i++)
		;
	if (i < nplaces)
		places[i].count++;
	else if (nplaces < REPORT_PLACES)
		places[nplaces++] = (struct place){ ra, 1 };
	else
		nlost++;
	pthread_mutex_unlock(&report_lock);
}

/* symbolize -- "file:line (function)" of the call before ra, or "module+0xoffset" */
static void symbolize(const void *ra, char *out, size_t size)
{
	Dl_info info;
	uintptr_t pc = (uintptr_t)ra - 1; /* inside the call instruction */
	char cmd[4200], fn[512] = "", loc[1024] = "";
	FILE *p;

	if (!dladdr(ra, &info) || !info.dli_fname) {
		snprintf(out, size, "%p", ra);
		return;
	}
	/* an ET_EXEC executable is linked at its addresses, anything else at 0 */
	if (((const ElfW(Ehdr) *)info.dli_fbase)->e_type != ET_EXEC)
		pc -= (uintptr_t)info.dli_fbase;
	snprintf(out, size, "%s+%#lx", info.dli_fname[0] ? info.dli_fname : "?",
		(unsigned long)pc);
	/* -i: PMS_LOGGED's pms_logged_ is inlined into the store's function */
	if (snprintf(cmd, sizeof(cmd), "addr2line -f -i -C -e '%s' %#lx 2>/dev/null",
			info.dli_fname[0] ? info.dli_fname : "/proc/self/exe",
			(unsigned long)pc) >= (int)sizeof(cmd) || strchr(info.dli_fname, '\''))
		return;
	p = popen(cmd, "r");
	if (!p)
		return;
	/* the innermost frame that is not the runtime's own header */
	while (fgets(fn, sizeof(fn), p) && fgets(loc, sizeof(loc), p)) {
		fn[strcspn(fn, "\n")] = 0;
		loc[strcspn(loc, "\n")] = 0;
		if (loc[0] != '?' && !strstr(loc, "pmem_shim/port.h")) {
			snprintf(out, size, "%s (%s)", loc, fn);
			break;
		}
	}
	pclose(p);
}

/* strict_report_print -- the list, at exit */
void strict_report_print(void)
{
	char where[1600];

	pthread_mutex_lock(&report_lock);
	fprintf(stderr, "%s: pmem_shim: PMS_STRICT_TX=report: %lu unlogged store(s) into the "
		"pool outside any operation, at %d place(s)%s\n", program_invocation_short_name,
		nstores, nplaces, nlost ? " (and more not listed)" : "");
	for (int i = 0; i < nplaces; i++) {
		symbolize(places[i].ra, where, sizeof(where));
		fprintf(stderr, "  %s: %lu store(s)\n", where, places[i].count);
	}
	pthread_mutex_unlock(&report_lock);
}
