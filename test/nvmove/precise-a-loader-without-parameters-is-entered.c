// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=init --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The paper's optimization (a) skips functions without pointer parameters: nothing persistent
// can be handed to them. But `void read_all(void)` opens and reads the database into a global
// list itself (through a helper, one call deeper): precise mode enters a function called near
// the load (by a load function or one of its callees) that opens a file and reads it, itself
// or through its callees. reset_stats reads nothing, and read_key reads the terminal without
// opening anything: both are still skipped.
// CHECK:         "callee": "reset_stats",
// CHECK-NEXT:    "caller": "init",
// CHECK-NEXT:    "reason": "no pointer arguments (optimization a)"
// CHECK:         "callee": "read_key",
// CHECK-NEXT:    "caller": "init",
// CHECK-NEXT:    "reason": "no pointer arguments (optimization a)"
// CHECK-LABEL: "types": [
// CHECK:         "name": "rec",
// CHECK:         "reason": "loaded-data",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c init.c", "file": "init.c"}]
//--- init.c
typedef struct io_file FILE;
typedef unsigned long size_t;
FILE *fopen(const char *path, const char *mode);
size_t fread(void *p, size_t size, size_t n, FILE *f);
void *malloc(size_t n);
struct rec { int key; int value; struct rec *next; };
struct rec *recs;
long loads;
char last_key;
long read(int fd, void *buf, size_t n);
static void read_one(FILE *f) {
  struct rec *r = malloc(sizeof *r);
  fread(r, sizeof *r, 1, f);
  r->next = recs;
  recs = r;
}
static void read_all(void) { read_one(fopen("/var/lib/db", "r")); }
static void reset_stats(void) { loads = 0; }
static void read_key(void) { read(0, &last_key, 1); }
void init(void) {
  reset_stats();
  read_key();
  read_all();
}
