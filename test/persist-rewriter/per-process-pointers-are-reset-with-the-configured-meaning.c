// A job holds the worker that reserved it; workers are per-process objects the load never
// allocates. nvmove reports the field (without a naming convention to go by), the port resets
// it once per start, and 'volatile-reset = job: job_release' says what that means: the job
// goes back to ready. Without the reset, a job reserved at a kill stays reserved forever.
// RUN: rm -rf %t && split-file %s %t && %pr-cdb %t input.c
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/types.json
// RUN: FileCheck %s --check-prefix=TYPES --input-file=%t/types.json
// RUN: %persist-rewriter -p %t --types=%t/types.json --config=%t/port.conf --out=%t/out
// RUN: FileCheck %s --input-file=%t/out/input.c
// RUN: %pr-cc -Werror %t/out/input.c -o %t/ported %pr-ldflags
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt reserve | FileCheck %s --check-prefix=COLD
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt list | FileCheck %s --check-prefix=WARM
// RUN: env PMS_POOL=%t/p.pool %t/ported %t/data.txt reserve | FileCheck %s --check-prefix=AGAIN

// TYPES:      "volatile_fields": [
// TYPES-NEXT:   {
// TYPES-NEXT:     "field": "owner",
// TYPES-NEXT:     "why": "pointer to struct worker, which the program allocates but the load never does (a per-process object)"
// CHECK: struct PMS_PERSISTENT job { long id; int state; struct worker *owner; struct job *next; __UINT64_TYPE__ pms_gen; }; void job_release(struct job *); static inline struct job *pms_fresh_job(struct job *o) { if (pms_port_generation_refresh(&o->pms_gen)) { PMS_LOGGED(o->owner) = 0; job_release(o); } return o; }

// COLD: reserved job 7 by worker 3
// WARM: job 7 ready
// WARM-NEXT: job 8 ready
// WARM-NEXT: job 9 ready
// AGAIN: reserved job 7 by worker 3

//--- port.conf
operation = reserve
reinit-volatile = yes
volatile-reset = job: job_release
//--- data.txt
9 8 7
//--- input.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct worker { int fd; long served; };
struct job { long id; int state; struct worker *owner; struct job *next; };
struct job *jobs;
int load(const char *path) {
  FILE *f = fopen(path, "r");
  long id;
  while (f && fscanf(f, "%ld", &id) == 1) {
    struct job *j = calloc(1, sizeof *j);
    j->id = id;
    j->next = jobs;
    jobs = j;
  }
  if (f)
    fclose(f);
  return 0;
}
void job_release(struct job *j) {
  j->state = 0;
}
struct worker *accept_worker(int fd) {
  struct worker *w = calloc(1, sizeof *w);
  w->fd = fd;
  return w;
}
void reserve(struct worker *w) {
  for (struct job *j = jobs; j; j = j->next)
    if (!j->owner && j->state == 0) {
      j->state = 1;
      j->owner = w;
      printf("reserved job %ld by worker %d\n", j->id, w->fd);
      return;
    }
  printf("nothing to reserve\n");
}
int main(int argc, char **argv) {
  load(argv[1]);
  if (strcmp(argv[2], "reserve") == 0)
    reserve(accept_worker(3));
  else
    for (struct job *j = jobs; j; j = j->next)
      printf("job %ld %s\n", j->id, j->owner || j->state ? "reserved" : "ready");
  return 0;
}
