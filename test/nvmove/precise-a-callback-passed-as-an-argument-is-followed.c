// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load_db --follow-callbacks --format=json -o %t/report.json 2> %t/stderr
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: FileCheck %s --check-prefix=WARN --input-file=%t/stderr
// RUN: %nvmove -p %t --load-function=load_db --format=json -o %t/plain.json 2> %t/plain.stderr
// RUN: FileCheck %s --check-prefix=PLAIN --input-file=%t/plain.stderr

// dpkg parses each stanza with parse_stanza(ps, &fs, pkg_parse_field, &obj), which calls the
// field handler it was handed through its parameter. The call names its target as plainly as a
// direct call: the functions the walk's calls pass there, also through a parameter they pass on
// (for_each_line hands its callback to read_lines). Without following it precise mode found
// nothing of dpkg's database. 'struct tally' is filled by a function whose address is taken
// but never handed to these parameters. Like calls through fields, these are followed with
// --follow-callbacks; without it the note says to try it.
// CHECK-LABEL: "types": [
// CHECK:         "name": "package",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name": "tally",
// CHECK-LABEL: "warnings": [
// WARN: call through function pointer 'handle' followed to 1 possible target(s) (in read_lines)
// PLAIN: call through function pointer 'handle' cannot be followed statically (in read_lines)
// PLAIN: note: no persistent type found, and 1 call(s) through function pointers on the walk were not followed: {{.*}} handed in as arguments, try --follow-callbacks

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c db.c", "file": "db.c"}]
//--- db.c
typedef unsigned long size_t;
typedef long ssize_t;
ssize_t read(int fd, void *buf, size_t n);
void *malloc(size_t n);
struct package { char name[32]; int status; struct package *next; };
struct tally { int lines; };
struct package *packages;
struct tally counts;
typedef void line_handler(const char *line, void *arg);
static void count_line(const char *line, void *arg) { counts.lines += line[0]; }
line_handler *other_handler = count_line;
static void add_package(const char *line, void *arg) {
  struct package *p = malloc(sizeof *p);
  for (int i = 0; i < 32; i++)
    p->name[i] = line[i];
  p->next = packages;
  packages = p;
}
static void read_lines(int fd, line_handler *handle, void *arg) {
  char buf[64];
  while (read(fd, buf, sizeof buf) > 0)
    handle(buf, arg);
}
static void for_each_line(int fd, line_handler *cb, void *arg) { read_lines(fd, cb, arg); }
void load_db(int fd) { for_each_line(fd, add_package, 0); }
