// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_header --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// A header read into a local and only used to check the file lives on the
// stack: it is a temporary, reported as touched with its evidence, not as a
// persistent type. The record the header's field is copied into is persistent.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "header",
// CHECK:         "statement": "header.c:9:3"
// CHECK:         "reason": "temporary",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "table",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c header.c", "file": "header.c"}]
//--- header.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct header { int magic; int count; };
struct table { int count; };
struct table *tab;
void load_header(int fd) {
  struct header h;
  int ok;
  read(fd, &h, sizeof h);
  ok = h.magic == 42;
  if (ok)
    tab->count = h.count;
}
