// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json

// dpkg's archive details get their words through an offset from the field table:
// STRUCTFIELD(fdp, fip->integer, const char *) = cpos, where cpos points into a copy of the
// loaded line. Which field is not known, but the record holds a pointer to loaded data, and the
// package the root reaches holds the record.
// CHECK-LABEL: "types": [
// CHECK:         "name": "details",
// CHECK:         "evidence": "a pointer to loaded data is stored into {{.*}}",
// CHECK:         "name": "package",
// CHECK-LABEL: "warnings": []

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c details.c", "file": "details.c"}]
//--- details.c
typedef unsigned long size_t;
typedef unsigned long uintptr_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
void *malloc(size_t n);
void *memcpy(void *d, const void *s, size_t n);
#define STRUCTFIELD(klass, off, type) (*(type *)((uintptr_t)(klass) + (off)))
struct details { const char *name; const char *size; };
struct package { char id[8]; struct details *archives; };
struct package *db[4];
static char *copy_text(const char *s) {
  char *c = malloc(64);
  memcpy(c, s, 64);
  return c;
}
static void set_word(struct details *d, size_t off, const char *value) {
  char *copy = copy_text(value);
  STRUCTFIELD(d, off, const char *) = copy + 1;
}
void load(int fd) {
  char buf[64];
  struct package *p = malloc(sizeof *p);
  read(fd, p->id, sizeof p->id);
  db[0] = p;
  p->archives = malloc(sizeof *p->archives);
  read(fd, buf, sizeof buf);
  set_word(p->archives, sizeof(const char *), buf);
}
