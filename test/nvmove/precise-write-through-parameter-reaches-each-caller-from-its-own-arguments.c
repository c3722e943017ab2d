// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=load --per-site-writes=false --format=json -o %t/shared.json
// RUN: FileCheck %s --check-prefix=SHARED --input-file=%t/shared.json

// measure() writes through its out-parameter a value made of its first argument. The load
// hands it a length it read; serve() hands it a constant. What measure() writes through
// 'out' reaches each caller from that caller's own argument: the record gets loaded data,
// the connection does not. The path names the call that carried the data.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "rec",
// CHECK:         "evidence": "loaded data is stored into rec_state.size: {{.*}}load: n -> *measure: parameter 1 -> load: m -> rec_state.size",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

// With one cell for what measure() writes, shared by its callers, the connection looks loaded.
// SHARED-LABEL: "types": [
// SHARED:         "name": "conn",
// SHARED:         "name": "rec",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct rec { long size; };
struct conn { long size; };
struct rec rec_state;
struct conn conn_state;
void measure(long n, long *out) { *out = n * 2; }
void serve(const char *why) {
  long k;
  (void)why;
  measure(16, &k);
  conn_state.size = k;
}
void load(int fd) {
  long n, m;
  read(fd, &n, sizeof n);
  measure(n, &m);
  rec_state.size = m;
  serve("loaded");
}
