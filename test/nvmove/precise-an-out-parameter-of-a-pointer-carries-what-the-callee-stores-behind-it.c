// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/precise.json
// RUN: FileCheck %s --input-file=%t/precise.json

// A callee handed the address of a pointer (`get_name(buf, &r->name)`) stores a new buffer
// there and copies loaded bytes behind it (`*out = malloc(n); memcpy(*out, line, n)`): the
// record's field then points to loaded data. Per call site: another call of the same helper
// with bytes the load did not read leaves its record alone (`tag`).
// CHECK-LABEL: "touched_not_loaded": [
// CHECK:         "name": "tag"
// CHECK-LABEL: "types": [
// CHECK:         "name": "rec"
// CHECK-NOT:     "name": "tag"

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
void *malloc(unsigned long);
void *memcpy(void *, const void *, unsigned long);
long read(int fd, void *buf, unsigned long n);
struct rec { char *name; };
struct tag { char *label; };
struct rec *first;
struct tag *tags;

static void get_name(const char *line, char **out) {
  *out = malloc(8);
  memcpy(*out, line, 8);
}

static void name_tag(const char *from) {
  tags = malloc(sizeof *tags);
  if (from[0])
    get_name("default", &tags->label);
}

int load_db(int fd) {
  char buf[64];
  read(fd, buf, sizeof buf);
  first = malloc(sizeof *first);
  get_name(buf, &first->name);
  name_tag(buf);
  return 0;
}
