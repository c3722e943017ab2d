// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --follow-callbacks --format=json -o %t/report.json 2> %t/stderr
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/stderr

// `(*action)(uparam, ml, line)` (less's history reader) and `(*t->handle)(line)` call what the
// pointer points to, as `action(...)` and `t->handle(...)` do: the call goes through the
// parameter or the field, not through what they point to. Both callbacks fill a record.
// CHECK-LABEL: "types": [
// CHECK:         "name": "item",
// CHECK:         "name": "mark",
// CHECK-LABEL: "warnings": [
// WARN-DAG: call through function pointer '(*action)' followed to 1 possible target(s) (in each_line)
// WARN-DAG: call through function pointer '(*t->handle)' followed to 1 possible target(s) (in dispatch)

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c deref.c", "file": "deref.c"}]
//--- deref.c
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct item { char text[16]; };
struct mark { char letter; };
struct table { void (*handle)(const char *line); };
struct item *items[4];
struct mark *marks[4];
static void add_item(const char *line) {
  struct item *i = malloc(sizeof *i);
  for (int k = 0; k < 16; k++)
    i->text[k] = line[k];
  items[0] = i;
}
static void add_mark(const char *line) {
  struct mark *m = malloc(sizeof *m);
  m->letter = line[0];
  marks[0] = m;
}
static struct table marks_table = { add_mark };
static void dispatch(struct table *t, const char *line) { (*t->handle)(line); }
static void each_line(int fd, void (*action)(const char *)) {
  char buf[16];
  while (read(fd, buf, sizeof buf) > 0)
    (*action)(buf);
  dispatch(&marks_table, buf);
}
void load(int fd) { each_line(fd, add_item); }
