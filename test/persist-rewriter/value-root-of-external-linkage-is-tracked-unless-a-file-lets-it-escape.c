// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t a.c b.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out \
// RUN:   --summary=%t/summary.json
// RUN: FileCheck %s --check-prefix=A --input-file=%t/out/a.c
// RUN: FileCheck %s --check-prefix=B --input-file=%t/out/b.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/a.c %t/out/b.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported 3 | FileCheck %s --check-prefix=FIRST
// RUN: env PMS_POOL=%t/pool %t/ported 5 | FileCheck %s --check-prefix=WARM
// A second run of the rewriter over its own output changes nothing.
// RUN: %pr-cdb %t/out a.c b.c
// RUN: %persist-rewriter -p %t/out --types=%t/types.json --config=%t/port.conf --check \
// RUN:   --source-root=%t/out --summary=%t/check.json
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/check.json

// Value roots of external linkage, used by two files. Their stores are marked in both files,
// and a.c, which defines them and lets neither escape, marks both tracked. b.c keeps a
// pointer to `leaky` in a global, and its stores through it are not seen: b.c tells the
// runtime so (pms_port_value_untracked at its end), and `leaky` is compared whole at every
// operation's end; the store through the pointer, in a line no marked store touched, comes
// back at the warm start. `counter` stays tracked.
// A: long counter[16];{{.*}}pms_port_value("counter"{{.*}}pms_value_tracked_counter(void)
// A: long leaky[64];{{.*}}pms_port_value("leaky"{{.*}}pms_value_tracked_leaky(void)
// A: PMS_VALUE_STORE(counter[i])++;
// A-NEXT: PMS_VALUE_STORE(leaky[i]) = n;
// B: PMS_VALUE_STORE(counter[i + 8]) += n;
// B-NEXT: through[i + 40] = n * 10;
// B: __attribute__((constructor)) static void pms_value_untracked_leaky(void) { pms_port_value_untracked("leaky"); }
// B-NOT: pms_value_untracked_counter
// SUMMARY: value root 'leaky' is compared whole at every operation's end: b.c:{{[0-9]+}}:{{[0-9]+}}: array used as a pointer

// FIRST: counter 1 1 1 3 3 leaky 3 30 3 30
// WARM: before: counter 1 1 1 3 3 leaky 3 30 3 30
// WARM-NEXT: counter 2 2 1 8 8 leaky 5 50 3 30

//--- port.conf
operation = bump
value-root = counter, leaky

//--- a.c
long read(int fd, void *buf, unsigned long n);
long counter[16];
long leaky[64];
struct rec { long v; };
struct rec *db;
void bump_b(int i, long n);
void bump(int i, long n) {
  counter[i]++;
  leaky[i] = n;
  bump_b(i, n);
}
long get_counter(int i) { return counter[i]; }
long get_leaky(int i) { return leaky[i]; }
void load(int fd) {
  read(fd, &db, sizeof db);
}

//--- b.c
extern long counter[16];
extern long leaky[64];
static long *through = leaky;
void bump_b(int i, long n) {
  counter[i + 8] += n;
  through[i + 40] = n * 10;
}

//--- harness.c
#include <pmem_shim/port.h>
#include <stdio.h>
#include <stdlib.h>
void bump(int i, long n);
long get_counter(int i);
long get_leaky(int i);
static void show(const char *what) {
  printf("%scounter %ld %ld %ld %ld %ld leaky %ld %ld %ld %ld\n", what, get_counter(0),
         get_counter(1), get_counter(2), get_counter(8), get_counter(9), get_leaky(0),
         get_leaky(40), get_leaky(2), get_leaky(42));
}
int main(int argc, char **argv) {
  pms_port_open("unused.pool");
  if (pms_port_warm())
    show("before: ");
  else
    pms_port_loaded();
  int n = atoi(argv[1]);
  bump(0, n);
  bump(1, n);
  if (n == 3)
    bump(2, n);
  show("");
  return 0;
}
