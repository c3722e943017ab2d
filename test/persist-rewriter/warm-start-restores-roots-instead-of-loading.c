// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --operation=add --pool=records.pool \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// First start: cold, the load function reads the file.
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=COLD
// The file goes away: a warm start does not run the load function and finds the data anyway,
// and an operation adds to it...
// RUN: rm %t/data.txt
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt z | FileCheck %s --check-prefix=WARM
// ...which the next warm start finds too (the root moved, the pool has it).
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=WARM2
// Without the pool the port loads again (and fails: the file is gone), like the original.
// RUN: env PMS_POOL=%t/other.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=NOPOOL

// TYPES: "roots": [
// TYPES: "global": "head"

// The load call goes through a wrapper that restores the roots on a warm start and, on a cold
// one, loads, records the roots and marks the load complete. main opens the pool first.
// CHECK-LABEL: static int pms_warm_load(const char *path) {
// CHECK-NEXT: if (pms_port_skip_load()) {
// CHECK-NEXT: pms_port_root("head", (void **)&(head));
// CHECK-NEXT: return 0;
// CHECK-NEXT: }
// CHECK-NEXT: int pms_ret = load(path);
// CHECK-NEXT: pms_port_root("head", (void **)&(head));
// CHECK-NEXT: pms_port_loaded();
// CHECK-NEXT: return pms_ret;
// CHECK-NEXT: }
// CHECK-NEXT: #line 31
// CHECK-NEXT: int main(int argc, char **argv) { pms_port_open("records.pool");
// CHECK-NEXT: int rc = pms_warm_load(argv[1]);

// SUMMARY: "load-call": 1,
// SUMMARY: "pool-open": 1,

// COLD: loading {{.*}}data.txt
// COLD-NEXT: rc 0: c b a
// WARM-NOT: loading
// WARM: rc 0: z c b a
// WARM2-NOT: loading
// WARM2: rc 0: z c b a
// NOPOOL: loading {{.*}}data.txt
// NOPOOL-NEXT: rc -1:{{$}}

//--- data.txt
abc
//--- input.c
int printf(const char *, ...);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
int close(int);
void *malloc(unsigned long);
struct node { char key; struct node *next; };
struct node *head;
int load(const char *path) {
  printf("loading %s\n", path);
  int fd = open(path, 0);
  if (fd < 0)
    return -1;
  char c;
  while (read(fd, &c, 1) == 1) {
    if (c == '\n')
      continue;
    struct node *n = malloc(sizeof *n);
    n->key = c;
    n->next = head;
    head = n;
  }
  close(fd);
  return 0;
}
void add(char c) {
  struct node *n = malloc(sizeof *n);
  n->key = c;
  n->next = head;
  head = n;
}
int main(int argc, char **argv) {
  int rc = load(argv[1]);
  if (argc > 2)
    add(argv[2][0]);
  printf("rc %d:", rc);
  for (struct node *n = head; n; n = n->next)
    printf(" %c", n->key);
  printf("\n");
  return 0;
}
