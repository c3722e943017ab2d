// `persistent-field = T.f`: a field nvmove lists as volatile (a reference count) whose
// references all live in the pool (mosquitto's retained messages counting the retain tree's
// references) is state: reinit-volatile leaves it alone, and a warm start finds the count the
// last operation left, while the configured per-process pointer is reset.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=RUN1
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt | FileCheck %s --check-prefix=RUN2
// Without the key the count is reset like the pointer.
// RUN: grep -v persistent-field %t/port.conf > %t/plain.conf
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/plain.conf --out=%t/plain
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain/input.c

// TYPES: "volatile_fields": [
// TYPES-NEXT: {
// TYPES-NEXT: "field": "refcount",
// TYPES-NEXT: "why": "reference count"
// CHECK: static inline struct entry *pms_fresh_entry(struct entry *o) { if (pms_port_generation_refresh(&o->pms_gen)) { PMS_LOGGED(o->owner) = 0; } return o; }
// PLAIN: if (pms_port_generation_refresh(&o->pms_gen)) { {{.*}}PMS_LOGGED(o->refcount) = 0;

// RUN1: value 42 refcount 1 owner none
// RUN1-NEXT: value 43 refcount 3 owner set
// RUN2: value 43 refcount 3 owner none
// RUN2-NEXT: value 44 refcount 5 owner set

//--- data.txt
42
//--- port.conf
operation = use
reinit-volatile = yes
volatile-field = entry.owner
persistent-field = entry.refcount
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
