// The globals the load sets that code outside the load reads are state a warm start must keep:
// an untyped container of all queues with its length and capacity, the default queue, a
// counter, and a pointer into a static array until it grows. nvmove lists each with where the
// load sets it and who reads it later, roots or not; a global only the load uses is not listed.
// RUN: rm -rf %t && split-file %s %t
// RUN: printf '[{"directory":"%t","file":"q.c","arguments":["cc","-std=gnu11","-c","q.c"]}]' > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=replay --format=json -o %t/out.json
// RUN: FileCheck %s --input-file=%t/out.json
// RUN: %nvmove -p %t --load-function=replay | FileCheck %s --check-prefix=TEXT
// CHECK:      "load_globals": [
// CHECK-DAG:  "global": "default_queue"
// CHECK-DAG:  "global": "jobs_seen"
// CHECK-DAG:  "global": "queues"
// CHECK-DAG:  "global": "queues_len"
// CHECK-DAG:  "global": "slots"
// CHECK:      "mode"
// RUN: FileCheck %s --check-prefix=ONLY --input-file=%t/out.json
// ONLY-NOT: "global": "replay_lines"
// ONLY-NOT: "global": "queues_cap"
// TEXT: globals the load sets that later code reads (a warm start skips the load: keep them with 'root =' or 'value-root =', or set them up with 'warm-run ='):
// TEXT: jobs_seen (set at q.c:{{[0-9]+}}:{{[0-9]+}}, read by stats)

//--- q.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct queue { char name[32]; long njobs; };
void **queues;
size_t queues_len, queues_cap;
struct queue *default_queue;
long jobs_seen;
static long replay_lines;
static int static_slots[4];
int *slots = static_slots;
static struct queue *queue_add(const char *name) {
  struct queue *q = calloc(1, sizeof *q);
  strncpy(q->name, name, sizeof q->name - 1);
  if (queues_len == queues_cap) {
    queues_cap = queues_cap ? 2 * queues_cap : 4;
    queues = realloc(queues, queues_cap * sizeof *queues);
  }
  queues[queues_len++] = q;
  return q;
}
int replay(const char *path) {
  FILE *f = fopen(path, "r");
  char name[32];
  while (f && fscanf(f, "%31s", name) == 1) {
    replay_lines++;
    struct queue *q = queue_add(name);
    q->njobs++;
    jobs_seen++;
    if (!default_queue)
      default_queue = q;
    if (jobs_seen > 4)
      slots = calloc(8, sizeof *slots);
  }
  return f ? fclose(f) : 0;
}
long stats(void) {
  long n = 0;
  for (size_t i = 0; i < queues_len; i++)
    n += ((struct queue *)queues[i])->njobs;
  return n + jobs_seen + default_queue->njobs + slots[0];
}
int main(int argc, char **argv) {
  replay(argv[1]);
  printf("%ld\n", stats());
  return 0;
}
