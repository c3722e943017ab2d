// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_env --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// LMDB's shape: the load reads a meta page whole and copies it into the meta it keeps; the
// meta embeds the database records by value (mm_dbs), so they hold loaded bytes too, although
// no field of theirs is written on its own. A union holds one member at a time: bytes read
// from the file into a whole union are every member's (a header that is a page or a meta),
// but a union copied whole from other storage fills only the member the code uses, and this
// load uses none of the second union's members (arg_num, arg_text).
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "arg_
// CHECK:         "name": "db",
// CHECK-NOT:     "name": "arg_
// CHECK:         "name": "hdr_meta",
// CHECK-NOT:     "name": "arg_
// CHECK:         "name": "hdr_page",
// CHECK-NOT:     "name": "arg_
// CHECK:         "name": "meta",
// CHECK-NOT:     "name": "arg_
// CHECK-LABEL: "warnings"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c env.c", "file": "env.c"}]
//--- env.c
typedef unsigned long size_t;
typedef struct FILE FILE;
FILE *fopen(const char *p, const char *m);
size_t fread(void *b, size_t s, size_t n, FILE *f);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);

struct db { unsigned long root, entries; };
struct meta { unsigned magic; struct db dbs[2]; unsigned long txnid; };
struct hdr_page { unsigned long pgno; unsigned short flags; };
struct hdr_meta { unsigned long pad; struct meta m; };
union header { struct hdr_page page; struct hdr_meta meta; };
struct arg_num { long x; };
struct arg_text { char *s; unsigned len; };
union arg { struct arg_num n; struct arg_text t; };
struct env { struct meta *meta; union header *first; union arg *last; };
struct env *the_env;

void load_env(const char *path) {
  FILE *f = fopen(path, "r");
  struct meta m;
  struct env *e = malloc(sizeof(*e));
  char *buf = malloc(64);
  fread(&m, sizeof(m), 1, f);
  e->meta = malloc(sizeof(*e->meta));
  *e->meta = m;
  e->first = malloc(sizeof(*e->first));
  fread(e->first, sizeof(*e->first), 1, f);
  fread(buf, 1, 64, f);
  e->last = malloc(sizeof(*e->last));
  memcpy(e->last, buf, sizeof(*e->last));
  the_env = e;
}
