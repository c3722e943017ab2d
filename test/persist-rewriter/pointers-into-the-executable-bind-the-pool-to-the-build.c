// A persistent heap that holds its comparison function and a pointer to a string literal:
// the rewriter lists both stores and has main bind the pool to the executable. A warm start of
// the same non-PIE build works; a warm start of another build is refused with one line, and
// nothing in the pool is followed.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=push --out=%t/out 2> %t/summary.txt
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.txt
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror -no-pie -fno-pie %t/out/input.c -o %t/ported %pr-ldflags
// RUN: %pr-cc -Werror -no-pie -fno-pie -DREBUILT %t/out/input.c -o %t/rebuilt %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt 5 | FileCheck %s --check-prefix=WARM
// RUN: %pr-exit-code 1 env PMS_POOL=%t/p.pool %t/rebuilt %t/data.txt 2 > %t/out.txt 2> %t/err.txt
// RUN: FileCheck %s --check-prefix=REFUSED --input-file=%t/err.txt
// RUN: FileCheck %s --check-prefix=NOTHING --allow-empty --input-file=%t/out.txt
// The same build still starts warm (the refusal changed nothing), and a second run of the
// rewriter over the port changes nothing.
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt 0 | FileCheck %s --check-prefix=WARM2
// RUN: %pr-cdb %t/out input.c
// RUN: %persist-rewriter -p %t/out --types=%t/types.json --operation=push --check

// SUMMARY: pointers into the executable stored into persistent objects: 2 (the pool is bound to this build and load address: build with -no-pie, and a warm start from another build is refused)
// SUMMARY-NEXT: input.c:{{[0-9]+}}:3: stores a function pointer into heap.cmp
// SUMMARY-NEXT: input.c:{{[0-9]+}}:3: stores the address of a string literal into heap.name
// CHECK: int main(int argc, char **argv) { pms_port_open("pmem_shim.pool"); pms_port_bind_executable();
// COLD: min-heap: 3 items, top 1
// WARM: min-heap: 4 items, top 1
// REFUSED: rebuilt: pmem_shim: pool '{{.*}}p.pool' holds pointers into the executable (functions or static data) of build {{[0-9a-f]+}} loaded at 0; this is build {{[0-9a-f]+}} loaded at 0: refusing the warm start (build with -no-pie and restart the same build, or start cold with another pool)
// REFUSED-NOT: {{.}}
// NOTHING-NOT: {{.}}
// WARM2: min-heap: 5 items, top 0

//--- data.txt
3 1 2
//--- input.c
#include <stdio.h>
#include <stdlib.h>
typedef int (*cmp_fn)(int, int);
struct heap { cmp_fn cmp; const char *name; int n; int items[64]; };
struct heap *h;
static int less(int a, int b) {
#ifdef REBUILT
  fprintf(stderr, "rebuilt\n");
#endif
  return a < b;
}
void push(int v) {
  int i = h->n++;
  h->items[i] = v;
  while (i > 0 && h->cmp(h->items[i], h->items[(i - 1) / 2])) {
    int t = h->items[i];
    h->items[i] = h->items[(i - 1) / 2];
    h->items[(i - 1) / 2] = t;
    i = (i - 1) / 2;
  }
}
int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return -1;
  h = calloc(1, sizeof *h);
  h->cmp = less;
  h->name = "min-heap";
  int v;
  while (h->n < 64 && fscanf(f, "%d", &v) == 1) {
    int i = h->n++;
    h->items[i] = v;
    while (i > 0 && h->cmp(h->items[i], h->items[(i - 1) / 2])) {
      int t = h->items[i];
      h->items[i] = h->items[(i - 1) / 2];
      h->items[(i - 1) / 2] = t;
      i = (i - 1) / 2;
    }
  }
  fclose(f);
  return 0;
}
int main(int argc, char **argv) {
  load(argv[1]);
  if (argc > 2)
    push(atoi(argv[2]));
  printf("%s: %d items, top %d\n", h->name, h->n, h->items[0]);
  return 0;
}
