// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_meta --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// read_exact() reads into whatever its pointer parameter points to, two calls
// deep and in another TU. The caller's struct it is handed is filled with
// loaded data; the provenance names the call in the load function.
// 'struct progress' is passed to a helper that only writes a counter.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "progress",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "meta",
// CHECK:         "call_chain": [
// CHECK-NEXT:      "load_meta"
// CHECK-NEXT:    ],
// CHECK:         "evidence": "loaded data is stored into a whole struct meta{{.*}}read_exact{{.*}}",
// CHECK-NEXT:    "function": "load_meta",
// CHECK-NEXT:    "statement": "meta.c:6:3"
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c meta.c", "file": "meta.c"},
 {"directory": "@DIR@", "command": "cc -c io.c", "file": "io.c"}]
//--- meta.c
struct meta { long created; int flags; };
struct progress { int steps; };
int read_exact(int fd, void *buf, unsigned long n);
void step(struct progress *p) { p->steps++; }
void load_meta(int fd, struct meta *m, struct progress *p) {
  read_exact(fd, m, sizeof *m);
  step(p);
}
//--- io.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
static int read_some(int fd, char *to, size_t n) { return read(fd, to, n) > 0; }
int read_exact(int fd, void *buf, size_t n) {
  char *p = buf;
  return read_some(fd, p, n);
}
