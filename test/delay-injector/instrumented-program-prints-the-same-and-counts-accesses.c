// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: %di-cc %t/input.c -o %t/original %di-ldflags
// RUN: %di-cc %t/out/input.c -o %t/instrumented %di-ldflags
// RUN: %t/original > %t/original.txt
// RUN: %t/instrumented > %t/instrumented.txt
// RUN: diff %t/original.txt %t/instrumented.txt
// RUN: FileCheck %s --input-file=%t/instrumented.txt
// RUN: env PMS_STATS=%t/stats.json %t/instrumented
// RUN: FileCheck %s --check-prefix=STATS --input-file=%t/stats.json
// RUN: env PMS_STATS=%t/pcm.json PMS_NVM_MODEL=pcm %t/instrumented
// RUN: FileCheck %s --check-prefix=PCM --input-file=%t/pcm.json

// The instrumented program computes what the original does, and the runtime sees every
// charged access: 7 loads and 5 stores (counted beside each line), each within one cache line.
// CHECK: 9 7 hello

// STATS: "reads": 7, "writes": 5,
// pcm, conservative: a read costs 300 ns, a write 300 + clwb 40 + barrier 500 ns.
// PCM: "model": "pcm", "mode": "conservative"
// PCM-SAME: "injected_ns": 6300,

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
int printf(const char *, ...);
void *memcpy(void *d, const void *s, unsigned long n);
static struct node nodes[2] __attribute__((aligned(64)));
int main(void) {
  struct node *p = &nodes[0];    /* address only: nothing */
  p->next = &nodes[1];           /* write */
  p->next->key = 7;              /* read p->next, write key */
  p->key = p->next->key + 1;     /* read p->next, read key, write key */
  memcpy(p->buf, "hello", 6);    /* write of 6 bytes */
  p->key++;                      /* read and write */
  printf("%d %d %s\n", p->key, p->next->key, p->buf); /* 3 reads; p->buf only decays */
  return 0;
}
