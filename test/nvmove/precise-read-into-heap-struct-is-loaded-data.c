// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_header --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Precise mode (the default): bytes that read() puts into a struct, or into
// one of its fields, are loaded data, so the struct is persistent with reason
// loaded-data. 'struct options' is only given a constant on the same walk and
// is not persistent.
// CHECK:       "mode": "precise",
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "options",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "fields_written": [
// CHECK-NEXT:      "size"
// CHECK-NEXT:    ],
// CHECK:         "name": "footer",
// CHECK:         "statement": "header.c:11:3"
// CHECK:         "reason": "loaded-data",
// CHECK:         "name": "header",
// CHECK:         "statement": "header.c:10:3"
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c header.c", "file": "header.c"}]
//--- header.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
struct header { int magic; int version; };
struct footer { unsigned crc; long size; };
struct options { int verbose; };
void *malloc(size_t n);
struct header *hdr;
void load_header(int fd, struct options *o, struct footer *f) {
  struct header *h = malloc(sizeof *h);
  read(fd, h, sizeof *h);
  read(fd, &f->size, sizeof f->size);
  hdr = h;
  o->verbose = 1;
}
