// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_records --mode=backtrack --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Backtrack mode starts at write() and follows the written buffer back to
// what was serialized into it: Figure 1c of the paper, where sprintf() formats
// the fields of 'record' into 'buf' and write() persists 'buf'. 'record' is
// found with reason serialized, though update_persist() is not on the walk
// from the load function. 'struct config' is written, but never reaches a
// write() call.
// CHECK-LABEL: "mode": "backtrack",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "fields_written": [
// CHECK-NEXT:      "id",
// CHECK-NEXT:      "value"
// CHECK-NEXT:    ],
// CHECK:         "name": "record",
// CHECK:         "evidence": "data of record.{{id|value}} reaches a write call: {{.*}}update_persist: buf{{.*}}",
// CHECK-NEXT:    "function": "update_persist",
// CHECK-NEXT:    "statement": "persist.c:15:3"
// CHECK:         "reason": "serialized",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c persist.c", "file": "persist.c"}]
//--- persist.c
typedef unsigned long size_t;
int sprintf(char *dst, const char *fmt, ...);
long write(int fd, const void *buf, size_t n);
void *malloc(size_t n);
int open(const char *path, int flags);
typedef struct { int id; long value; } record;
struct config { int verbose; };
void load_records(struct config *c) { c->verbose = 1; }
/* update_persist -- Figure 1c */
void update_persist(record *r, long nval) {
  r->value = nval;
  char *buf = malloc(64);
  int fd = open("records.db", 1);
  sprintf(buf, "id:%d, val:%ld", r->id, r->value);
  write(fd, buf, 64);
}
