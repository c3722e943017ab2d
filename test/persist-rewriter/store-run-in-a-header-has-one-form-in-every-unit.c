// A header's function with a run of logged stores arrives once per unit that includes it. The
// run is inserted once, and every unit's stores are the run's: they are PMS_LOGGED_IN_RUN in all
// of them (a second unit that wrapped them in PMS_LOGGED would have put both openers before
// one closing parenthesis, and the port would not compile).
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t a.c b.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=set_a,set_b --pool=t.pool \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/item.h
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror -I%t/out %t/out/a.c %t/out/b.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported 3 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported 5 | FileCheck %s --check-prefix=WARM

// CHECK: static inline void fill(struct item *it, int v) {
// CHECK-NEXT: PMS_LOGGED_RUN({{.*}}); PMS_LOGGED_IN_RUN(it->count) = v; PMS_LOGGED_IN_RUN(it->total) = v * 10;
// CHECK-NEXT: }
// SUMMARY: "store-run": 1,

// COLD: loading
// COLD-NEXT: was a: 0 0, b: 0 0
// COLD-NEXT: a: 3 30, b: 4 40
// WARM-NOT: loading
// WARM: was a: 3 30, b: 4 40
// WARM-NEXT: a: 5 50, b: 6 60

//--- item.h
struct item { long total; int count, flags; };
extern struct item *items;
static inline void fill(struct item *it, int v) {
  it->count = v; it->total = v * 10;
}
void set_a(int v);
void set_b(int v);
//--- a.c
#include "item.h"
void *calloc(unsigned long, unsigned long);
int printf(const char *, ...);
int atoi(const char *);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
struct item *items;
void set_a(int v) { fill(&items[0], v); }
/* Items saved by an earlier version, if any. */
int load(void) {
  printf("loading\n");
  items = calloc(2, sizeof *items);
  int fd = open("items.saved", 0);
  return fd < 0 ? -1 : (int)read(fd, items, 2 * sizeof *items);
}
int main(int argc, char **argv) {
  load();
  printf("was a: %d %ld, b: %d %ld\n", items[0].count, items[0].total, items[1].count,
           items[1].total);
  int v = argc > 1 ? atoi(argv[1]) : 1;
  set_a(v);
  set_b(v + 1);
  printf("a: %d %ld, b: %d %ld\n", items[0].count, items[0].total, items[1].count,
         items[1].total);
  return 0;
}
//--- b.c
#include "item.h"
void set_b(int v) { fill(&items[1], v); }
