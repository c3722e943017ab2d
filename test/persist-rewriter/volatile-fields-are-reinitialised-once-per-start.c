// --reinit-volatile (lesson 8): a persistent type's volatile fields (here a reference count,
// from nvmove's volatile_fields, and a configured client pointer) get a generation field; the
// first access after a restart resets them, the persistent fields keep their values.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --reinit-volatile \
// RUN:   --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=RUN1
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=RUN2
// A second rewrite of the port changes nothing.
// RUN: %pr-cdb %t/out input.c
// RUN: %persist-rewriter -p %t/out --types=%t/types.json --config=%t/port.conf --reinit-volatile --check

// TYPES: "volatile_fields": [
// TYPES-NEXT: {
// TYPES-NEXT: "field": "refcount",
// TYPES-NEXT: "why": "reference count"

// CHECK: struct PMS_PERSISTENT entry { long value; int refcount; void *owner; __UINT64_TYPE__ pms_gen; }; static inline struct entry *pms_fresh_entry(struct entry *o) { if (pms_port_generation_refresh(&o->pms_gen)) { PMS_LOGGED(o->owner) = 0; PMS_LOGGED(o->refcount) = 1; } return o; }
// CHECK: PMS_LOGGED_IN_RUN(pms_fresh_entry(e)->refcount)++;
// CHECK: PMS_LOGGED_IN_RUN(pms_fresh_entry(e)->owner) = &e;
// CHECK: printf("value %ld refcount %d owner %s\n", e->value, pms_fresh_entry(e)->refcount, pms_fresh_entry(e)->owner ? "set" : "none");

// SUMMARY: "volatile-access": 8,
// SUMMARY: "volatile-reinit": 1

// The first start loads, the references taken during it are volatile.
// RUN1: value 42 refcount 1 owner none
// RUN1-NEXT: value 43 refcount 3 owner set
// A warm start: the value is kept, the reference count and the owner start over.
// RUN2: value 43 refcount 1 owner none
// RUN2-NEXT: value 44 refcount 3 owner set

//--- data.txt
42
//--- port.conf
operation = use
volatile-field = entry.refcount:1, entry.owner
//--- input.c
int printf(const char *, ...);
int open(const char *, int, ...);
long read(int fd, void *buf, unsigned long n);
void *calloc(unsigned long, unsigned long);
struct entry { long value; int refcount; void *owner; };
struct entry *e;
int load(const char *path) {
  int fd = open(path, 0);
  char buf[16] = {0};
  e = calloc(1, sizeof *e);
  if (fd >= 0 && read(fd, buf, sizeof buf - 1) > 0)
    for (char *p = buf; *p >= '0' && *p <= '9'; p++)
      e->value = e->value * 10 + (*p - '0');
  e->refcount = 1;
  return 0;
}
void use(void) {
  e->value++;
  e->refcount++;
  e->refcount++;
  e->owner = &e;
}
int main(int argc, char **argv) {
  load(argv[1]);
  printf("value %ld refcount %d owner %s\n", e->value, e->refcount, e->owner ? "set" : "none");
  use();
  printf("value %ld refcount %d owner %s\n", e->value, e->refcount, e->owner ? "set" : "none");
  return 0;
}
