// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_log --mode=backtrack --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The buffer save() writes out was filled by a serializer defined in another
// TU, through its pointer parameter: back-tracking goes into the callee and
// finds the record it formats.
// CHECK-LABEL: "types": [
// CHECK:         "name": "record",
// CHECK:         "evidence": "data of record.{{id|value}} reaches a write call: record.{{id|value}} -> *format_record: parameter 0 -> save: buf -> SINK",
// CHECK-NEXT:    "function": "save",
// CHECK-NEXT:    "statement": "save.c:8:3"
// CHECK:         "reason": "serialized",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c format.c", "file": "format.c"},
 {"directory": "@DIR@", "command": "cc -c save.c", "file": "save.c"}]
//--- format.c
int sprintf(char *dst, const char *fmt, ...);
typedef struct { int id; long value; } record;
void format_record(char *out, const record *r) {
  sprintf(out, "%d %ld", r->id, r->value);
}
//--- save.c
typedef unsigned long size_t;
long write(int fd, const void *buf, size_t n);
typedef struct { int id; long value; } record;
void format_record(char *out, const record *r);
void save(int fd, const record *r) {
  char buf[64];
  format_record(buf, r);
  write(fd, buf, sizeof buf);
}
void load_log(void) {}
