// RUN: rm -rf %t && split-file %s %t
// RUN: sed -e 's|@DIR@|%/t|g' %t/cdb.json.in > %t/compile_commands.json
// RUN: %nvmove -p %t --load-function=load --format=json -o %t/report.json
// RUN: FileCheck %s --input-file=%t/report.json
// RUN: %nvmove -p %t --load-function=load --own-input-only=false --format=json -o %t/all-reads.json
// RUN: FileCheck %s --check-prefix=ALL --input-file=%t/all-reads.json

// Loaded data is what the load reads from its own input: the file it is given the path of.
// Two calls below it, read_options() opens another file (a configuration) and reads it into
// 'struct options': that descriptor does not come from anything the load opened or was given,
// so the options are not loaded data. Counting every read below the load (the behaviour
// before this rule, --own-input-only=false) makes them loaded.
// CHECK-LABEL: "types": [
// CHECK-NOT:     "name":
// CHECK:         "name": "record",
// CHECK:         "reason": "loaded-data",
// CHECK-NOT:     "name":
// CHECK-LABEL: "warnings": []

// ALL-LABEL: "types": [
// ALL:         "name": "options",
// ALL:         "name": "record",

//--- cdb.json.in
[{"directory": "@DIR@", "command": "cc -c load.c", "file": "load.c"}]
//--- load.c
typedef unsigned long size_t;
int open(const char *path, int flags);
long read(int fd, void *buf, size_t n);
struct record { long key; long value; };
struct options { int verbose; char theme[32]; };
struct options opts;
static void read_options(struct options *o) {
  int fd = open("/etc/app.conf", 0);
  read(fd, o, sizeof *o);
}
static void warn_once(const char *why) { if (why) read_options(&opts); }
int load(const char *path, struct record *out) {
  int fd = open(path, 0);
  warn_once(fd < 0 ? path : 0);
  return read(fd, out, sizeof *out) > 0;
}
