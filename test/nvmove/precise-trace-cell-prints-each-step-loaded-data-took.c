// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json --trace-cell=f:struct\ entry 2> %t/trace.txt
// RUN: FileCheck %s --input-file=%t/trace.txt
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/none.json --trace-cell=no-such-cell 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not %nvmove -p %t --load-function=load --mode=paper --trace-cell=key 2>&1 | FileCheck %s --check-prefix=PAPER

// The trace names every step from the cell back to the load's descriptor: the field is stored
// from the callee's parameter, bound at the call to the caller's local, which read() filled
// (its input site) from the descriptor the load was given. The field that only holds a
// constant is counted, not traced.
// CHECK: trace: f:struct entry{{.*}}.key
// CHECK-NEXT: <- stored at entry.c:12:{{[0-9]+}} from {{.*}}set_key{{.*}}|p1
// CHECK-NEXT: <- stored at entry.c:18:{{[0-9]+}} from c:@F@load|v:k@16
// CHECK-NEXT: <- stored at entry.c:17:{{[0-9]+}} from c:@F@load|in:c1
// CHECK-NEXT: <- stored at entry.c:17:{{[0-9]+}} from ~c:@F@load|p0
// CHECK-NEXT: (a source: a handle of the load's input)
// CHECK-NOT: trace: f:struct entry{{.*}}.flags
// CHECK: trace: {{[0-9]+}} cells hold 'f:struct entry', 1 of them loaded data (1 shown)
// PAPER: nvmove: error: --trace-cell follows loaded data through the flow graph of --mode=precise only
// NONE: trace: 0 cells hold 'no-such-cell', 0 of them loaded data (0 shown)

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c entry.c", "file": "entry.c"}]
//--- entry.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct entry {
  long key;
  int flags;
};
struct entry *table;

static void set_key(struct entry *e, long k) {
  e->flags = 1;
  e->key = k;
}
void load(int fd) {
  table = malloc(sizeof *table);
  long k;
  read(fd, &k, sizeof k);
  set_key(table, k);
}
