// scripts/crash-loop.py, the crash loop for any program with put/get commands, on a small
// key-value command ported here: every acknowledged put survives the kills (one of them in the
// middle of a put) and every restart is warm. The original keeps nothing between runs, and the
// loop says so.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t kv.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=put --out=%t/out 2> /dev/null
// RUN: %pr-cc %t/out/kv.c -o %t/kv-pmem %pr-ldflags
// RUN: %pr-cc %t/kv.c -o %t/kv-plain
// RUN: %pr-python %pr-src/scripts/crash-loop.py --workdir %t/port --iterations 12 --keys 5 \
// RUN:   --max-delay-ms 30 --put '%t/kv-pmem %t/none put {key} {value}' \
// RUN:   --get '%t/kv-pmem %t/none get {key}' --cold-marker 'kv: loading' | FileCheck %s
// RUN: not %pr-python %pr-src/scripts/crash-loop.py --workdir %t/plain --iterations 2 \
// RUN:   --put '%t/kv-plain %t/none put {key} {value}' --get '%t/kv-plain %t/none get {key}' \
// RUN:   2>&1 | FileCheck %s --check-prefix=PLAIN
// Bad input: one line, exit 1.
// RUN: not %pr-python %pr-src/scripts/crash-loop.py --workdir %t/port --put true --get true \
// RUN:   2>&1 | FileCheck %s --check-prefix=EXISTS
// CHECK: crash-loop: 12 kills ({{[0-9]+}} in the middle of a put), {{[0-9]+}} acknowledged puts, every key read back after each restart ({{[0-9]+}} in-flight puts found committed)
// PLAIN: crash-loop: FAILED: iteration 0: key k{{[0-9]}} reads None after the restart, expected 'v0.{{[0-9]+}}'
// EXISTS: crash-loop: FAILED: pool {{.*}}crash-loop.pool exists already: the loop starts from a new pool

//--- kv.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct entry { char key[16]; char value[32]; struct entry *next; };
struct entry *table;
int load(const char *path) {
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  fprintf(stderr, "kv: loading\n");
  char k[16], v[32];
  while (fscanf(f, "%15s %31s", k, v) == 2) {
    struct entry *e = calloc(1, sizeof *e);
    strcpy(e->key, k);
    strcpy(e->value, v);
    e->next = table;
    table = e;
  }
  fclose(f);
  return 0;
}
void put(const char *k, const char *v) {
  struct entry *e = table;
  while (e && strcmp(e->key, k) != 0)
    e = e->next;
  if (!e) {
    e = calloc(1, sizeof *e);
    strncpy(e->key, k, sizeof e->key - 1);
    e->next = table;
    table = e;
  }
  strncpy(e->value, v, sizeof e->value - 1);
}
int main(int argc, char **argv) {
  load(argv[1]);
  if (argc == 5 && strcmp(argv[2], "put") == 0) {
    put(argv[3], argv[4]);
    printf("ok\n");
    return 0;
  }
  for (struct entry *e = table; e; e = e->next)
    if (argc == 4 && strcmp(e->key, argv[3]) == 0)
      printf("%s\n", e->value);
  return 0;
}
