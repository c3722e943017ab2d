// REQUIRES: clang-16
// RUN: rm -rf %t && split-file %s %t && %di-cdb
// RUN: %delay-injector -p %t --types=%di-types --out=%t/out 2>/dev/null
// RUN: %di-cc %t/out/input.c -o %t/instrumented %di-ldflags
// RUN: env PMS_STATS=%t/each.json PMS_NVM_MODEL=pcm PMS_NVM_MODE=realistic %t/instrumented
// RUN: FileCheck %s --check-prefix=EACH --input-file=%t/each.json
// RUN: env PMS_STATS=%t/five.json PMS_NVM_MODEL=pcm PMS_NVM_MODE=realistic \
// RUN:   PMS_NVM_EPOCH_WRITES=5 %t/instrumented
// RUN: FileCheck %s --check-prefix=FIVE --input-file=%t/five.json
// RUN: env PMS_STATS=%t/fence.json PMS_NVM_MODEL=pcm PMS_NVM_MODE=realistic \
// RUN:   PMS_NVM_EPOCH_WRITES=100 %t/instrumented fence
// RUN: FileCheck %s --check-prefix=FENCE --input-file=%t/fence.json
// RUN: env PMS_NVM_MODEL=pcm PMS_NVM_MODE=realistic PMS_NVM_EPOCH_WRITES=0 %t/instrumented 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BAD

// A program without transactions (Redis, memcached) stores to one cache line ten times.
// Realistic mode used to charge the line once and then never again; now each store outside a
// transaction is persisted on its own (pcm: write 300 + clwb 40 + barrier 500 ns), the read of
// the line just written is a cache hit, and PMS_NVM_EPOCH_WRITES=N lets N stores share one
// write-back. An explicit pms_fence ends the epoch early.
// EACH: "mode": "realistic"
// EACH-SAME: "reads": 1, "writes": 10, "flushes": 10, "barriers": 10,
// EACH-SAME: "injected_ns": 8400,
// Stores 1 and 6 pay.
// FIVE: "reads": 1, "writes": 10, "flushes": 2, "barriers": 2,
// FIVE-SAME: "injected_ns": 1680,
// Stores 1 and 6 (the first after the fence) pay, and the fence its barrier.
// FENCE: "reads": 1, "writes": 10, "flushes": 2, "barriers": 3,
// FENCE-SAME: "injected_ns": 2180,
// BAD: pmem_shim: warning: PMS_NVM_EPOCH_WRITES '0' is not a number from 1 (kept 1)

//--- input.c
struct node { int key; struct node *next; char buf[16]; };
int printf(const char *, ...);
void pms_fence(void);
static struct node nodes[1] __attribute__((aligned(64)));
int main(int argc, char **argv) {
  struct node *p = &nodes[0];
  (void)argv;
  for (int i = 0; i < 10; i++) {
    if (argc > 1 && i == 5)
      pms_fence();
    p->key = i;
  }
  printf("%d\n", p->key);
  return 0;
}
