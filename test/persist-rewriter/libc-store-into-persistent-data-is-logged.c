// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --out=%t/out --summary=%t/summary.json
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: FileCheck %s --check-prefix=SUMMARY --input-file=%t/summary.json
// RUN: %pr-cc -Werror %t/out/input.c %t/harness.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/pool %t/ported | FileCheck %s --check-prefix=OUT
// RUN: %pr-cc -Werror %t/input.c %t/harness.c -o %t/original %pr-ldflags
// RUN: env PMS_POOL=%t/pool2 %t/original | FileCheck %s --check-prefix=ORIG

// The libc functions that write memory become the runtime's logged forms when the destination is
// in a persistent object or is a buffer a persistent object points to; memcpy becomes
// pms_port_memcpy (pms_tx_memcpy would refuse a pool destination outside a transaction).
// CHECK-LABEL: void fill(struct rec *r, const struct rec *src, const char *s) {
// CHECK-NEXT: pms_port_memcpy(r, src, sizeof *r);
// CHECK-NEXT: pms_tx_memmove(r->name, s, 4);
// CHECK-NEXT: pms_tx_memset(r->name + 4, 'x', 2);
// CHECK-NEXT: pms_tx_strcpy(r->note, s);
// CHECK-NEXT: pms_tx_strncpy(r->name, s, 3);
// CHECK-NEXT: pms_tx_strcat(r->note, "!");
// A local buffer is left alone.
// CHECK-NEXT: char buf[32];
// CHECK-NEXT: memcpy(buf, s, 4);
// CHECK-NEXT: memset(buf, 0, sizeof buf);
// CHECK-NEXT: strcpy(buf, s);

// SUMMARY: "libc-store": 6,

// In an operation that aborts, every byte those calls wrote comes back (the ported program);
// the original keeps them.
// OUT: aborted: id 1 name old note old-note local abcdef
// OUT-NEXT: committed: id 2 name abcdxxzzzz note abcdef! local abcdef
// ORIG: aborted: id 2 name abcdxxzzzz note abcdef! local abcdef

//--- input.c
void *malloc(unsigned long);
void *memcpy(void *, const void *, unsigned long);
void *memmove(void *, const void *, unsigned long);
void *memset(void *, int, unsigned long);
char *strcpy(char *, const char *);
char *strncpy(char *, const char *, unsigned long);
char *strcat(char *, const char *);
long read(int fd, void *buf, unsigned long n);
struct rec { long id; char name[16]; char *note; };
struct rec *table;
char last[32];

void fill(struct rec *r, const struct rec *src, const char *s) {
  memcpy(r, src, sizeof *r);
  memmove(r->name, s, 4);
  memset(r->name + 4, 'x', 2);
  strcpy(r->note, s);
  strncpy(r->name, s, 3);
  strcat(r->note, "!");
  char buf[32];
  memcpy(buf, s, 4);
  memset(buf, 0, sizeof buf);
  strcpy(buf, s);
  memcpy(last, buf, sizeof last);
}
void load(int fd) {
  table = malloc(sizeof *table);
  read(fd, &table->id, sizeof table->id);
  table->note = malloc(32);
}

//--- harness.c
#include <pmem_shim.h>
#include <pmem_shim/port.h>
#include <stdio.h>
#include <string.h>
struct rec { long id; char name[16]; char *note; };
void fill(struct rec *r, const struct rec *src, const char *s);
extern char last[32];
int main(void) {
  pms_port_open("unused.pool");
  pms_op_begin();
  struct rec *r = pms_calloc(1, sizeof *r);
  r->id = 1;
  strcpy(r->name, "old");
  r->note = pms_malloc(32);
  strcpy(r->note, "old-note");
  pms_op_end();
  struct rec src = {2, "zzzzzzzzzz", r->note};
  pms_op_begin();
  fill(r, &src, "abcdef");
  pms_tx_abort();
  pms_op_end();
  printf("aborted: id %ld name %s note %s local %s\n", r->id, r->name, r->note, last);
  pms_op_begin();
  fill(r, &src, "abcdef");
  pms_op_end();
  printf("committed: id %ld name %s note %s local %s\n", r->id, r->name, r->note, last);
  return 0;
}
