// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=replay_log --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A global untyped container (an array of void * with a length and a capacity) holding the
// objects the load rebuilds: the job-queue server keeps its replayed jobs in 'jobs'. Its
// 'items' field is typed void **, so no field type names 'struct job': the container counts
// as a holder because the walk stores into it jobs that the load allocated and filled, and
// its global is a root. 'struct timer' also gets a fresh object through a void * field, but a
// 'struct note' that holds nothing loaded.
// CHECK-LABEL: "roots": [
// CHECK-NEXT:    {
// CHECK-NEXT:      "evidence": "leads to persistent struct vec",
// CHECK-NEXT:      "global": "jobs",
// CHECK-NEXT:      "record": "struct vec"
// CHECK-NEXT:    }
// CHECK-NEXT:  ],
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "timer",
// CHECK-LABEL: "types": [
// CHECK:         "name": "job",
// CHECK-NOT:     "name": "timer"
// CHECK:         "name": "vec",
// CHECK:         "evidence": "stores into 'items' (void **) a struct job that the load allocated and filled",
// CHECK:         "reason": "pointer-to-loaded",
// CHECK-NOT:     "name": "timer"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c jobs.c", "file": "jobs.c"}]
//--- jobs.c
typedef unsigned long size_t;
typedef struct FILE FILE;
char *fgets(char *s, int n, FILE *f);
void *malloc(size_t n);
void *realloc(void *p, size_t n);
char *strdup(const char *s);
int atoi(const char *s);

struct job { char *cmd; int id; };
struct vec { void **items; int len; int cap; };
struct note { int seen; };
struct timer { void *arg; int ms; };
struct vec jobs;
struct timer reminder;

static void vec_push(struct vec *v, void *item) {
  if (v->len == v->cap) {
    v->cap = v->cap ? v->cap * 2 : 8;
    v->items = realloc(v->items, v->cap * sizeof *v->items);
  }
  v->items[v->len++] = item;
}

int replay_log(FILE *f) {
  char line[256];
  while (fgets(line, sizeof line, f)) {
    struct job *j = malloc(sizeof *j);
    j->id = atoi(line);
    j->cmd = strdup(line);
    vec_push(&jobs, j);
  }
  struct note *n = malloc(sizeof *n);
  n->seen = 1;
  reminder.arg = n;
  reminder.ms = 1000;
  return jobs.len;
}
