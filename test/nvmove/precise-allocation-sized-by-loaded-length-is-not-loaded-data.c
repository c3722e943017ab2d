// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_header --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// The length read from storage only sizes a scratch buffer: neither the
// pointer malloc() returns nor the (unwritten) bytes behind it came from
// storage, so the stack-local 'struct scratch' holding the buffer is touched,
// not persistent. The header the length was read into is persistent.
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "scratch",
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "header",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c header.c", "file": "header.c"}]
//--- header.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void free(void *p);
struct scratch { char *buf; size_t cap; };
struct header { size_t len; };
void load_header(int fd, struct header *h) {
  struct scratch s;
  read(fd, &h->len, sizeof h->len);
  s.buf = malloc(h->len);
  free(s.buf);
}
