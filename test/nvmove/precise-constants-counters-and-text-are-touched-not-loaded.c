// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=load_db --mode=paper --format=json -o %t/paper.json
// RUN: FileCheck %s --check-prefix=PAPER --input-file=%t/paper.json

// A struct written on the walk only with constants, counters and string
// literals holds nothing that came from storage: it is listed under
// touched_not_loaded, with the evidence of each write, and not under types.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "fields_written": [
// CHECK-NEXT:      "label",
// CHECK-NEXT:      "loads",
// CHECK-NEXT:      "state"
// CHECK-NEXT:    ],
// CHECK:         "name": "stats",
// CHECK:         "evidence": "++ st->loads (counter)",
// CHECK:         "evidence": "= st->state (constant)",
// CHECK:         "evidence": "strcpy st->label (text)",
// CHECK:         "reason": "touched",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "stats"
// CHECK:         "name": "value",
// CHECK-NOT:     "name": "stats"
// CHECK-LABEL: "warnings": []

// Paper mode, by contrast, reports it.
// PAPER-LABEL: "types": [
// PAPER:         "name": "stats",
// PAPER:         "reason": "assigned",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
char *strcpy(char *dst, const char *src);
enum { LOADING = 1 };
struct stats { int loads; int state; char label[16]; };
struct value { long v; };
void load_db(int fd, struct stats *st, struct value *val) {
  st->loads++;
  st->state = LOADING;
  strcpy(st->label, "rdb");
  read(fd, &val->v, sizeof val->v);
}
