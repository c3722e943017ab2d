// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_label --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// sprintf() and snprintf() write their destination buffer: the struct whose
// field is that buffer is assigned. The format arguments are only read, so
// the struct they come from is not.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "fields_written": [
// CHECK-NEXT:      "short_text",
// CHECK-NEXT:      "text"
// CHECK-NEXT:    ],
// CHECK:         "name": "label",
// CHECK:         "evidence": "sprintf l->text (data)",
// CHECK:         "evidence": "snprintf l->short_text (data)",
// CHECK:         "reason": "assigned",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c label.c", "file": "label.c"}]
//--- label.c
typedef unsigned long size_t;
int sprintf(char *dst, const char *fmt, ...);
int snprintf(char *dst, size_t n, const char *fmt, ...);
struct point { int x, y; };
struct label { char text[32]; char short_text[8]; };
void load_label(struct label *l, const struct point *p) {
  sprintf(l->text, "%d,%d", p->x, p->y);
  snprintf(l->short_text, sizeof l->short_text, "%d", p->x);
}
