// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json
// RUN: %nvmove -p %t --load-function=load_db --mode=paper --format=json -o %t/paper.json
// RUN: FileCheck %s --check-prefix=PAPER --input-file=%t/paper.json

// A corruption report that ends the process cannot leave state behind for
// after the load: precise mode does not enter it (its report struct is not
// even touched); the paper's walk does.
// CHECK:       "functions_skipped": {
// CHECK:         "never returns (error path)": 1
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name": "report"
// CHECK:         "name": "table"
// CHECK-NOT:     "name": "report"
// PAPER:         "name": "report"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
long read(int fd, void *buf, size_t n);
void exit(int) __attribute__((noreturn));
struct report { long offset; char why[32]; };
struct table { long n; };
struct table *tab;
static struct report last;
void corrupt(const char *why, long offset) {
  last.offset = offset;
  last.why[0] = why[0];
  exit(1);
}
void load_db(int fd) {
  long n;
  if (read(fd, &n, sizeof n) != sizeof n)
    corrupt("short read", n);
  tab->n = n;
}
