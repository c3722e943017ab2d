// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool %t.pool2
// RUN: env PMS_POOL_SIZE=64M not --crash %t.exe %t.pool run | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL_SIZE=64M %t.exe %t.pool | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL_SIZE=64M PMS_STRICT_TX=1 not --crash %t.exe %t.pool2 stale 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STALE

// PMS_LOGGED_IN_RUN, the form persist-rewriter gives the stores a PMS_LOGGED_RUN covers, skips
// the runtime's call only while the run's transaction is open (pms_run_logged_): the run's
// stores are undone by an abort all the same, a store into a value root through the form still
// marks its line (a warm start after a crash has it), and once the transaction has ended the
// form is a logged store again (PMS_STRICT_TX=1 stops the program at it).
// COLD: in an operation, after the run: flag 1; stores made: a=1 b=2; after the abort: a=10 b=20
// COLD-NEXT: run outside any operation: flag 0
// COLD-NEXT: committed heads[3]=5, dying
// COLD: "unlogged_stores": 0,
// WARM: warm: a 10 b 20 heads[3] 5
// STALE: run stores committed
// STALE-NEXT: pmem_shim: store of 8 bytes to pool address {{.*}} outside a transaction (PMS_STRICT_TX=1; PMS_STRICT_TX=report lists every place)

#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

struct PMS_PERSISTENT rec {
	long a, b;
};
static long heads[8];
__attribute__((constructor)) static void roots(void)
{
	pms_port_value("heads", heads, sizeof(heads));
	pms_port_value_tracked("heads");
}

int main(int argc, char **argv)
{
	struct rec *r;

	setvbuf(stdout, NULL, _IONBF, 0);
	pms_port_open(argv[1]);
	if (pms_port_warm()) {
		r = pms_root_get("rec");
		printf("warm: a %ld b %ld heads[3] %ld\n", r->a, r->b, heads[3]);
		return 0;
	}
	pms_port_loaded();
	pms_tx_begin();
	r = pms_calloc(1, sizeof(*r));
	r->a = 10, r->b = 20;
	pms_root_set("rec", r);
	pms_tx_commit();
	if (argc > 2 && strcmp(argv[2], "stale") == 0) {
		pms_op_begin();
		PMS_LOGGED_RUN({&r->a, sizeof(r->a)}, {&r->b, sizeof(r->b)});
		PMS_LOGGED_IN_RUN(r->a) = 1;
		PMS_LOGGED_IN_RUN(r->b) = 2;
		pms_op_end();
		printf("run stores committed\n");
		PMS_LOGGED_IN_RUN(r->a) = 3; /* no run before it, no transaction */
		printf("not reached\n");
		return 0;
	}
	pms_op_begin();
	PMS_LOGGED_RUN({&r->a, sizeof(r->a)}, {&r->b, sizeof(r->b)});
	printf("in an operation, after the run: flag %d; ", pms_run_logged_);
	PMS_LOGGED_IN_RUN(r->a) = 1;
	PMS_LOGGED_IN_RUN(r->b) = 2;
	printf("stores made: a=%ld b=%ld; ", r->a, r->b);
	pms_tx_abort();
	pms_op_end();
	printf("after the abort: a=%ld b=%ld\n", r->a, r->b);
	PMS_LOGGED_RUN({&heads[3], sizeof(heads[3])}, {&heads[4], sizeof(heads[4])});
	printf("run outside any operation: flag %d\n", pms_run_logged_);
	pms_op_begin();
	PMS_LOGGED_RUN({&r->a, sizeof(r->a)}, {&heads[3], sizeof(heads[3])});
	PMS_LOGGED_IN_RUN(heads[3]) = 5;
	pms_op_end();
	printf("committed heads[3]=%ld, dying\n", heads[3]);
	pms_stats_dump_json(stdout);
	raise(SIGKILL);
	return 1;
}
