// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// dpkg fills most fields of a package through a table of offsets:
// STRUCTFIELD(pkgbin, fip->integer, char *) = nfstrsave(value), where the macro is
// *(type *)((uintptr_t)(klass) + (off)). The address goes through an integer, but the store
// still lands in the record the pointer operand points to. 'struct stats' is only read.
// CHECK-LABEL: "types": [
// CHECK:         "name": "binary",
// CHECK:         "evidence": "loaded data is stored into a whole struct binary: {{.*}}",
// CHECK-NOT:     "name": "stats",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c fields.c", "file": "fields.c"}]
//--- fields.c
typedef unsigned long size_t;
typedef unsigned long uintptr_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
char *strdup(const char *s);
void *malloc(size_t n);
#define STRUCTFIELD(klass, off, type) (*(type *)((uintptr_t)(klass) + (off)))
#define OFFSET(f) ((size_t) & ((struct binary *)0)->f)
struct binary { char *maintainer; char *description; int essential; };
struct stats { long fields; };
struct binary *installed;
struct stats seen;
static void set_text(struct binary *b, size_t off, const char *value) {
  STRUCTFIELD(b, off, char *) = strdup(value);
}
void load(int fd) {
  char buf[128];
  installed = malloc(sizeof *installed);
  read(fd, buf, sizeof buf);
  set_text(installed, seen.fields ? OFFSET(description) : OFFSET(maintainer), buf);
}
