// The load replays a journal and then opens it for appending: the global it sets ('journal')
// is used by the operation afterwards, and a warm start, which skips the load, would leave it
// NULL. The rewriter lists it; 'warm-run = open_journal' calls that set-up on warm starts too
// (with the load call's arguments), and the warm start appends to the journal.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add --out=%t/plain \
// RUN:   2> %t/plain.txt
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t/plain.txt
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add --warm-run=open_journal \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/journal.txt 7 | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/journal.txt 8 | FileCheck %s --check-prefix=WARM
// RUN: FileCheck %s --check-prefix=JOURNAL --input-file=%t/journal.txt

// NOTE: globals the load sets that a warm start leaves unset: 1
// NOTE-NEXT: input.c:{{[0-9]+}}:3: the load sets global 'journal', which add(), main() also use: a warm start skips the load and leaves it as at exec; keep it with 'root =' or 'value-root =', or set it up again with 'warm-run = fn'
// CHECK:      if (pms_port_skip_load()) {
// CHECK-NEXT:   pms_port_root("items", (void **)&(items));
// CHECK-NEXT:   open_journal(path);
// CHECK-NEXT:   return 0;
// COLD: loading
// COLD-NEXT: 4 items, sum 20
// WARM-NOT: loading
// WARM: 5 items, sum 28
// JOURNAL: 5
// JOURNAL-NEXT: 6
// JOURNAL-NEXT: 2
// JOURNAL-NEXT: 7
// JOURNAL-NEXT: 8

//--- journal.txt
5
6
2
//--- input.c
#include <stdio.h>
#include <stdlib.h>
struct item { long v; struct item *next; };
struct item *items;
FILE *journal;
static void open_journal(const char *path) {
  journal = fopen(path, "a");
}
void add(long v) {
  struct item *n = malloc(sizeof *n);
  n->v = v;
  n->next = items;
  items = n;
  fprintf(journal, "%ld\n", v);
  fflush(journal);
}
int load(const char *path) {
  printf("loading\n");
  FILE *f = fopen(path, "r");
  long v;
  while (f && fscanf(f, "%ld", &v) == 1) {
    struct item *n = malloc(sizeof *n);
    n->v = v;
    n->next = items;
    items = n;
  }
  if (f)
    fclose(f);
  open_journal(path);
  return 0;
}
int main(int argc, char **argv) {
  load(argv[1]);
  add(atol(argv[2]));
  int n = 0;
  long sum = 0;
  for (struct item *i = items; i; i = i->next, n++)
    sum += i->v;
  printf("%d items, sum %ld\n", n, sum);
  fclose(journal);
  return 0;
}
