// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=warm_start --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// The pointer flows survive the summary cache: a second run, from cached summaries only,
// gives the same answer.
// RUN: nvmove --quiet --cache-dir=%t/cache -p %t --load-function=warm_start --format=json -o %t/first.json
// RUN: nvmove --quiet --cache-dir=%t/cache -p %t --load-function=warm_start --format=json -o %t/cached.json
// RUN: FileCheck %s --input-file=%t/cached.json
// RUN: FileCheck %s --check-prefix=CACHED --input-file=%t/cached.json
// CACHED: "from_cache": 1,

// A ported program keeps its legacy global and binds it to a root at its warm start: after
// pms_root_bind("db", &db) the global holds a pointer into the pool, and the records the
// load reaches through it are persistent. A global that is not bound to a root ('scratch')
// points to DRAM, however it is used.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "scratch_area"
// CHECK:         "name": "table",
// CHECK:         "evidence": "a pointer into the persistent pool from pms_root_bind() at db.c:{{[0-9]+}}:{{[0-9]+}} is used as a pointer to struct table: db",
// CHECK:         "function": "warm_start",
// CHECK:         "reason": "pool-pointer",
// CHECK-NOT:     "name": "scratch_area"
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
int pms_root_bind(const char *name, void **global);

struct table { unsigned n; unsigned slots[16]; };
struct scratch_area { unsigned used; };

struct table *db;
struct scratch_area *scratch;

static unsigned table_size(struct table *t) { return t->n; }
static unsigned scratch_used(struct scratch_area *s) { return s->used; }

int warm_start(void) {
  if (pms_root_bind("db", (void **)&db) < 0)
    return -1;
  return (int)(table_size(db) + scratch_used(scratch));
}
