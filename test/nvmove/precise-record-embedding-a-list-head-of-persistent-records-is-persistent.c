// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=read_state --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// logrotate keeps its loaded state records in hash buckets: each bucket embeds a list head by
// value, and LIST_INSERT_HEAD(&states[i]->head, st, list) stores a pointer to a loaded record
// into that head through the member's address. The head is persistent (it holds the records);
// the bucket that embeds it holds the same storage, so it is persistent too. 'struct counters'
// embeds nothing the walk stores persistent pointers through.
// CHECK-LABEL: "types": [
// CHECK:         "name": "bucket",
// CHECK:         "evidence": "stores into state_list.first through &bucket.head, the persistent struct state_list it embeds",
// CHECK:         "reason": "embedded",
// CHECK:         "name": "state",
// CHECK:         "name": "state_list",
// CHECK-NOT:     "name": "counters",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c state.c", "file": "state.c"}]
//--- state.c
typedef struct io_file FILE;
FILE *fopen(const char *path, const char *mode);
char *fgets(char *s, int n, FILE *f);
char *strdup(const char *s);
void *malloc(unsigned long n);
struct state { char *fn; struct state *next; };
struct state_list { struct state *first; };
struct bucket { struct state_list head; int size; };
struct counters { struct state_list unused; int lines; };
struct bucket **states;
struct counters stats;
static void insert(struct bucket *b, struct state *st) {
  st->next = (&b->head)->first;
  (&b->head)->first = st;
}
int read_state(const char *path) {
  char buf[256];
  FILE *f = fopen(path, "r");
  while (fgets(buf, sizeof buf, f)) {
    struct state *st = malloc(sizeof *st);
    st->fn = strdup(buf);
    insert(states[0], st);
    stats.lines++;
  }
  return 0;
}
