// RUN: %pms-cc %s -o %t.exe %pms-ldflags
// RUN: rm -f %t.pool
// RUN: %t.exe %t.pool | FileCheck %s
// RUN: env PMS_NVM_MODEL=sttram PMS_NVM_MODE=realistic PMS_STATS=%t.json %t.exe %t.pool env | FileCheck %s --check-prefix=ENV
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json
// RUN: env PMS_NVM_MODEL=optane %t.exe %t.pool env 2>&1 | FileCheck %s --check-prefix=BADENV

// Conservative mode charges every access (pcm: write 300 + clwb 40 +
// barrier 500 per one-line write; read 300); realistic mode charges a line
// once per transaction, recently read lines nothing, one barrier per commit. A
// port's operation that has not begun its transaction (only fresh objects
// written, their lines written back with the next barrier) is one epoch too:
// one line written 10 times pays write + clwb once and one barrier.
// CHECK: dram: 0 ns active=0
// CHECK-NEXT: pcm conservative: 10 writes 8400 ns, 10 reads 3000 ns
// CHECK-NEXT: pcm realistic: 10 writes in a tx 840 ns, 10 reads 0 ns
// CHECK-NEXT: pcm realistic: 10 writes in an operation before its transaction 840 ns
// CHECK-NEXT: 2 lines, 2 reads: 600 ns
// CHECK-NEXT: custom: 10 ns
// CHECK-NEXT: bad: -1 unknown NVM model 'nvdimm' (known: dram, pcm, sttram, pmemcached, aerie-pcm, spindle, custom)
// CHECK-NEXT: bad mode: -1 unknown NVM mode 'fast' (known: conservative, realistic)
// ENV: env: sttram mode=1
// JSON: {"model": "sttram", "mode": "realistic", "flush_insn": "{{clwb|clflushopt|clflush}}", "reads": 0, "writes": 0,
// JSON-SAME: "transactions": 0
// JSON-SAME: "injected_ns": 0,
// BADENV: pmem_shim: warning: unknown NVM model 'optane'
// BADENV: env: dram mode=0

#include <pmem_shim.h>
#include <stdio.h>
#include <string.h>

static char buf[256] __attribute__((aligned(64)));

static unsigned long long injected(void)
{
	struct pms_stats s;
	pms_stats_get(&s);
	return (unsigned long long)s.injected_ns;
}

int main(int argc, char **argv)
{
	struct pms_lat_model m;
	unsigned long long t;

	if (argc > 2) {
		pms_lat_get_model(&m);
		printf("env: %s mode=%d\n", m.name, m.mode);
		return 0;
	}
	if (!pms_pool_open(argv[1], PMS_CREATE, NULL))
		return 1;
	t = injected();
	pms_lat_write(buf, 8);
	printf("dram: %llu ns active=%d\n", injected() - t, pms_lat_active_);

	pms_lat_configure("pcm", "conservative");
	t = injected();
	for (int i = 0; i < 10; i++)
		pms_lat_write(buf, 8);
	unsigned long long w = injected() - t;
	t = injected();
	for (int i = 0; i < 10; i++)
		pms_lat_read(buf, 8);
	printf("pcm conservative: 10 writes %llu ns, 10 reads %llu ns\n", w,
	       injected() - t);

	pms_lat_configure(NULL, "realistic");
	t = injected();
	pms_tx_begin();
	for (int i = 0; i < 10; i++)
		pms_lat_write(buf, 8);
	pms_tx_commit();
	w = injected() - t;
	t = injected();
	for (int i = 0; i < 10; i++)
		pms_lat_read(buf, 8);
	printf("pcm realistic: 10 writes in a tx %llu ns, 10 reads %llu ns\n",
	       w, injected() - t);
	t = injected();
	pms_op_begin();
	for (int i = 0; i < 10; i++)
		pms_lat_write(buf + 64, 8);
	pms_op_end();
	printf("pcm realistic: 10 writes in an operation before its transaction %llu ns\n",
	       injected() - t);
	t = injected();
	pms_lat_read(buf + 128, 65);
	pms_lat_read(buf + 128, 65);
	printf("2 lines, 2 reads: %llu ns\n", injected() - t);

	memset(&m, 0, sizeof(m));
	strcpy(m.name, "custom");
	m.read_ns = 10;
	pms_lat_set_model(&m);
	t = injected();
	pms_lat_read(buf, 1);
	printf("custom: %llu ns\n", injected() - t);
	printf("bad: %d %s\n", pms_lat_configure("nvdimm", NULL), pms_errormsg());
	printf("bad mode: %d %s\n", pms_lat_configure(NULL, "fast"),
	       pms_errormsg());
	return pms_pool_close(pms_pool_current());
}
