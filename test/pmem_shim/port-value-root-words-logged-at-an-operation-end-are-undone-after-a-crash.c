// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.count0 %t.count1
// RUN: env PMS_POOL_SIZE=64M PMS_STATS=%t.stats0 %t.exe %t.count0 0
// RUN: env PMS_POOL_SIZE=64M PMS_STATS=%t.stats1 %t.exe %t.count1 1
// RUN: python3 -c "import json, sys; e = [json.load(open(f))['log_entries'] for f in sys.argv[1:]]; print('an operation: %%d entries' %% (e[1] - e[0]))" %t.stats0 %t.stats1 | FileCheck %s --check-prefix=ENTRIES
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM

// An operation's end logs the value-root words it changed, scattered over three roots and
// many lines, as one entry of the runtime's undo log (a words entry), then copies them into
// the pool. Here the operation runs inside an outer transaction that never commits: the
// process dies after the operation's end, so the pool holds the new words and the log their
// old ones. The warm start must find every word as the first operation committed it.
// COLD: cold: committed 1
// COLD-NEXT: second operation ended, dying before the outer commit
// An operation writes one entry for its 12 words (runs with one more operation and without it,
// under PMS_STATS); one entry a word, as before words entries, made 12.
// ENTRIES: an operation: 1 entries
// WARM: warm: heads 1 1 1 1 sizes 1 1 1 1 cas 1 stats 1 1 1

#include <pmem_shim/port.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>

static void *heads[256];
static long sizes[256];
static long cas_id;
static long stats[64 * 8];
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("heads", heads, sizeof(heads));
	pms_port_value_tracked("heads");
	pms_port_value("sizes", sizes, sizeof(sizes));
	pms_port_value_tracked("sizes");
	pms_port_value("cas_id", &cas_id, sizeof(cas_id));
	pms_port_value_tracked("cas_id");
	pms_port_value("stats", stats, sizeof(stats));
	pms_port_value_tracked("stats");
}

static void store_all(long v)
{
	for (int i = 0; i < 4; i++) {
		PMS_VALUE_STORE(heads[i * 60]) = (void *)v;
		PMS_VALUE_STORE(sizes[i * 60 + 3]) = v;
	}
	PMS_VALUE_STORE(cas_id) = v;
	for (int i = 0; i < 3; i++)
		PMS_VALUE_STORE(stats[i * 100 + 5]) = v;
}

int main(int argc, char **argv)
{
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		printf("warm: heads %ld %ld %ld %ld sizes %ld %ld %ld %ld cas %ld stats %ld %ld %ld\n",
		       (long)heads[0], (long)heads[60], (long)heads[120], (long)heads[180], sizes[3],
		       sizes[63], sizes[123], sizes[183], cas_id, stats[5], stats[105], stats[205]);
		return 0;
	}
	pms_port_loaded();
	pms_op_begin();
	store_all(1);
	pms_op_end();
	if (argc > 2) { /* count N: N more operations, PMS_STATS says what they took */
		for (int i = 0; i < atoi(argv[2]); i++) {
			pms_op_begin();
			store_all(10 + i);
			pms_op_end();
		}
		return 0;
	}
	printf("cold: committed %ld\n", cas_id);
	pms_tx_begin();
	pms_op_begin();
	store_all(2);
	pms_op_end();
	printf("second operation ended, dying before the outer commit\n");
	fflush(stdout);
	raise(SIGKILL);
	return 1;
}
