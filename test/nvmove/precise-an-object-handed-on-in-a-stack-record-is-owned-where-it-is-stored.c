// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_known --follow-callbacks --format=json -o %t/report.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOHINT
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=load_known --format=json -o %t/plain.json 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HINT

// OpenSSH's shape (load_hostkeys): the parser allocates each line's key into a record on its
// own stack and hands that record to a callback, which moves the key into the entry the set
// keeps. The key goes through the stack record's field on its way, and it is still the fresh
// object the parser allocated: the entry and the set owning the entries hold loaded state. The
// per-line record and the callback's context are temporaries (touched, not persistent).
// Without --follow-callbacks the key is still found, but not the records the callback fills:
// nvmove says which call through a parameter it did not follow (HINT).
// NOHINT-NOT: try --follow-callbacks
// HINT: note: 1 call(s) through a function pointer handed in as an argument were not followed, the first at known.c:{{[0-9]+}}:{{[0-9]+}} ('callback' in foreach_line){{.*}}try --follow-callbacks
// CHECK-LABEL: "touched_not_loaded"
// CHECK:         "name": "line_info",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "line_info",
// CHECK:         "name": "entry",
// CHECK-NOT:     "name": "line_info",
// CHECK:         "name": "key",
// CHECK-NOT:     "name": "line_info",
// CHECK:         "name": "known",
// CHECK-NOT:     "name": "line_info",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c known.c", "file": "known.c"}]
//--- known.c
typedef unsigned long size_t;
typedef struct FILE FILE;
FILE *fopen(const char *p, const char *m);
char *fgets(char *s, int n, FILE *f);
void *calloc(size_t n, size_t s);
void *realloc(void *p, size_t n);
int atoi(const char *s);

struct key { int type; char blob[32]; };
struct entry { struct key *key; unsigned long line; };
struct known { struct entry *entries; unsigned n; };
struct line_info { unsigned long linenum; char *text; struct key *key; };
typedef int line_fn(struct line_info *l, void *ctx);

static struct key *key_new(void) { return calloc(1, sizeof(struct key)); }

static int read_key(const char *text, struct key *k) {
  k->type = atoi(text);
  for (int i = 0; i < 32 && text[i]; i++)
    k->blob[i] = text[i];
  return 0;
}

static int foreach_line(FILE *f, line_fn *callback, void *ctx) {
  char buf[256];
  struct line_info info;
  info.linenum = 0;
  while (fgets(buf, sizeof(buf), f)) {
    info.linenum++;
    info.text = buf;
    info.key = key_new();
    read_key(buf, info.key);
    callback(&info, ctx);
  }
  return 0;
}

static int record_key(struct line_info *l, void *ctx) {
  struct known *set = ctx;
  struct entry *tmp = realloc(set->entries, (set->n + 1) * sizeof(*tmp));
  set->entries = tmp;
  set->entries[set->n].key = l->key;
  set->entries[set->n].line = l->linenum;
  l->key = 0;
  set->n++;
  return 0;
}

void load_known(struct known *set, const char *path) {
  FILE *f = fopen(path, "r");
  if (f)
    foreach_line(f, record_key, set);
}
