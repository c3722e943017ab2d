// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: env -u PMS_NVM_CHARGE PMS_NVM_MODEL=pcm PMS_STATS=%t.type.json %t.exe %t.pool 2>&1 | FileCheck %s --check-prefix=TYPE
// RUN: FileCheck %s --check-prefix=TYPE-JSON --input-file=%t.type.json
// RUN: env PMS_NVM_MODEL=pcm PMS_NVM_CHARGE=address PMS_STATS=%t.addr.json %t.exe %t.pool 2>&1 | FileCheck %s --check-prefix=ADDR
// RUN: FileCheck %s --check-prefix=ADDR-JSON --input-file=%t.addr.json
// RUN: env PMS_NVM_MODEL=pcm PMS_NVM_CHARGE=address %t.exe %t.pool 2>&1 | FileCheck %s --check-prefix=INLINE
// RUN: env PMS_NVM_MODEL=pcm PMS_NVM_CHARGE=address PMS_STATS=%t.nopool.json %t.exe 2>&1 | FileCheck %s --check-prefix=NOPOOL
// RUN: FileCheck %s --check-prefix=NOPOOL-JSON --input-file=%t.nopool.json
// RUN: env PMS_NVM_MODEL=pcm PMS_NVM_CHARGE=static %t.exe %t.pool 2>&1 | FileCheck %s --check-prefix=BAD

// The same five accesses (3 one-line reads, 2 one-line writes; pcm
// conservative: 3 x 300 + 2 x (300 + 40 + 500) = 2580 ns) to a pool object
// and to a malloc'd one. By type (the default) both pay; by address only
// the pool object does, and the others are counted as skipped.
// TYPE: charge=type
// TYPE-NEXT: pool object: 2580 ns
// TYPE-NEXT: malloc'd object: 2580 ns
// TYPE-NEXT: malloc'd object: 2580 ns
// TYPE-JSON: "reads": 9, "writes": 6,
// TYPE-JSON-SAME: "nvm_charge": "type", "skipped_reads": 0, "skipped_writes": 0,

// ADDR: charge=address
// ADDR-NEXT: pool object: 2580 ns
// ADDR-NEXT: malloc'd object: 0 ns
// ADDR-NEXT: malloc'd object: 0 ns
// ADDR-NEXT: inline skip: 0
// ADDR-JSON: "reads": 3, "writes": 2,
// ADDR-JSON-SAME: "nvm_charge": "address", "skipped_reads": 6, "skipped_writes": 4,

// Without PMS_STATS, once a pool is open, the inline hooks skip other
// addresses themselves (a flag and a range check, no call, not counted).
// INLINE: charge=address
// INLINE-NEXT: pool object: 2580 ns
// INLINE-NEXT: malloc'd object: 0 ns
// INLINE-NEXT: malloc'd object: 0 ns
// INLINE-NEXT: inline skip: 1 (skipped counted: 0)

// With no pool open nothing is charged, and the runtime says so once.
// NOPOOL: charge=address
// NOPOOL-NEXT: pmem_shim: PMS_NVM_CHARGE=address and no pool is open: accesses are not charged until one is
// NOPOOL-NEXT: malloc'd object: 0 ns
// NOPOOL-NEXT: malloc'd object: 0 ns
// NOPOOL-NOT: pmem_shim
// NOPOOL-JSON: "reads": 0, "writes": 0,
// NOPOOL-JSON-SAME: "nvm_charge": "address", "skipped_reads": 6, "skipped_writes": 4,

// BAD: pmem_shim: warning: unknown PMS_NVM_CHARGE 'static' (known: type, address); charging by type
// BAD-NEXT: charge=type
// BAD-NEXT: pool object: 2580 ns
// BAD-NEXT: malloc'd object: 2580 ns

#include <pmem_shim.h>
#include <stdio.h>
#include <stdlib.h>

static unsigned long long injected(void)
{
	struct pms_stats s;
	pms_stats_get(&s);
	return (unsigned long long)s.injected_ns;
}

static void touch(const char *what, long *obj)
{
	unsigned long long t = injected();

	for (int i = 0; i < 3; i++)
		pms_lat_read(&obj[i * 8], sizeof(long));
	for (int i = 0; i < 2; i++)
		pms_lat_write(&obj[i * 8], sizeof(long));
	printf("%s: %llu ns\n", what, injected() - t);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	long *heap = malloc(512);
	struct pms_stats s;

	printf("charge=%s\n", pms_lat_get_charge() == PMS_LAT_CHARGE_ADDRESS ?
	       "address" : "type");
	fflush(stdout);
	if (argc > 1) {
		if (!pms_pool_open(argv[1], PMS_CREATE, NULL))
			return 1;
		touch("pool object", pms_malloc(512));
	}
	touch("malloc'd object", heap);
	touch("malloc'd object", heap);
	if (pms_lat_get_charge() == PMS_LAT_CHARGE_ADDRESS && argc > 1) {
		pms_stats_get(&s);
		if (pms_lat_active_ == PMS_LAT_POOL_)
			printf("inline skip: 1 (skipped counted: %llu)\n",
			       (unsigned long long)(s.skipped_reads +
						    s.skipped_writes));
		else
			printf("inline skip: 0\n");
	}
	return 0;
}
