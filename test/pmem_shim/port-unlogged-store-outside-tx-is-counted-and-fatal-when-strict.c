// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env PMS_STATS=%t.json %t.exe %t.pool | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: rm -f %t.pool
// RUN: env PMS_STRICT_TX=0 PMS_STATS=%t.json %t.exe %t.pool | FileCheck %s
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: rm -f %t.pool
// RUN: env PMS_STRICT_TX=1 not --crash %t.exe %t.pool > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=STRICT-OUT --input-file=%t.out
// RUN: FileCheck %s --check-prefix=STRICT --input-file=%t.err --match-full-lines

// A logged store to a pool address outside any transaction cannot be undone:
// it still happens, and is counted as unlogged_stores (here: one PMS_LOGGED
// store and one pms_tx_memset). Stores to volatile memory and stores inside
// an operation are not counted. With PMS_STRICT_TX=1 the first such store
// prints its address and aborts the program before it happens.
// CHECK: volatile ok
// CHECK-NEXT: unlogged v=1 buf=0
// CHECK-NEXT: logged v=3
// JSON: "unlogged_stores": 2,
// STRICT-OUT: volatile ok
// STRICT-OUT-NOT: unlogged
// STRICT: pmem_shim: store of 8 bytes to pool address 0x2000{{[0-9a-f]+}} outside a transaction (PMS_STRICT_TX=1; PMS_STRICT_TX=report lists every place)

#include <pmem_shim/port.h>
#include <stdio.h>

struct PMS_PERSISTENT rec {
	long v;
	char buf[16];
};

int main(int argc, char **argv)
{
	struct rec *r;
	long local = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	pms_port_open(argv[1]);
	pms_port_loaded(); /* the cold load's own stores are never strict-mode findings */
	/* a committed object: stores into a fresh one (allocated since the
	 * last commit) are safe anywhere and not counted */
	pms_tx_begin();
	r = pms_calloc(1, sizeof(*r));
	pms_tx_commit();

	PMS_LOGGED(local) = 1;          /* volatile: never counted */
	pms_tx_memset(&local, 0, sizeof(local));
	printf("volatile ok\n");
	PMS_LOGGED(r->v) = 1;           /* pool, no transaction */
	pms_tx_memset(r->buf, 0, sizeof(r->buf));
	printf("unlogged v=%ld buf=%d\n", r->v, r->buf[0]);
	pms_op_begin();
	PMS_LOGGED(r->v) = 3;
	pms_op_end();
	printf("logged v=%ld\n", r->v);
	return 0;
}
