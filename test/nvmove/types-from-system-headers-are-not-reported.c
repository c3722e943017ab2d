// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_config --mode=paper --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// Only types defined in the application count. 'struct stat' and 'FILE' come
// from a header found through -isystem: writing them on the walk neither
// reports them as persistent nor as touched, nor counts them as defined.
// CHECK-LABEL: "total_types_defined": 1,
// CHECK-LABEL: "touched_not_loaded": [],
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "config",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -isystem @DIR@/include -c load.c", "file": "load.c"}]
//--- include/sysdefs.h
struct stat { long st_size; int st_mode; };
typedef struct { int fd; char *buf; } FILE;
//--- load.c
#include <sysdefs.h>
struct config { long size; };
void load_config(struct config *c, struct stat *st, FILE *f) {
  st->st_size = 4096;
  f->fd = 3;
  c->size = st->st_size;
}
